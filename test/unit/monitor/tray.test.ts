import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFS, pauseNotifications } from '../../../shared/monitor/notification-prefs';
import type { PageState } from '../../../shared/monitor/page-state';
import { TRAY_ICON_STATES, decideTray, pageIconState, worstIconState, type TrayIconState, type TrayPage } from '../../../shared/monitor/tray';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const row = (name: string, status: PageState['status'], level: PageState['level'], muted = false): TrayPage => ({
  pageId: `id-${name}`,
  name,
  status,
  level,
  muted,
});
/** A provider's public page (not one of our own). */
const provider = (name: string, status: PageState['status'], level: PageState['level']): TrayPage => ({ ...row(name, status, level), kind: 'provider' });

describe('tray decision', () => {
  it('names exactly five icon states', () => {
    expect(TRAY_ICON_STATES).toEqual(['operational', 'maintenance', 'minor', 'major', 'stale']);
  });

  it('orders them major > minor > stale > maintenance > operational', () => {
    const order: TrayIconState[] = ['operational', 'maintenance', 'stale', 'minor', 'major'];
    for (let i = 0; i < order.length; i++) for (let j = 0; j < order.length; j++) expect(worstIconState([order[i]!, order[j]!])).toBe(order[Math.max(i, j)]);
    expect(worstIconState([])).toBe('operational');
  });

  it('a stale or never-checked page is never shown as operational', () => {
    expect(pageIconState({ status: 'stale', level: 'operational' })).toBe('stale');
    expect(pageIconState({ status: 'pending', level: null })).toBe('stale');
    expect(pageIconState({ status: 'ok', level: 'scheduled' })).toBe('maintenance');
    expect(decideTray({ pages: [row('A', 'stale', 'operational')], prefs: DEFAULT_NOTIFICATION_PREFS, nowMs: NOW }).icon).toBe('stale');
  });

  it('names the pages that need attention, worst first, with a short tooltip', () => {
    const tray = decideTray({
      pages: [row('Acme', 'ok', 'operational'), row('Exo', 'ok', 'minor'), row('Peak', 'ok', 'major'), row('Old', 'stale', 'operational')],
      prefs: DEFAULT_NOTIFICATION_PREFS,
      nowMs: NOW,
    });
    expect(tray.icon).toBe('major');
    expect(tray.tooltip).toBe('Statusdesk: Peak: major outage; Exo: minor incident; Old: not reachable; 1 operational');
    expect(tray.tooltip.length).toBeLessThanOrEqual(127);
  });

  it('all operational, several pages in one state, no pages', () => {
    expect(decideTray({ pages: [row('A', 'ok', 'operational'), row('B', 'ok', 'operational')], prefs: DEFAULT_NOTIFICATION_PREFS, nowMs: NOW }).tooltip).toBe(
      'Statusdesk: all 2 pages operational',
    );
    expect(decideTray({ pages: [row('A', 'stale', 'minor'), row('B', 'pending', null)], prefs: DEFAULT_NOTIFICATION_PREFS, nowMs: NOW }).tooltip).toBe(
      'Statusdesk: A: not reachable; B: checking…',
    );
    const empty = decideTray({ pages: [], prefs: DEFAULT_NOTIFICATION_PREFS, nowMs: NOW });
    expect(empty).toMatchObject({ icon: 'operational', tooltip: 'Statusdesk: no pages watched' });
  });

  it('muted pages are listed but do not colour the icon', () => {
    const tray = decideTray({ pages: [row('Acme', 'ok', 'operational'), row('Noisy', 'ok', 'major', true)], prefs: DEFAULT_NOTIFICATION_PREFS, nowMs: NOW });
    expect(tray.icon).toBe('operational');
    expect(tray.menu[1]).toEqual({ kind: 'page', pageId: 'id-Noisy', label: 'Noisy — Major outage (muted)', state: 'major', muted: true });
  });

  it('builds the menu: pages, poll now, pause for an hour, open, quit', () => {
    const tray = decideTray({ pages: [row('Acme', 'ok', 'scheduled'), row('Exo', 'pending', null)], prefs: DEFAULT_NOTIFICATION_PREFS, nowMs: NOW });
    expect(tray.menu).toEqual([
      { kind: 'page', pageId: 'id-Acme', label: 'Acme — Maintenance', state: 'maintenance', muted: false },
      { kind: 'page', pageId: 'id-Exo', label: 'Exo — Checking…', state: 'stale', muted: false },
      { kind: 'separator' },
      { kind: 'action', action: 'poll_now', label: 'Check all pages now' },
      { kind: 'action', action: 'pause_notifications', label: 'Pause notifications for an hour', durationMs: 3_600_000 },
      { kind: 'separator' },
      { kind: 'action', action: 'open', label: 'Open Statusdesk' },
      { kind: 'action', action: 'quit', label: 'Quit Statusdesk' },
    ]);
  });

  it('offers resume while paused, and says until when', () => {
    const prefs = pauseNotifications(DEFAULT_NOTIFICATION_PREFS, NOW, 3_600_000);
    const tray = decideTray({ pages: [row('Acme', 'ok', 'operational')], prefs, nowMs: NOW });
    expect(tray.tooltip).toBe('Statusdesk: Acme operational (notifications paused until 13:00 UTC)');
    expect(tray.menu).toContainEqual({ kind: 'action', action: 'resume_notifications', label: 'Resume notifications (paused until 13:00 UTC)' });
    const later = decideTray({ pages: [row('Acme', 'ok', 'operational')], prefs, nowMs: NOW + 3_600_001, formatTime: () => 'x' });
    expect(later.menu.some((m) => m.kind === 'action' && m.action === 'pause_notifications')).toBe(true);
  });

  it('our own pages come first: a provider outage never hides that our own pages are down', () => {
    const tray = decideTray({
      pages: [
        provider('Nimbus Cloud', 'ok', 'major'),
        row('Acme', 'stale', 'operational'),
        provider('Exo', 'ok', 'operational'),
        row('Acme EU', 'stale', 'minor'),
      ],
      prefs: DEFAULT_NOTIFICATION_PREFS,
      nowMs: NOW,
    });
    expect(tray.icon).toBe('major');
    expect(tray.tooltip).toBe('Statusdesk: Acme: not reachable; Acme EU: not reachable; Nimbus Cloud: major outage; 1 operational');
  });

  it('a page that stopped answering says when it last did; its menu entry has its level as last known', () => {
    const stale = { ...row('Acme', 'stale', 'operational'), lastSuccessAt: '2025-06-01T11:02:00.000Z' };
    const tray = decideTray({ pages: [stale, row('Exo', 'ok', 'operational')], prefs: DEFAULT_NOTIFICATION_PREFS, nowMs: NOW });
    expect(tray.tooltip).toBe('Statusdesk: Acme: not reachable, last OK 11:02 UTC; 1 operational');
    expect(tray.menu[0]).toMatchObject({ label: 'Acme — Not reachable · last known Operational at 11:02 UTC', state: 'stale' });
    expect(tray.menu[1]).toMatchObject({ label: 'Exo — Operational' });
  });

  it('lists as many problems as fit, then how many more', () => {
    const pages = Array.from({ length: 12 }, (_, i) => row(`Page number ${i + 1}`, 'ok', 'major'));
    const tray = decideTray({ pages, prefs: DEFAULT_NOTIFICATION_PREFS, nowMs: NOW });
    expect(tray.tooltip.length).toBeLessThanOrEqual(127);
    expect(tray.tooltip).toMatch(/^Statusdesk: Page number 1: major outage; Page number 2: major outage; .*; \d+ more$/);
  });

  it('cuts a long tooltip at 127 characters', () => {
    const tray = decideTray({ pages: [row('A very long page name '.repeat(10), 'ok', 'major')], prefs: DEFAULT_NOTIFICATION_PREFS, nowMs: NOW });
    expect(tray.tooltip.length).toBeLessThanOrEqual(127);
    expect(tray.tooltip.endsWith('…')).toBe(true);
  });
});
