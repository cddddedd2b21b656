import { z } from 'zod';
import { notificationsPausedAt, type NotificationPrefs } from './notification-prefs';
import { capitalize, oneLine } from './notification-text';
import type { PageState } from './page-state';
import { levelLabel, severityOfLevel } from './severity';

/*
 * The tray as plain data: the Electron adapter only maps it to nativeImage and Menu.
 *
 * Precedence of the icon: major > minor > stale > maintenance > operational. A known incident
 * is worse than not knowing (it needs action now), but not knowing is worse than a planned
 * maintenance: a stale page may hide an outage, so it must never look calm. A page not yet
 * checked counts as stale (unknown is not operational). Muted pages are listed in the menu but
 * do not colour the icon: muting says "I do not want this page to call for my attention".
 */

export const TRAY_ICON_STATES = ['operational', 'maintenance', 'minor', 'major', 'stale'] as const;

export const trayIconStateSchema = z.enum(TRAY_ICON_STATES);

export type TrayIconState = z.infer<typeof trayIconStateSchema>;

export const TRAY_PRECEDENCE: Readonly<Record<TrayIconState, number>> = { operational: 0, maintenance: 1, stale: 2, minor: 3, major: 4 };

export const PAUSE_FOR_AN_HOUR_MS = 60 * 60 * 1000;

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

export interface TrayDecisionInput {
  pages: readonly Pick<PageState, 'pageId' | 'name' | 'status' | 'level' | 'muted'>[];
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
  return levelLabel(page.level ?? 'operational');
}

const COUNT_WORDS: Record<TrayIconState, string> = {
  major: 'major outage',
  minor: 'minor incident',
  stale: 'not reachable',
  maintenance: 'in maintenance',
  operational: 'operational',
};

function defaultFormatTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(11, 16)} UTC`;
}

export function decideTray(input: TrayDecisionInput): TrayModel {
  const format = input.formatTime ?? defaultFormatTime;
  const audible = input.pages.filter((p) => !p.muted);
  const states = audible.map(pageIconState);
  const icon = worstIconState(states);

  let summary: string;
  if (input.pages.length === 0) summary = 'no pages watched';
  else if (audible.length === 0) summary = 'all pages muted';
  else if (icon === 'operational') summary = audible.length === 1 ? `${audible[0]!.name} operational` : `all ${audible.length} pages operational`;
  else {
    const worst = audible.filter((_, i) => states[i] === icon);
    const head = worst.length === 1 ? `${worst[0]!.name}: ${stateText(worst[0]!)}` : `${worst.length} pages ${COUNT_WORDS[icon]}`;
    const others = audible.length - worst.length;
    summary = others > 0 ? `${head}; ${others} other${others === 1 ? '' : 's'}` : head;
  }
  const paused = notificationsPausedAt(input.prefs, input.nowMs);
  const pausedUntil = paused ? Date.parse(input.prefs.pausedUntil as string) : null;
  let tooltip = `Statusdesk: ${summary}`;
  if (pausedUntil !== null) tooltip += ` (notifications paused until ${format(pausedUntil)})`;
  else if (!input.prefs.enabled) tooltip += ' (notifications off)';

  const menu: TrayMenuItem[] = input.pages.map((p) => ({
    kind: 'page' as const,
    pageId: p.pageId,
    label: `${p.name} — ${capitalize(stateText(p))}${p.muted ? ' (muted)' : ''}`,
    state: pageIconState(p),
    muted: p.muted,
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
