import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { startAlertsSimulator, type AlertsSimulator } from '../../simulators/alerts';
import { expect, test as base } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/screenshots';

/*
 * Settings → Alerts against the alerts simulator: a Slack destination added through the form, a rule over a
 * watched page, Send test reaching the simulator and the screen saying Delivered; a refused hook saying Not
 * delivered with the reason, and Retry delivering it once the hook works again. The webhook address (itself
 * the secret) never reaches the page, the settings file or anything pushed or answered to the window.
 */

const test = base.extend<{ alertsSim: AlertsSimulator }>({
  alertsSim: async ({ closing }, use) => {
    const sim = await startAlertsSimulator();
    closing.servers.push({ close: () => sim.stop() });
    await use(sim);
  },
});

/** The secret part of each hook's address: what must never be seen again once typed. */
const OPS_TOKEN = 'e2eOpsSecretToken0001';
const RETIRED_TOKEN = 'e2eRetiredSecretToken02';

async function openAlerts(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Team alerts' });
  await section.scrollIntoViewIfNeeded();
  return section;
}

async function addSlack(section: Locator, name: string, address: string): Promise<Locator> {
  await section
    .getByRole('button', { name: /^Add (your first )?destination$/ })
    .first()
    .click();
  const form = section.getByRole('form', { name: 'Add an alert destination' });
  await form.getByRole('radio', { name: 'Slack' }).check();
  await expect(form.getByTestId('where-to-get-it')).toContainText('Incoming Webhooks');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Webhook address').fill(address);
  await expect(form.getByLabel('Webhook address')).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Add destination' }).click();
  await expect(section.getByRole('status').filter({ hasText: `${name} added.` })).toBeVisible();
  return section.getByRole('article', { name: `Destination ${name}` });
}

for (const zone of [
  { timezoneId: 'America/New_York', locale: 'en-US', abbreviation: /\b(EST|EDT)\b/ },
  { timezoneId: 'Europe/Berlin', locale: 'de-DE', abbreviation: /\b(CET|CEST|MEZ|MESZ|UTC\+0[12]:00)\b/ },
]) {
  test.describe(`in ${zone.timezoneId}`, () => {
    test.use({ timezoneId: zone.timezoneId, locale: zone.locale });

    test('a Slack destination and its rule; Send test is delivered; a refused one says why and Retry delivers it', async ({ page, sim, alertsSim, launch }) => {
      const app = await launch();
      await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
      await app.core.monitor.pollNow();
      const section = await openAlerts(page);
      await expect(section.getByRole('heading', { name: 'No destinations yet' })).toBeVisible();

      const opsHook = alertsSim.slackHookUrl('T0E2E', 'B0OPS', OPS_TOKEN);
      const ops = await addSlack(section, '#ops-alerts', opsHook);
      await expect(ops).toContainText(`the team’s time zone ${zone.timezoneId}`);
      await expect(ops).toContainText('No rule yet');

      await ops.getByRole('button', { name: 'Add rule' }).click();
      const ruleForm = ops.getByRole('form', { name: 'New rule for #ops-alerts' });
      await ruleForm.getByRole('radio', { name: 'Only these pages' }).check();
      await ruleForm.getByRole('checkbox', { name: 'Acme' }).check();
      await ruleForm.getByLabel('Send').selectOption({ label: 'Major outage or worse' });
      await ruleForm.getByRole('radio', { name: 'Only openings and resolutions' }).check();
      await ruleForm.getByRole('button', { name: 'Add rule' }).click();
      await expect(ops.getByRole('list', { name: 'Rules of #ops-alerts' })).toContainText('Acme · Major outage or worse · openings and resolutions only');
      await expect(ops.getByRole('status').filter({ hasText: 'Rule added.' })).toBeVisible();

      await ops.getByRole('button', { name: 'Send test' }).click();
      await expect(ops.getByTestId('test-outcome')).toHaveText('Delivered: #ops-alerts accepted the test message.');
      await expect.poll(() => alertsSim.requests('slack').length).toBe(1);
      const log = section.getByRole('list', { name: 'Deliveries, newest first' });
      const delivered = log.getByRole('listitem').first();
      await expect(delivered.getByTestId('delivery-state')).toHaveText('Delivered');
      await expect(delivered).toContainText('To #ops-alerts (Slack)');
      await expect(delivered.locator('time')).toHaveText(zone.abbreviation);

      // A hook Slack no longer knows (removed from the channel): refused, said in words, kept until acted on.
      const retiredHook = alertsSim.slackHookUrl('T0E2E', 'B0OLD', RETIRED_TOKEN);
      alertsSim.setSlackHookState(retiredHook, 'revoked');
      const retired = await addSlack(section, '#retired', retiredHook);
      await retired.getByRole('button', { name: 'Send test' }).click();
      await expect(retired.getByTestId('test-outcome')).toHaveText(/^Not delivered: (?!Not delivered).+/);
      const refused = log.getByRole('listitem').filter({ hasText: 'To #retired' });
      await expect(refused.getByTestId('delivery-state')).toHaveText('Not delivered');
      await expect(refused.getByTestId('delivery-problem')).toHaveText(/^(?!Not delivered).+/);
      await expect(section.getByRole('heading', { name: /Delivery log/ })).toContainText('1 not delivered');

      await expectAccessible(page, 'Settings → Team alerts');
      await section.screenshot({ path: screenshotPath(`alerts-${zone.timezoneId.replace('/', '-')}.png`) });
      if (zone.timezoneId === 'Europe/Berlin') await section.screenshot({ path: screenshotPath('settings-alerts.png') });
      await page.emulateMedia({ colorScheme: 'dark' });
      await section.screenshot({ path: screenshotPath(`alerts-${zone.timezoneId.replace('/', '-')}-dark.png`) });
      if (zone.timezoneId === 'Europe/Berlin') await section.screenshot({ path: screenshotPath('settings-alerts-dark.png') });
      await expectAccessible(page, 'Settings → Team alerts, dark');
      await page.emulateMedia({ colorScheme: 'light' });

      alertsSim.setSlackHookState(retiredHook, 'active');
      await refused.getByRole('button', { name: /^Actions for / }).click();
      await refused.getByRole('menuitem', { name: 'Retry' }).click();
      await expect(log.getByRole('listitem').filter({ hasText: 'To #retired' }).getByTestId('delivery-state')).toHaveText('Delivered');
      await expect.poll(() => alertsSim.requests('slack').filter((request) => request.status === 200).length).toBe(2);
      await expect(section.getByRole('heading', { name: /Delivery log/ })).not.toContainText('not delivered');
      await expect(retired.getByTestId('test-outcome')).toHaveText('Delivered: #retired accepted the test message.');

      await retired.getByRole('button', { name: 'More actions for #retired' }).click();
      await page.getByRole('menuitem', { name: 'Remove destination…' }).click();
      await retired.getByRole('group', { name: 'Remove #retired?' }).getByRole('button', { name: 'Remove' }).click();
      await expect(section.getByRole('status').filter({ hasText: '#retired removed, with its rules and its key.' })).toBeVisible();
      await expect(retired).toHaveCount(0);

      // The addresses went to the keychain only.
      const everywhere = [await page.content(), fs.readFileSync(app.core.settings.filePath, 'utf8'), JSON.stringify(app.pushed), JSON.stringify(app.answered)];
      for (const text of everywhere) {
        expect(text).not.toContain(OPS_TOKEN);
        expect(text).not.toContain(RETIRED_TOKEN);
      }
    });
  });
}

