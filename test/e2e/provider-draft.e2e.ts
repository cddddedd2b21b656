import { expect, test, type Page } from '@playwright/test';
import { startProviderSimulator, type ProviderSimulator } from '../../simulators/provider';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../simulators/statuspal';
import { startHarness, type Harness } from './support/harness';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/screenshots';
import { openScreen } from './support/navigation';

/*
 * A provider's page (public Statuspage format, the provider simulator) watched beside
 * the user's own page (the Status Page API simulator); the provider's incident becomes a draft on the own
 * page, nothing is sent until it is saved, then it goes through the outbox into the own page's write log.
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

const INCIDENTS = '/api/v2/status_pages/acme/incidents';

async function watchProvider(page: Page, url: string) {
  await page.getByRole('button', { name: 'Watch a page' }).click();
  const form = page.getByRole('form', { name: 'Watch a page' });
  await form.getByLabel('Through').selectOption('url');
  await form.getByLabel('Page address').fill(url);
  await form.getByRole('button', { name: 'Watch page' }).click();
  await expect(form).toBeHidden();
}

test('a provider incident becomes a draft on my page: mapping remembered, nothing sent before saving, then through the outbox to the write log', async ({
  page,
}) => {
  app = await startHarness(page);
  const harness = app;
  const account = await harness.core.accounts.add({
    name: 'Acme production',
    region: 'custom',
    baseUrl: own.baseUrl,
    subdomain: 'acme',
    organizationId: '1',
    apiKey: own.keys.demoReadWrite,
  });
  await harness.core.monitor.addPage({ name: 'Acme production', region: 'custom', baseUrl: own.baseUrl, subdomain: 'acme', accountId: account.id });
  await page.reload();

  // Watch a page: a provider's page by its address (a pasted summary address works too).
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await watchProvider(page, `${providers.pageUrl('nimbus-cloud')}/api/v2/summary.json`);
  const provider = page.getByRole('article', { name: 'Page Nimbus Cloud' });
  await expect(provider).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your pages', level: 2 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Providers' }).getByRole('article', { name: 'Page Nimbus Cloud' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your pages' }).getByRole('article', { name: /Page Acme/ })).toBeVisible();

  // The provider's incident arrives with the next check.
  providers.openIncident({
    page: 'nimbus-cloud',
    name: 'Elevated error rates for object storage',
    impact: 'major',
    components: [{ name: 'Object storage', status: 'partial_outage' }],
    body: 'Some uploads to object storage fail with 503 errors. We are investigating.',
  });
  await harness.core.monitor.pollNow();
  const incident = provider.getByRole('article', { name: 'Incident Elevated error rates for object storage' });
  await expect(incident).toBeVisible();
  await expect(incident).toContainText('investigating: Some uploads to object storage fail');
  await expect(provider.getByRole('link', { name: 'On their page' })).toHaveAttribute('href', /\/pages\/nimbus-cloud\/incidents\//);
  await page.screenshot({ path: screenshotPath('dashboard-providers.png'), fullPage: true });

  // Draft incident on my page…: choose the page, map the component once.
  await incident.getByRole('button', { name: 'Draft incident on my page…' }).click();
  const draft = page.getByRole('dialog', { name: 'Draft incident on my page from Nimbus Cloud' });
  await expect(draft.getByLabel('Your page')).toHaveValue(account.id);
  const mapping = draft.getByRole('group', { name: 'Object storage' });
  await mapping.getByRole('checkbox', { name: 'Database', exact: true }).check();
  await expect(draft.getByRole('region', { name: 'Draft preview' })).toContainText(
    'Nimbus Cloud: Elevated error rates for object storage · Major outage · 1 service',
  );
  await page.screenshot({ path: screenshotPath('provider-draft.png') });
  await draft.getByRole('button', { name: 'Open in the incident editor' }).click();

  // The incident editor of the own page, prefilled; nothing sent yet.
  const editor = page.getByRole('dialog', { name: 'Draft from Nimbus Cloud' });
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel('Title', { exact: true })).toHaveValue('Nimbus Cloud: Elevated error rates for object storage');
  await expect(editor.getByLabel('Type', { exact: true })).toHaveValue('major');
  await expect(editor.getByRole('checkbox', { name: 'Database', exact: true })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: 'API', exact: true })).not.toBeChecked();
  const message = editor.getByLabel('Message', { exact: true });
  await expect(message).toHaveValue(/an incident at Nimbus Cloud, one of our providers/);
  await expect(message).toHaveValue(/> Some uploads to object storage fail with 503 errors\. We are investigating\./);
  await expect(message).toHaveValue(new RegExp(`Details on their status page: ${providers.pageUrl('nimbus-cloud').replace(/[.]/g, '\\.')}/incidents/`));
  expect(own.writeLog({ pathPrefix: INCIDENTS })).toHaveLength(0);
  expect((await harness.core.outbox.service()).list()).toHaveLength(0);
  await editor.getByLabel('Title', { exact: true }).fill('Uploads failing: storage provider incident');
  await page.screenshot({ path: screenshotPath('provider-draft-editor.png') });

  // Saved: queued in the outbox, then sent to the own page.
  await editor.getByRole('button', { name: 'Create incident' }).click();
  await expect(editor).toBeHidden();
  const outbox = await harness.core.outbox.service();
  await expect.poll(() => outbox.list().map((e) => [e.operation, e.state])).toEqual([['createIncident', 'sent']]);
  const writes = own.writeLog({ pathPrefix: INCIDENTS });
  expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([`POST ${INCIDENTS}`]);
  const body = (writes[0]!.body as { incident: Record<string, unknown> }).incident;
  expect(body).toMatchObject({ title: 'Uploads failing: storage provider incident', type: 'major', service_ids: [5] });
  expect((body.updates as Array<{ description: string }>)[0]!.description).toContain('Details on their status page: ');

  // The mapping is remembered for the next incident of this provider.
  expect(harness.core.monitor.pages().find((p) => p.kind === 'provider')?.serviceMappings?.[account.id]).toBeDefined();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Dashboard/ })
    .click();
  await page
    .getByRole('article', { name: 'Incident Elevated error rates for object storage' })
    .getByRole('button', { name: 'Draft incident on my page…' })
    .click();
  const again = page.getByRole('dialog', { name: 'Draft incident on my page from Nimbus Cloud' });
  await expect(again.getByRole('group', { name: 'Object storage' }).getByRole('checkbox', { name: 'Database', exact: true })).toBeChecked();
  await again.getByRole('button', { name: 'Cancel' }).click();
  expect(own.writeLog({ pathPrefix: INCIDENTS })).toHaveLength(1);

  // Provider history: the provider card's History shows what was observed of it, its days
  // in the page's own zone when times are read so (the provider names Etc/UTC)…
  await openScreen(page, 'Settings');
  await page.getByRole('radio', { name: "Each page's own time zone" }).check();
  await expect.poll(() => harness.core.desktop.appearance().timeZone).toBe('page');
  await openScreen(page, 'Dashboard');
  await provider.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of Nimbus Cloud' });
  await expect(history).toContainText("Days and times in Etc/UTC, the page's own time zone.");
  await expect(history.getByRole('img', { name: /Object storage, last 90 days: 1 day with a major outage, 89 days not observed/ })).toBeVisible();
  await expect(
    history
      .getByRole('row', { name: /Object storage/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText(/%$/);
  await expect(history.getByTestId('history-incident')).toContainText('Elevated error rates for object storage');
  await expect(history.getByTestId('history-periods').getByRole('listitem').filter({ hasText: 'Object storage' })).toContainText('major outage');
  await expect(history.getByTestId('history-incident')).toContainText('not resolved when last seen');
  await history.screenshot({ path: screenshotPath('provider-history.png') });
  await expectAccessible(page, 'the provider history');
  await page.emulateMedia({ colorScheme: 'dark' });
  await history.screenshot({ path: screenshotPath('provider-history-dark.png') });
  await expectAccessible(page, 'the provider history, dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
  await expect(provider.getByRole('button', { name: 'History' })).toBeFocused();
  await openScreen(page, 'Settings');
  await page.getByRole('radio', { name: /^My time zone/ }).check();
  await expect.poll(() => harness.core.desktop.appearance().timeZone).toBe('local');

  // …and our own incident's page says what else was down while it lasts.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Incidents/ })
    .click();
  await page.getByTestId('incident-list').getByRole('listitem').filter({ hasText: 'Uploads failing' }).getByRole('button').click();
  const elseDown = page.getByTestId('what-else-was-down');
  await expect(elseDown.getByRole('heading', { name: 'What else was down then' })).toBeVisible();
  await expect(elseDown.getByRole('listitem').filter({ hasText: 'Nimbus Cloud · incident: Elevated error rates for object storage' })).toContainText(
    'major outage',
  );
  await expect(elseDown.getByRole('listitem').filter({ hasText: /Nimbus Cloud · .*Object storage/ })).toContainText('major outage');
  // Our own pages are not "what else": the incident asked about is on one of them.
  await expect(elseDown.getByRole('listitem').filter({ hasText: 'Acme production' })).toHaveCount(0);
  await elseDown.screenshot({ path: screenshotPath('what-else-was-down.png') });
  await expectAccessible(page, 'an incident with what else was down');
  await page.emulateMedia({ colorScheme: 'dark' });
  await elseDown.screenshot({ path: screenshotPath('what-else-was-down-dark.png') });
});

test('Watch a page by address: plain http beyond this computer is refused before anything is saved; a provider without an own account says how to draft', async ({
  page,
}) => {
  app = await startHarness(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Watch a page' }).click();
  const form = page.getByRole('form', { name: 'Watch a page' });
  await form.getByLabel('Through').selectOption('url');
  await form.getByLabel('Page address').fill('http://status.example.com');
  await form.getByRole('button', { name: 'Watch page' }).click();
  await expect(form.getByText('Use the https:// address of the status page (plain http only for this computer).')).toBeVisible();
  expect(app.core.monitor.pages()).toHaveLength(0);
  await page.screenshot({ path: screenshotPath('watch-provider-form.png') });

  await form.getByLabel('Page address').fill(providers.pageUrl('payflow'));
  await form.getByRole('button', { name: 'Watch page' }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole('article', { name: 'Page PayFlow Payments' });
  await expect(card).toBeVisible();
  // Only providers: no group headings needed beyond "Providers".
  await expect(page.getByRole('list', { name: 'Providers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your pages' })).toHaveCount(0);

  providers.openIncident({
    page: 'payflow',
    name: 'Payouts delayed',
    impact: 'minor',
    components: [{ name: 'Payouts', status: 'degraded_performance' }],
    body: 'Payouts are late.',
  });
  await app.core.monitor.pollNow();
  await card.getByRole('button', { name: 'Draft incident on my page…' }).click();
  const draft = page.getByRole('dialog', { name: 'Draft incident on my page from PayFlow Payments' });
  await expect(draft).toContainText('Drafting on your page needs an account with an API key. Add one in Settings.');
  await draft.getByRole('button', { name: 'Cancel' }).click();
  await expect(draft).toBeHidden();
});
