/*
 * The screens by name, in sidebar order, without what draws them: what the navigation needs to know of a screen
 * (which exist, which is first, what to call one it waits for). screens.ts adds each one's icon and component;
 * kept apart so that a component that opens a screen does not import every screen.
 */

export const SCREEN_NAMES = [
  { id: 'dashboard', group: 'main', label: 'Dashboard' },
  { id: 'incidents', group: 'main', label: 'Incidents' },
  { id: 'outbox', group: 'main', label: 'Outbox' },
  { id: 'history', group: 'main', label: 'Notifications' },
  { id: 'admin', group: 'main', label: 'Administration' },
  { id: 'settings', group: 'main', label: 'Settings' },
  { id: 'translation', group: 'tools', label: 'Translation' },
  { id: 'operations', group: 'tools', label: 'Operations' },
] as const;

export type ScreenId = (typeof SCREEN_NAMES)[number]['id'];