test('a webhook’s signing secret is made in the window, shown once, and signs what the receiver checks', async ({ page, alertsSim, launch }) => {
  const app = await launch();
  const section = await openAlerts(page);
  await section.getByRole('button', { name: 'Add your first destination' }).click();
  const form = section.getByRole('form', { name: 'Add an alert destination' });
  await form.getByRole('radio', { name: 'Webhook' }).check();
  await expect(form.getByTestId('where-to-get-it')).toContainText('A signing secret is made for you and shown once');
  await form.getByLabel('Name').fill('Our receiver');
  await form.getByLabel('Receiver address').fill(alertsSim.webhookUrl('e2e'));
  await form.getByRole('button', { name: 'Add destination' }).click();

  const shown = section.getByRole('region', { name: 'Signing secret of Our receiver' });
  const secret = (await shown.getByTestId('signing-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The receiver is given the secret, as the user would paste it into theirs.
  alertsSim.setWebhookSecret('e2e', secret);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toHaveCount(0);

  const receiver = section.getByRole('article', { name: 'Destination Our receiver' });
  await expect(receiver.getByTestId('secret-state')).toHaveText(`Signing secret …${secret.slice(-4)} in the keychain`);
  await receiver.getByRole('button', { name: 'Send test' }).click();
  await expect(receiver.getByTestId('test-outcome')).toHaveText('Delivered: Our receiver accepted the test message.');
  expect(alertsSim.webhook.received).toHaveLength(1);

  expect(await page.content()).not.toContain(secret);
  expect(fs.readFileSync(app.core.settings.filePath, 'utf8')).not.toContain(secret);
});

test('PagerDuty: the routing key is kept like a secret, the Events API address is the region’s, and the test reaches it', async ({
  page,
  alertsSim,
  launch,
}) => {
  const app = await launch();
  const routingKey = 'R0e2eRoutingKey00000000000000PD9';
  const section = await openAlerts(page);
  await section.getByRole('button', { name: 'Add your first destination' }).click();
  const form = section.getByRole('form', { name: 'Add an alert destination' });
  await form.getByRole('radio', { name: 'PagerDuty' }).check();
  await expect(form.getByTestId('where-to-get-it')).toContainText('Events API v2');
  await expect(form.getByLabel('Events API address')).toHaveValue('https://events.pagerduty.com/v2/enqueue');
  await form.getByLabel('Name').fill('On call');
  await expect(form.getByLabel('Routing key')).toHaveAttribute('type', 'password');
  await form.getByLabel('Routing key').fill(routingKey);
  await form.getByLabel('Events API address').fill(alertsSim.pagerDutyUrl);
  await form.getByRole('button', { name: 'Add destination' }).click();

  const onCall = section.getByRole('article', { name: 'Destination On call' });
  await expect(onCall.getByTestId('secret-state')).toHaveText('Routing key …0PD9 in the keychain');
  await onCall.getByRole('button', { name: 'Send test' }).click();
  await expect(onCall.getByTestId('test-outcome')).toHaveText('Delivered: On call accepted the test message.');
  expect(alertsSim.pagerDuty.changes).toEqual([expect.objectContaining({ routingKey })]);
  expect(await page.content()).not.toContain(routingKey);
  expect(fs.readFileSync(app.core.settings.filePath, 'utf8')).not.toContain(routingKey);
});
