import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_NOTIFICATION_PREFS } from '../../shared/monitor/notification-prefs';
import { decideTray, TRAY_ICON_STATES, type TrayIconState, type TrayPage } from '../../shared/monitor/tray';
import { trayIconFile, trayMenuTemplate } from '../../electron/core/desktop/tray-menu';
import { repoRoot } from '../support/paths';
import { screenshotPath } from './support/screenshots';

/** For each tray state, pages that produce it: the tray model is computed, not drawn by hand. */
const SCENES: Record<TrayIconState, TrayPage[]> = {
  operational: [
    { pageId: 'a', name: 'Acme', status: 'ok', level: 'operational', muted: false },
    { pageId: 'b', name: 'Acme EU', status: 'ok', level: 'operational', muted: false },
  ],
  maintenance: [
    { pageId: 'a', name: 'Acme', status: 'ok', level: 'scheduled', muted: false },
    { pageId: 'b', name: 'Acme EU', status: 'ok', level: 'operational', muted: false },
  ],
  minor: [
    { pageId: 'a', name: 'Acme', status: 'ok', level: 'operational', muted: false },
    { pageId: 'b', name: 'Acme EU', status: 'ok', level: 'minor', muted: false },
  ],
  major: [
    { pageId: 'a', name: 'Acme', status: 'ok', level: 'major', muted: false },
    { pageId: 'b', name: 'Acme EU', status: 'ok', level: 'minor', muted: false },
  ],
  stale: [
    // Stopped answering at 09:58: its level is told as last known.
    { pageId: 'a', name: 'Acme', status: 'stale', level: 'operational', muted: false, lastSuccessAt: '2026-11-22T09:58:00.000Z' },
    { pageId: 'b', name: 'Acme EU', status: 'ok', level: 'scheduled', muted: false },
  ],
};

function iconData(state: TrayIconState): string {
  const file = path.join(repoRoot, 'resources/icons', trayIconFile(state).replace('.png', '@2x.png'));
  return `data:image/png;base64,${fs.readFileSync(file).toString('base64')}`;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

test('the five tray states: icon, tooltip and menu from the real tray model', async ({ page }) => {
  const columns = TRAY_ICON_STATES.map((state) => {
    const model = decideTray({ pages: SCENES[state], prefs: DEFAULT_NOTIFICATION_PREFS, nowMs: Date.parse('2026-11-22T10:00:00Z') });
    expect(model.icon).toBe(state);
    const items = trayMenuTemplate(model, { openPage: () => undefined, run: () => undefined })
      .map((item) => (item.type === 'separator' ? '<hr>' : `<div class="item">${escape(item.label ?? '')}</div>`))
      .join('');
    return `<section data-state="${state}"><h2><img src="${iconData(state)}" width="32" height="32" alt=""> ${state}</h2>
      <p class="tip">${escape(model.tooltip)}</p><div class="menu">${items}</div></section>`;
  }).join('');
  await page.setViewportSize({ width: 1500, height: 420 });
  await page.setContent(`<!doctype html><html><head><style>
    body { font-family: 'DejaVu Sans', sans-serif; background: #f6f7f9; margin: 16px; display: flex; gap: 12px; }
    section { background: #fff; border: 1px solid #dde2e8; border-radius: 10px; padding: 12px; width: 280px; font-size: 12px; }
    h2 { display: flex; align-items: center; gap: 8px; font-size: 15px; margin: 0 0 8px; text-transform: capitalize; }
    .tip { background: #111827; color: #fff; padding: 6px 8px; border-radius: 6px; }
    .menu { border: 1px solid #dde2e8; border-radius: 6px; padding: 4px 0; }
    .item { padding: 4px 10px; } hr { border: 0; border-top: 1px solid #dde2e8; margin: 4px 0; }
  </style></head><body>${columns}</body></html>`);
  await expect(page.locator('section')).toHaveCount(5);
  await page.screenshot({ path: screenshotPath('tray-states.png') });
});
