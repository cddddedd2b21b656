import { z } from 'zod';
import { notificationsPausedAt, type NotificationPrefs } from './notification-prefs';
import { capitalize, oneLine } from './notification-text';
import type { PageState } from './page-state';
import type { BaseLevel } from '../statuspal/levels';
import { severityOfLevel } from './severity';
import { levelInSentence } from '../people-words/level-words';

/*
 * The tray as plain data: the Electron adapter only maps it to nativeImage and Menu.
 *
 * Precedence of the icon: major > minor > stale > maintenance > operational. A known incident
 * is worse than not knowing (it needs action now), but not knowing is worse than a planned
 * maintenance: a stale page may hide an outage, so it must never look calm. A page not yet
 * checked counts as stale (unknown is not operational). Muted pages are listed in the menu but
 * do not colour the icon: muting says "I do not want this page to call for my attention". A snoozed page is
 * quiet the same way until its snooze ends, and the tooltip says only how many are snoozed, never their
 * outage; a page with some incidents or services snoozed is heard at the level of the rest (`heardLevel`).
 *
 * The tooltip names the pages that need attention, our own pages (those of the Status Page API, not a
 * provider's public page) first, then the worst first: a provider's outage must never hide that our own
 * page is down. A page that stopped answering says when it last answered; its menu entry gives the level
 * it had then, as last known.
 */

export const TRAY_ICON_STATES = ['operational', 'maintenance', 'minor', 'major', 'stale'] as const;

export const trayIconStateSchema = z.enum(TRAY_ICON_STATES);

export type TrayIconState = z.infer<typeof trayIconStateSchema>;

export const TRAY_PRECEDENCE: Readonly<Record<TrayIconState, number>> = { operational: 0, maintenance: 1, stale: 2, minor: 3, major: 4 };

const PAUSE_FOR_AN_HOUR_MS = 60 * 60 * 1000;

export type TrayAction = 'poll_now' | 'pause_notifications' | 'resume_notifications' | 'open' | 'quit';

export type TrayMenuItem =
  | { kind: 'page'; pageId: string; label: string; state: TrayIconState; muted: boolean }
  | { kind: 'separator' }
  | { kind: 'action'; action: TrayAction; label: string; durationMs?: number };

export interface TrayModel {
  icon: TrayIconState;
  /** Short enough for every platform (Windows cuts at 127 characters). */
  tooltip: string;
  menu: TrayMenuItem[];
}

export type TrayPage = Pick<PageState, 'pageId' | 'name' | 'status' | 'level' | 'muted'> &
  Partial<Pick<PageState, 'kind' | 'lastSuccessAt'>> & {
    /** Snoozed as a whole until then (epoch ms): listed, but neither colouring the icon nor named in the tooltip. */
    snoozedUntil?: number;
    /** The level without what a snooze quiets, when that is lower (the icon and tooltip use it; the menu the level). */
    heardLevel?: BaseLevel;
  };

interface TrayDecisionInput {
  pages: readonly TrayPage[];
  prefs: NotificationPrefs;
  nowMs: number;
  /** Formats the pause end for the menu; default `HH:MM UTC`. */
  formatTime?: (epochMs: number) => string;
}

const MAX_TOOLTIP = 127;

export function pageIconState(page: Pick<PageState, 'status' | 'level'>): TrayIconState {
  if (page.status !== 'ok' || page.level === null) return 'stale';
  return severityOfLevel(page.level);
}

export function worstIconState(states: Iterable<TrayIconState>): TrayIconState {
  let worst: TrayIconState = 'operational';
  for (const state of states) if (TRAY_PRECEDENCE[state] > TRAY_PRECEDENCE[worst]) worst = state;
  return worst;
}

function stateText(page: Pick<PageState, 'status' | 'level'>): string {
  if (page.status === 'pending') return 'checking…';
  if (page.status === 'stale') return 'not reachable';
  return levelInSentence(page.level ?? 'operational');
}

/** When a page that stopped answering last answered, or null (it never did, or it answers). */
function lastOk(page: TrayPage): number | null {
  if (page.status !== 'stale' || !page.lastSuccessAt) return null;
  const at = Date.parse(page.lastSuccessAt);
  return Number.isNaN(at) ? null : at;
}

/** "Acme: not reachable, last OK 14:02 UTC" / "Nimbus Cloud: major outage". */
function problemText(page: TrayPage, format: (epochMs: number) => string): string {
  const since = lastOk(page);
  return `${page.name}: ${stateText(page)}${since === null ? '' : `, last OK ${format(since)}`}`;
}

/** "Acme — Not reachable · last known Operational at 14:02 UTC". */
function menuLabel(page: TrayPage, format: (epochMs: number) => string): string {
  const since = lastOk(page);
  const known = since !== null && page.level !== null ? ` · last known ${capitalize(levelInSentence(page.level))} at ${format(since)}` : '';
  const quiet = page.muted
    ? ' (muted)'
    : page.snoozedUntil !== undefined
      ? ` (snoozed until ${format(page.snoozedUntil)})`
      : page.heardLevel !== undefined
        ? ' (partly snoozed)'
        : '';
  return `${page.name} — ${capitalize(stateText(page))}${known}${quiet}`;
}

