import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { decideTray, TRAY_ICON_STATES } from '../../../shared/monitor/tray';
import { DEFAULT_NOTIFICATION_PREFS } from '../../../shared/monitor/notification-prefs';
import { trayIconFile, trayMenuTemplate } from '../../../electron/core/desktop/tray-menu';
import { trayWithOutbox } from '../../../electron/core/desktop/tray-with-outbox';
import { repoRoot } from '../../support/paths';

describe('tray menu', () => {
  const model = decideTray({
    pages: [
      { pageId: 'a', name: 'Acme', status: 'ok', level: 'major', muted: false },
      { pageId: 'b', name: 'Globex', status: 'stale', level: 'operational', muted: true },
    ],
    prefs: DEFAULT_NOTIFICATION_PREFS,
    nowMs: Date.parse('2026-11-22T10:00:00Z'),
  });

  it('lists each page with its level and runs the actions', () => {
    const openPage = vi.fn();
    const run = vi.fn();
    const template = trayMenuTemplate(model, { openPage, run });
    expect(template[0]!.label).toMatch(/^✖ Acme — Major outage/);
    expect(template[1]!.label).toMatch(/^○ Globex — Not reachable \(muted\)/);
    template[0]!.click!();
    expect(openPage).toHaveBeenCalledWith('a');
    template.find((item) => item.label === 'Pause notifications for an hour')!.click!();
    expect(run).toHaveBeenCalledWith('pause_notifications', 3_600_000);
    expect(template.some((item) => item.type === 'separator')).toBe(true);
    expect(model.icon).toBe('major');
  });

  it('has an icon file, in two densities, for each of the five states', () => {
    for (const state of TRAY_ICON_STATES) {
      const file = path.join(repoRoot, 'resources/icons', trayIconFile(state));
      expect(fs.existsSync(file), file).toBe(true);
      expect(fs.existsSync(file.replace('.png', '@2x.png'))).toBe(true);
    }
  });
});

describe('tray with the outbox', () => {
  const base = decideTray({
    pages: [{ pageId: 'a', name: 'Acme', status: 'ok', level: 'operational', muted: false }],
    prefs: DEFAULT_NOTIFICATION_PREFS,
    nowMs: 0,
  });
  const status = (pending: number, failed = 0, overall: 'online' | 'offline' = 'online') => ({
    pending,
    inFlight: 0,
    failed,
    conflicts: 0,
    sent: 0,
    connectivity: { network: overall === 'online', overall, servers: [] },
  });

  it('is unchanged when nothing waits', () => {
    expect(trayWithOutbox(base, null)).toBe(base);
    expect(trayWithOutbox(base, status(0))).toBe(base);
  });

  it('shows waiting and failed writes in the tooltip and as a menu entry that opens the window', () => {
    const model = trayWithOutbox(base, status(3, 1, 'offline'));
    expect(model.icon).toBe(base.icon);
    expect(model.tooltip).toMatch(/3 writes waiting \(offline\), 1 needs attention/);
    const entry = model.menu.find((item) => item.kind === 'action' && item.label.startsWith('Outbox:'));
    expect(entry).toMatchObject({ action: 'open' });
    expect(model.tooltip.length).toBeLessThanOrEqual(127);
  });
});
