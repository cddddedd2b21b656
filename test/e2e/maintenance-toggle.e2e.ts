import { expect, test } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

/* Maintenance start and end have their own notification toggle, on by default. */

test('the maintenance toggle is on by default, and turning it off keeps the other choices', async ({ page, launch }) => {
  const app = await launch();
  const toggle = page.getByLabel('Maintenance start and end');
  await expect(toggle).toBeChecked();
  // The severities in the words the dashboard's badges use, never the raw names.
  await expect(page.getByLabel('Minimum severity').getByRole('option')).toHaveText(['Operational', 'Maintenance', 'Minor incident', 'Major outage']);
  await page.getByLabel('Minimum severity').selectOption('major');
  await expect.poll(() => app.core.settings.get().notifications.minSeverity).toBe('major');
  await toggle.uncheck();
  await expect.poll(() => app.core.settings.get().notifications.maintenanceStartEnd).toBe(false);
  expect(app.core.settings.get().notifications).toMatchObject({ enabled: true, minSeverity: 'major' });
  await page.screenshot({ path: screenshotPath('dashboard-notification-choices.png'), clip: { x: 0, y: 0, width: 1280, height: 260 } });
});