/** The page as the icon and tooltip hear it: at the level of what no snooze quiets. */
const heard = (page: TrayPage): TrayPage => (page.heardLevel === undefined ? page : { ...page, level: page.heardLevel });

/** "1 page snoozed until 15:30" / "3 pages snoozed, the first until 15:30": how many, never which outage. */
function snoozedText(pages: readonly TrayPage[], format: (epochMs: number) => string): string {
  if (pages.length === 0) return '';
  const first = format(Math.min(...pages.map((page) => page.snoozedUntil ?? Infinity)));
  return pages.length === 1 ? `1 page snoozed until ${first}` : `${pages.length} pages snoozed, the first until ${first}`;
}

const isOwn = (page: TrayPage) => page.kind !== 'provider';

/** The pages to name in the tooltip: our own pages first, then the worst first, else in the user's order. */
function problemsFirst(pages: readonly TrayPage[]): TrayPage[] {
  return pages
    .map((page, index) => ({ page, index, rank: TRAY_PRECEDENCE[pageIconState(page)] }))
    .filter((entry) => entry.rank > TRAY_PRECEDENCE.operational)
    .sort((a, b) => Number(isOwn(b.page)) - Number(isOwn(a.page)) || b.rank - a.rank || a.index - b.index)
    .map((entry) => entry.page);
}

/** As many problems as fit in `room` characters, then how many more there are. */
function listWithin(texts: readonly string[], room: number): string {
  const shown: string[] = [];
  for (const [index, text] of texts.entries()) {
    const left = texts.length - index - 1;
    const candidate = [...shown, text].join('; ') + (left > 0 ? `; ${left} more` : '');
    if (shown.length > 0 && candidate.length > room) break;
    shown.push(text);
  }
  const more = texts.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; ${more} more` : '');
}

function defaultFormatTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(11, 16)} UTC`;
}

export function decideTray(input: TrayDecisionInput): TrayModel {
  const format = input.formatTime ?? defaultFormatTime;
  const audible = input.pages.filter((p) => !p.muted && p.snoozedUntil === undefined).map(heard);
  const snoozed = snoozedText(
    input.pages.filter((p) => !p.muted && p.snoozedUntil !== undefined),
    format,
  );
  const states = audible.map(pageIconState);
  const icon = worstIconState(states);

  const paused = notificationsPausedAt(input.prefs, input.nowMs);
  const pausedUntil = paused ? Date.parse(input.prefs.pausedUntil as string) : null;
  const suffix = pausedUntil !== null ? ` (notifications paused until ${format(pausedUntil)})` : !input.prefs.enabled ? ' (notifications off)' : '';
  const prefix = 'Statusdesk: ';

  let summary: string;
  if (input.pages.length === 0) summary = 'no pages watched';
  else if (audible.length === 0) summary = snoozed || 'all pages muted';
  else if (icon === 'operational')
    summary = (audible.length === 1 ? `${audible[0]!.name} operational` : `all ${audible.length} pages operational`) + (snoozed ? `; ${snoozed}` : '');
  else {
    const problems = problemsFirst(audible);
    const calm = audible.length - problems.length;
    const tail = (calm > 0 ? `; ${calm} operational` : '') + (snoozed ? `; ${snoozed}` : '');
    summary = listWithin(
      problems.map((page) => problemText(page, format)),
      MAX_TOOLTIP - prefix.length - suffix.length - tail.length,
    );
    summary += tail;
  }
  const tooltip = `${prefix}${summary}${suffix}`;

  const menu: TrayMenuItem[] = input.pages.map((p) => ({
    kind: 'page' as const,
    pageId: p.pageId,
    label: menuLabel(p, format),
    state: pageIconState(p),
    // A snoozed page's entry reads as quiet, as a muted one does; it still gives the page's level.
    muted: p.muted || p.snoozedUntil !== undefined,
  }));
  if (menu.length > 0) menu.push({ kind: 'separator' });
  menu.push({ kind: 'action', action: 'poll_now', label: 'Check all pages now' });
  menu.push(
    pausedUntil !== null
      ? { kind: 'action', action: 'resume_notifications', label: `Resume notifications (paused until ${format(pausedUntil)})` }
      : { kind: 'action', action: 'pause_notifications', label: 'Pause notifications for an hour', durationMs: PAUSE_FOR_AN_HOUR_MS },
  );
  menu.push({ kind: 'separator' }, { kind: 'action', action: 'open', label: 'Open Statusdesk' }, { kind: 'action', action: 'quit', label: 'Quit Statusdesk' });
  return { icon, tooltip: oneLine(tooltip, MAX_TOOLTIP), menu };
}
