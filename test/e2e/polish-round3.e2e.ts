import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openNewIncident } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * The dark sidebar reaches the window's bottom on a long screen; the toast wraps between
 * words and goes away by itself, but not while it is being read (hover, focus); Dashboard and Administration
 * have different icons. (Administration's Delete in the ⋯ menu is held by admin.e2e.ts.)
 */

/** The colour of one pixel of a PNG, read in a blank page of the same browser (no CSP there). */
async function pixel(context: BrowserContext, png: Buffer, x: number, fromBottom: number): Promise<string> {
  const blank = await context.newPage();
  try {
    return await blank.evaluate(
      async ({ data, x, fromBottom }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context2d = canvas.getContext('2d')!;
        context2d.drawImage(image, 0, 0);
        const [r, g, b] = context2d.getImageData(x, image.height - fromBottom, 1, 1).data;
        return `rgb(${r}, ${g}, ${b})`;
      },
      { data: png.toString('base64'), x, fromBottom },
    );
  } finally {
    await blank.close();
  }
}

const sidebarColour = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector('.sidebar')!).backgroundColor);

test('the sidebar is dark down to the bottom of a screen longer than the window, in light and dark', async ({ page, context, launch }) => {
  await page.setViewportSize({ width: 1200, height: 420 });
  await launch();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('region', { name: 'Updates' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(420 * 1.5);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const shot = await page.screenshot({ fullPage: true, path: screenshotPath(`sidebar-long-screen-${scheme}.png`) });
    expect(await pixel(context, shot, 20, 3), `${scheme}: the bottom of the sidebar's column`).toBe(await sidebarColour(page));
  }
});

test('Dashboard and Administration have different icons', async ({ page, launch }) => {
  await launch();
  const icon = (name: string) =>
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name, exact: true })
      .locator('svg')
      .evaluate((svg) => svg.innerHTML);
  expect(await icon('Dashboard')).not.toBe(await icon('Administration'));
});

test('the toast wraps between words, goes away by itself, and stays while hovered or focused', async ({ page, sim, launch }) => {
  await page.clock.install();
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  const dialog = await openNewIncident(page);
  const title = 'Elevated error rates on the checkout API for card payments in every region and on every device';
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Message', { exact: true }).fill('Investigating.');
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  const toast = page.getByTestId('write-status');
  const state = toast.getByTestId('write-state').first();
  await expect(state).toHaveText('Sent');
  // "Sent" on one line: never broken inside the word.
  const lines = await state.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  await toast.screenshot({ path: screenshotPath('toast-sent.png') });

  // Hovered, it stays however long; left alone, it goes.
  await toast.hover();
  await page.clock.runFor(30_000);
  await expect(state).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(10_000);
  await expect(toast.getByTestId('write-state')).toHaveCount(0);

  // A failed write stays longer, and goes too; focus inside keeps it.
  sim.setFaults({ pathPrefix: '/status_pages/acme/incidents', method: 'POST', errorRates: { 422: 1 } });
  await openNewIncident(page);
  await dialog.getByLabel('Title', { exact: true }).fill('Search is slow');
  await dialog.getByLabel('Message', { exact: true }).fill('Investigating.');
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(state).toContainText('Failed');
  // The pointer was left where the toast now is (the editor's button): away from it, the clock runs.
  await page.mouse.move(0, 0);
  await page.clock.runFor(10_000);
  await expect(state).toContainText('Failed');
  await toast.getByRole('button', { name: 'Open the Outbox' }).focus();
  await page.clock.runFor(30_000);
  await expect(state).toContainText('Failed');
  await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(25_000);
  await expect(toast.getByTestId('write-state')).toHaveCount(0);
});
