import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { parseCsv } from '../../shared/export/csv';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * Old incidents in reach on a page of 1,200 past incidents (every 6 hours back from now): a
 * number opens its incident with one read, a date reads back 100 at a time to the first incident that started
 * that day or before, Search all reads the rest so the search looks through everything, and Export hands over
 * the whole list.
 */

const COUNT = 1_200;
const HOUR = 3_600_000;

test.use({
  simOptions: {
    seed: { large: { services: 20, subscriptions: 0, webhooks: 0, accessGroups: 0, members: 0, incidents: COUNT, maintenances: 0, metrics: 0 } },
    rateLimit: false,
  },
});

const list = (page: Page) => page.getByTestId('incident-list');
const reads = (answered: Array<{ channel: string }>) => answered.filter((a) => a.channel === 'statuspal.read').length;

test('go to an incident by number or to a date, search all, export: each reads no more than it must', async ({ page, sim, launch }) => {
  const app = await launch();
  await addAcmeAccount(app, sim);
  await openScreen(page, /Incidents/);
  await expect(page.getByRole('status').filter({ hasText: 'incidents' })).toHaveText(/^50 of 1,200 incidents/);
  const goTo = page.getByRole('textbox', { name: 'Go to' });

  // A number: opened at once, though the list is 1,100 incidents from it: its read (and the console's check on opening).
  let before = reads(app.answered);
  await goTo.fill('#1150');
  await goTo.press('Enter');
  await expect(page.getByTestId('incident-detail').getByRole('heading', { name: /\(incident 1150\)/ })).toBeVisible();
  expect(reads(app.answered) - before).toBeLessThanOrEqual(2);
  await page
    .getByTestId('incident-detail')
    .getByRole('button', { name: /All incidents/ })
    .click();
  await goTo.fill('#99999');
  await goTo.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'There is no incident #99999 on acme.' })).toBeVisible();

  // A date: the first incident (newest first) that started that day or before, read back 100 at a time.
  const now = sim.now().getTime();
  const startOf = (index: number) => Math.floor((now - (index + 1) * 6 * HOUR) / 1000) * 1000;
  const day = await page.evaluate((ms) => new Date(ms).toLocaleDateString('sv'), startOf(999));
  const end = await page.evaluate((d) => new Date(`${d}T00:00:00`).getTime() + 86_400_000, day);
  const first = Array.from({ length: COUNT }, (_, i) => i).find((i) => startOf(i) < end)!;
  before = reads(app.answered);
  await goTo.fill(day);
  await goTo.press('Enter');
  await expect(
    list(page)
      .getByRole('button')
      .filter({ hasText: `(incident ${first + 1})` }),
  ).toBeFocused();
  // The pages up to it after the first 50, 100 a read (and the next one, which the list reads as it scrolls to a row near its end).
  const needed = Math.ceil((first + 1 - 50) / 100);
  expect(reads(app.answered) - before).toBeGreaterThanOrEqual(needed);
  expect(reads(app.answered) - before).toBeLessThanOrEqual(needed + 1);
  await page.screenshot({ path: screenshotPath('incidents-go-to-date.png') });
  await expectAccessible(page, 'the console after going to a date');

  // The search looks through what is read; Search all reads the rest (100 a read) and finds the oldest.
  const search = page.getByRole('searchbox', { name: 'Search incidents' });
  await search.fill('incident 1199');
  await expect(list(page).getByRole('listitem')).toHaveCount(0);
  await page.getByRole('button', { name: /^Search all \(\d+ more to read\)$/ }).click();
  await expect(list(page).getByRole('listitem').filter({ hasText: '(incident 1199)' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'matching' })).toHaveText(/^1 matching · 1,200 of 1,200 incidents read$/);
  await search.fill('');

  // Export: the whole list, as read.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: 'Export incidents' })
      .click()
      .then(() => page.getByRole('menuitem', { name: 'Export CSV' }).click()),
  ]);
  expect(download.suggestedFilename()).toMatch(/^acme-incidents-\d{4}-\d{2}-\d{2}\.csv$/);
  const { rows } = parseCsv(fs.readFileSync((await download.path())!, 'utf8'));
  expect(rows).toHaveLength(1 + COUNT);
  expect(rows[1]!.cells.slice(1, 3)).toEqual(['major', expect.stringContaining('(incident 1)')]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await goTo.fill('2020-13-45');
  await goTo.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Type an incident’s number (#1234) or a date (2024-03-05).');
  await page.screenshot({ path: screenshotPath('incidents-go-to-dark.png') });
});
