/**
 * The command palette's list: every screen, every watched page, the worst open incident of each, and
 * the app's actions, each with what it does. Built from plain inputs and callbacks, so the list and its words
 * are tested without a window.
 */
export interface PaletteCommand {
  id: string;
  label: string;
  /** What kind of thing it is, shown beside it (Screen, Page, Incident, Action). */
  group: 'Action' | 'Screen' | 'Page' | 'Incident';
  /** Its single-key or chord shortcut, when it has one. */
  keys?: string;
  run: () => void | Promise<void>;
}

/** `Screen`: the screens' ids, handed back to `goTo` as they came. */
export interface PaletteInputs<Screen extends string = string> {
  screens: readonly { id: Screen; label: string }[];
  /** The watched pages, with the title of each one's worst open incident (null when none). */
  pages: readonly { id: string; name: string; worstIncidentTitle: string | null }[];
  compact: boolean;
  /** Notifications are paused (muted) now. */
  paused: boolean;
  keys: { search: string; newIncident: string; help: string };
}

export interface PaletteActions<Screen extends string = string> {
  goTo(screen: Screen): void;
  openPage(pageId: string): void;
  newIncident(): void;
  searchIncidents(): void;
  checkAllNow(): Promise<void>;
  setCompact(compact: boolean): void;
  pauseNotifications(minutes: number): Promise<void>;
  resumeNotifications(): Promise<void>;
  showShortcuts(): void;
}

export function paletteCommands<Screen extends string>(inputs: PaletteInputs<Screen>, actions: PaletteActions<Screen>): PaletteCommand[] {
  const commands: PaletteCommand[] = [
    { id: 'new-incident', label: 'New incident', group: 'Action', keys: inputs.keys.newIncident, run: () => actions.newIncident() },
    { id: 'search-incidents', label: 'Search incidents', group: 'Action', keys: inputs.keys.search, run: () => actions.searchIncidents() },
    { id: 'check-all', label: 'Check all pages now', group: 'Action', run: () => actions.checkAllNow() },
    {
      id: 'toggle-compact',
      label: inputs.compact ? 'Show the dashboard as cards' : 'Show the dashboard as a compact list',
      group: 'Action',
      run: () => actions.setCompact(!inputs.compact),
    },
    inputs.paused
      ? { id: 'resume', label: 'Resume notifications', group: 'Action', run: () => actions.resumeNotifications() }
      : { id: 'mute-hour', label: 'Mute notifications for 1 hour', group: 'Action', run: () => actions.pauseNotifications(60) },
    { id: 'shortcuts', label: 'Keyboard shortcuts', group: 'Action', keys: inputs.keys.help, run: () => actions.showShortcuts() },
  ];
  for (const screen of inputs.screens) {
    commands.push({ id: `screen:${screen.id}`, label: `Go to ${screen.label}`, group: 'Screen', run: () => actions.goTo(screen.id) });
  }
  for (const page of inputs.pages) {
    commands.push({ id: `page:${page.id}`, label: `Go to page ${page.name}`, group: 'Page', run: () => actions.openPage(page.id) });
  }
  for (const page of inputs.pages) {
    if (page.worstIncidentTitle === null) continue;
    // Found by its title: the page's card opens on the dashboard, where its incidents are posted to.
    commands.push({ id: `incident:${page.id}`, label: `${page.worstIncidentTitle} (${page.name})`, group: 'Incident', run: () => actions.openPage(page.id) });
  }
  return commands;
}
