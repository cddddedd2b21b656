import { expect, test } from '@playwright/test';
import { startProviderSimulator, type ProviderSimulator } from '../../simulators/provider';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../simulators/statuspal';
import { startHarness, type Harness } from './support/harness';
import { screenshotPath } from './support/screenshots';

/*
 * A provider's update written in HTML becomes plain text in the draft of our incident (its
 * links kept as text), and what is posted on our page carries none of their markup.
 */

let own: StatusPageSimulator;
let providers: ProviderSimulator;
let app: Harness | null = null;

test.beforeEach(async () => {
  own = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  providers = await startProviderSimulator();
});

test.afterEach(async () => {
  await app?.close();
  app = null;
  await providers.close();
  await own.close();
});

test("a provider's HTML is drafted and posted as plain text, links kept as text", async ({ page }) => {
  app = await startHarness(page);
  const account = await app.core.accounts.add({
    name: 'Acme production',
    region: 'custom',
    baseUrl: own.baseUrl,
    subdomain: 'acme',
    organizationId: '1',
    apiKey: own.keys.demoReadWrite,
  });
  await app.core.monitor.addPage({ name: 'Acme production', region: 'custom', baseUrl: own.baseUrl, subdomain: 'acme', accountId: account.id });
  await app.core.monitor.addPage({ region: 'custom', url: providers.pageUrl('nimbus-cloud') });
  providers.openIncident({
    page: 'nimbus-cloud',
    name: 'Object storage errors',
    impact: 'major',
    components: [{ name: 'Object storage', status: 'partial_outage' }],
    body: '<p>Some uploads <b>fail</b> with 503 errors.</p><p>Follow <a href="https://status.nimbus.example/incidents/42">our incident page</a> &amp; the <i>next</i> update.</p>',
  });
  await app.core.monitor.pollNow();
  await page.reload();

  const incident = page.getByRole('article', { name: 'Incident Object storage errors' });
  await incident.getByRole('button', { name: 'Draft incident on my page…' }).click();
  const draft = page.getByRole('dialog', { name: 'Draft incident on my page from Nimbus Cloud' });
  await draft.getByRole('button', { name: 'Open in the incident editor' }).click();

  const editor = page.getByRole('dialog', { name: 'Draft from Nimbus Cloud' });
  const message = editor.getByLabel('Message', { exact: true });
  await expect(message).toHaveValue(
    /> Some uploads fail with 503 errors\.\n> ?\n> Follow our incident page \(https:\/\/status\.nimbus\.example\/incidents\/42\) & the next update\./,
  );
  expect(await message.inputValue()).not.toMatch(/<\/?[a-z]|&amp;/i);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: screenshotPath(`provider-draft-plain-text-${colorScheme}.png`) });
  }
  await editor.getByRole('button', { name: 'Create incident' }).click();
  await expect(editor).toBeHidden();
  const outbox = await app.core.outbox.service();
  await expect.poll(() => outbox.list().map((e) => e.state)).toEqual(['sent']);
  const [write] = own.writeLog({ pathPrefix: '/api/v2/status_pages/acme/incidents' });
  const posted = (write!.body as { incident: { updates: Array<{ description: string }> } }).incident.updates[0]!.description;
  expect(posted).not.toMatch(/<\/?[a-z]/i);
  expect(posted).toContain('our incident page (https://status.nimbus.example/incidents/42)');
});
