import net from 'node:net';
import type { Locator } from '@playwright/test';
import { startOperationsSimulator } from '../../simulators/operations';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, goTo } from './support/navigation';
import { MAIN_SCREENS } from './support/screens';
import { screenshotPath } from './support/screenshots';

/* The polish a new user meets on the first day: wording, wrapping and widths. */

test.use({ simOptions: { seed: 'demo' } });

/** How many line boxes the element's text takes. */
const linesOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    ).size;
  });

/** Sentences of the screen's text that appear more than once. */
const repeatedSentences = (scope: Locator) =>
  scope.evaluate((el) => {
    const sentences = (el as HTMLElement).innerText
      .split(/(?<=[.!?])\s+|\n+/)
      .map((s) => s.trim())
      .filter((s) => s.split(/\s+/).length >= 5);
    return sentences.filter((s, i) => sentences.indexOf(s) !== i);
  });

test('the account form suggests the /api/v2 an address lacks, with a one-click fix, and saves nothing until then', async ({ page, sim, app }) => {
  await goTo(page, 'Settings', 'Settings');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  const form = page.getByRole('form', { name: 'Add account' });
  await form.getByLabel('Name').fill('Acme production');
  await form.getByLabel('Custom base URL').check();
  const baseUrl = form.getByLabel('Base URL', { exact: true });
  await baseUrl.fill(`${sim.origin}/`);
  await form.getByLabel('Page subdomain').fill('acme');
  await expect(form.getByTestId('base-url-suggestion')).toContainText(`Did you mean ${sim.baseUrl}?`);
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(baseUrl).toHaveAccessibleDescription('A Status Page API address ends in /api/v2.');
  expect(app.core.accounts.records()).toHaveLength(0);
  await page.screenshot({ path: screenshotPath('polish-account-base-url.png') });

  await form.getByRole('button', { name: 'Use this address' }).click();
  await expect(baseUrl).toHaveValue(sim.baseUrl);
  await expect(baseUrl).toBeFocused();
  await expect(form.getByTestId('base-url-suggestion')).toBeHidden();
  await form.getByRole('button', { name: 'Save account' }).click();
  const card = page.getByRole('article', { name: 'Account Acme production' });
  await expect(card).toBeVisible();
  expect(app.core.accounts.records()[0]!.baseUrl).toBe(sim.baseUrl);

  // A working connection is said once: "Connected to …", not "Connected: Connected to …".
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByTestId('connection-result')).toContainText('Connected to "acme"');
  await expect(card.getByTestId('connection-result')).not.toContainText('Connected: ');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('polish-account-connected.png') });
});

test('Operations: the token command never breaks inside a word, and no sentence is said twice', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1000, height: 900 });
  const operations = await startOperationsSimulator({ operations: [] });
  try {
    await goTo(page, 'Operations', 'Operations');
    const command = page.getByTestId('ops-token-command');
    await expect(command).toHaveText('gcloud auth print-access-token');
    for (const word of await command.locator('span').all()) expect(await linesOf(word), await word.innerText()).toBe(1);
    expect(await repeatedSentences(page.locator('main'))).toEqual([]);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: screenshotPath('polish-operations.png'), fullPage: true });

    // A pasted token: the card says how long it is kept, once.
    await page.getByRole('button', { name: 'Edit settings' }).click();
    await page.getByRole('form', { name: 'Operations service settings' }).getByLabel('Service address').fill(operations.baseUrl);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByLabel(/For this session only/).fill(operations.issueAccessToken());
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('ops-active-source')).toHaveText(/A pasted token, for this session only/);
    await expect(page.getByText(/kept in memory until Statusdesk quits/)).toHaveCount(1);
    expect(await repeatedSentences(page.locator('main'))).toEqual([]);
    await page.screenshot({ path: screenshotPath('polish-operations-pasted.png'), fullPage: true });
  } finally {
    await operations.close();
  }
});

test('every screen has the same content width', async ({ page, sim, app }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await addAcmeAccount(app, sim, 'Acme');
  const widths: Record<string, number> = {};
  for (const [label, heading] of MAIN_SCREENS) {
    await goTo(page, label, heading);
    widths[heading] = await page
      .locator('main section.page')
      .first()
      .evaluate((el) => Math.round(el.getBoundingClientRect().width));
  }
  expect(new Set(Object.values(widths)), JSON.stringify(widths)).toEqual(new Set([widths.Dashboard]));
});

test('"Try again" stays on one line beside a long error', async ({ page, app }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  // A translation service address where nothing listens: the languages list cannot load.
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as net.AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await app.core.translation.updateSettings({ baseUrl: `http://127.0.0.1:${port}` });
  await goTo(page, 'Translation', 'Translation');
  const banner = page.getByRole('alert').filter({ hasText: 'The languages list could not be loaded' });
  const retry = banner.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  expect(await linesOf(retry)).toBe(1);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('polish-try-again.png') });
});

test('the empty dashboard offers the demo, which starts beside the app and says so', async ({ page, launch }) => {
  let demoStarts = 0;
  let refuse = false;
  await launch({
    ports: {
      openDemo: async () => {
        if (refuse) throw new Error('The demo could not start: spawn ENOENT');
        demoStarts++;
      },
    },
  });
  await expect(page.getByRole('heading', { name: 'No pages watched yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Try the demo' }).click();
  await expect(page.getByTestId('demo-started')).toHaveText('The demo is starting in a window of its own.');
  expect(demoStarts).toBe(1);
  await page.screenshot({ path: screenshotPath('dashboard-empty-demo.png') });
  // A demo that cannot start says why.
  refuse = true;
  await page.getByRole('button', { name: 'Try the demo' }).click();
  await expect(page.getByRole('alert')).toContainText('The demo could not start');
  await expect(page.getByTestId('demo-started')).toHaveCount(0);
});
