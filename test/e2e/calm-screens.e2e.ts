import type { Locator, Page } from '@playwright/test';
import { startOperationsSimulator } from '../../simulators/operations';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, goTo, openNewIncident } from './support/navigation';
import { queueRefusedWrite } from './support/refused-write';

/*
 * Calm screens, in both themes: the critical banner is one line until opened, the Operations guide waits behind
 * "How this works" and every greyed-out action says why beside it, a search box says what it searches, the
 * account card's check is one line with its steps folded, a metric point's actions wait in its ⋯ menu, and the
 * Watch a page and New incident forms show what is needed first.
 */

/** How opaque an element is as drawn: its own opacity times every ancestor's. */
function drawnOpacity(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  });
}

/** One line of text in the element's own font, in pixels. */
function lineHeight(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return style.lineHeight === 'normal' ? Number.parseFloat(style.fontSize) * 1.4 : Number.parseFloat(style.lineHeight);
  });
}

/** The visible words each disabled button of `scope` points to with aria-describedby; '' where it points to none. */
async function reasonsOfDisabled(page: Page, scope: Locator): Promise<Record<string, string>> {
  const reasons: Record<string, string> = {};
  for (const button of await scope.locator('button:disabled').all()) {
    if (!(await button.isVisible())) continue;
    const ids = ((await button.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
    const words: string[] = [];
    for (const id of ids) {
      const described = page.locator(`[id="${id}"]`);
      if (await described.isVisible()) words.push((await described.innerText()).trim());
    }
    reasons[(await button.innerText()).trim()] = words.join(' ');
  }
  return reasons;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the critical banner is one line (level, what, since when, Acknowledge) until Details opens it', async ({ page, sim, launch }) => {
      const app = await launch();
      await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
      await app.core.monitor.pollNow();
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [5], message: 'Writes are failing.' });
      await app.core.monitor.pollNow();
      const alert = page.getByRole('region', { name: 'Critical alerts to acknowledge' }).getByRole('alert');
      await expect(alert).toContainText('Database unavailable');

      // One line: no taller than a button's row, and the one action on it.
      const title = alert.locator('.critical-title');
      const oneLine = (await title.boundingBox())!.height;
      expect(oneLine).toBeLessThanOrEqual((await lineHeight(title)) + 1);
      const acknowledge = alert.getByRole('button', { name: 'Acknowledge Acme: Major outage: Database unavailable' });
      expect((await alert.boundingBox())!.height).toBeLessThan((await acknowledge.boundingBox())!.height + 20);
      await expect(alert.getByText('Writes are failing.')).toBeHidden();
      await expect(alert.getByRole('button', { name: 'Show on the dashboard' })).toBeHidden();
      await expect(alert.locator('.state-dot')).toHaveCount(1);
      await expectAccessible(page, `the critical banner, one line, ${colorScheme}`);

      const details = alert.getByRole('button', { name: 'Details' });
      await expect(details).toHaveAttribute('aria-expanded', 'false');
      await details.click();
      await expect(alert.getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
      await expect(alert.getByText('Writes are failing.')).toBeVisible();
      await alert.getByRole('button', { name: 'Show on the dashboard' }).click();
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expectAccessible(page, `the critical banner, opened, ${colorScheme}`);
    });

    test('Operations folds its guide behind "How this works", and a greyed-out action says why beside it', async ({ page, launch }) => {
      const ops = await startOperationsSimulator({ operations: [] });
      try {
        await launch();
        await goTo(page, 'Operations', 'Operations');
        const guide = page.getByTestId('ops-setup-guide');
        await expect(guide.getByText('How this works')).toBeVisible();
        await expect(guide.locator('details')).toHaveJSProperty('open', false);
        await expect(guide.getByRole('listitem').first()).toBeHidden();

        // Nothing set up: each disabled action carries its reason, and the reason is on screen.
        const main = page.getByRole('main');
        expect(await reasonsOfDisabled(page, main)).toEqual({
          'Sign in with Google': 'Set the Desktop-app OAuth client id and secret under Service first (“How this works” above says how).',
          'Forget operations': 'Choose how to get access above first.',
        });
        // Use token is not greyed out: pressed with nothing pasted, it says what is missing.
        const token = page.getByRole('form', { name: 'Paste an access token' });
        await token.getByRole('button', { name: 'Use token' }).click();
        await expect(token.getByText('Paste a token first.')).toBeVisible();
        await expect(token.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
        await expectAccessible(page, `Operations before set-up, ${colorScheme}`);

        // Set up (the service and its OAuth client): the guide stays folded, sign-in is on, and with access
        // the empty list of names is what the forget button waits for, said beside it.
        await page.getByRole('button', { name: 'Edit settings' }).click();
        const form = page.getByRole('form', { name: 'Operations service settings' });
        await form.getByLabel('Service address').fill(ops.baseUrl);
        await form.getByLabel('Google OAuth client id').fill(ops.oauth.clientId);
        await form.getByLabel(/Client secret/).fill(ops.oauth.clientSecret!);
        await form.getByRole('button', { name: 'Save settings' }).click();
        await expect(page.getByText('Settings saved.')).toBeVisible();
        await expect(guide.locator('details')).toHaveJSProperty('open', false);
        await token.getByRole('textbox').fill('ya29.calm-screens-token');
        await token.getByRole('button', { name: 'Use token' }).click();
        await expect(page.getByTestId('ops-active-source')).toHaveText(/pasted token/);
        expect(await reasonsOfDisabled(page, main)).toEqual({ 'Forget operations': 'Paste at least one operation name above.' });
      } finally {
        await ops.close();
      }
    });

    test('a list’s search box says what it searches before anything is typed', async ({ page, sim, launch }) => {
      const app = await launch();
      await addAcmeAccount(app, sim);
      await goTo(page, 'Administration', 'Administration');
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('searchbox', { name: 'Filter services' })).toHaveAttribute('placeholder', 'Search services by name or any detail');
      await page.getByRole('tab', { name: 'Subscriptions' }).click();
      await expect(panel.getByRole('searchbox', { name: 'Filter subscriptions' })).toHaveAttribute(
        'placeholder',
        'Search by email, phone number or chat address',
      );
      await page.getByRole('tab', { name: 'Page members' }).click();
      await expect(panel.getByRole('searchbox', { name: 'Filter page members' })).toHaveAttribute('placeholder', 'Search by name or email address');
      await expectAccessible(page, `page members with their search, ${colorScheme}`);
    });

    test('an account card: its actions on its title’s line, the check one line with a dot, its steps folded', async ({ page, sim, launch }) => {
      const app = await launch();
      await addAcmeAccount(app, sim);
      await goTo(page, 'Settings', 'Settings');
      const card = page.getByRole('article', { name: 'Account Acme production' });
      const title = (await card.getByRole('heading', { name: 'Acme production' }).boundingBox())!;
      const test = (await card.getByRole('button', { name: 'Test connection' }).boundingBox())!;
      expect(test.y).toBeLessThan(title.y + title.height);
      await card.getByRole('button', { name: 'Test connection' }).click();
      const result = card.getByTestId('connection-result');
      await expect(result.locator('.account-check-line .state-dot.dot-ok')).toBeVisible();
      await expect(result.getByText('Connected to "acme" with the stored key.')).toBeVisible();
      const steps = result.getByRole('listitem');
      await expect(steps.first()).toBeHidden();
      await expect(result.getByText(/a read-only key passes it too/)).toBeHidden();
      await result.getByText('What was checked').click();
      await expect(steps).toHaveCount(3);
      await expect(steps.first()).toBeVisible();
      await expect(result.getByText(/a read-only key passes it too/)).toBeVisible();
      await expectAccessible(page, `an account card with its check opened, ${colorScheme}`);
    });

    test('a refused metric point is a dot and a word, its Retry and Discard in a ⋯ menu shown on hover; the CSV fine print is folded', async ({
      page,
      sim,
      launch,
    }) => {
      await queueRefusedWrite(await launch(), sim, {
        operation: 'addMetricEntry',
        input: { subdomain: 'acme', metricId: 1, entry: { time: 1717243200, value: 120 } },
      });

      await goTo(page, 'Administration', 'Administration');
      await page.getByRole('tab', { name: 'Metrics' }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByText(/An optional header line/)).toBeHidden();
      const row = panel.getByTestId('metric-point');
      await expect(row.locator('.state-word')).toHaveText('Failed');
      await expect(row.locator('.state-dot.dot-danger')).toHaveCount(1);
      await expect(row.getByRole('button')).toHaveCount(1);
      const more = row.getByRole('button', { name: /^More actions for the point of metric 1/ });
      await page.mouse.move(0, 0);
      expect(await drawnOpacity(more)).toBe(0);
      await row.hover();
      await expect.poll(() => drawnOpacity(more)).toBe(1);
      await more.click();
      expect((await page.getByRole('menuitem').allInnerTexts()).map((text) => text.trim())).toEqual(['Retry', 'Discard']);
      await page.keyboard.press('Escape');
      await expect(more).toBeFocused();
      expect(await drawnOpacity(more)).toBe(1);
      await expectAccessible(page, `metrics with a refused point, ${colorScheme}`);
    });

    test('Watch a page folds what has a default; New incident shows no greyed-out template picker before there is a template', async ({
      page,
      sim,
      launch,
    }) => {
      const app = await launch();
      await addAcmeAccount(app, sim);
      await app.core.monitor.pollNow();
      await page.getByRole('button', { name: 'Watch a page' }).first().click();
      const form = page.getByRole('form', { name: 'Watch a page' });
      await expect(form.getByLabel('Through')).toBeVisible();
      await expect(form.getByLabel('Check every (seconds)')).toBeHidden();
      await expect(form.getByLabel('Display name')).toBeHidden();
      await expect(form.getByRole('button', { name: 'Watch page' })).toBeVisible();
      await expectAccessible(page, `Watch a page, folded, ${colorScheme}`);
      // A value to fix opens the fold by itself.
      await form.getByText('More options').click();
      await form.getByLabel('Check every (seconds)').fill('5');
      await form.getByText('More options').click();
      await expect(form.getByLabel('Check every (seconds)')).toBeHidden();
      await form.getByRole('button', { name: 'Watch page' }).click();
      await expect(form.getByText(/at most every 15 seconds/)).toBeVisible();
      await form.getByRole('button', { name: 'Cancel' }).click();

      const dialog = await openNewIncident(page);
      // No template yet: nothing to pick or manage above Title; saving one waits at the foot of the filled form.
      await expect(dialog.getByRole('region', { name: 'Templates' })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Manage templates' })).toHaveCount(0);
      const saveAsTemplate = dialog.getByRole('region', { name: 'Save as template' }).getByRole('button', { name: 'Save as template…' });
      await expect(saveAsTemplate).toBeVisible();
      const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;
      expect(await top(saveAsTemplate)).toBeGreaterThan(await top(dialog.getByLabel('Message', { exact: true })));
      expect(await reasonsOfDisabled(page, dialog)).toEqual({});
      await expectAccessible(page, `New incident, ${colorScheme}`);
    });
  });
}
