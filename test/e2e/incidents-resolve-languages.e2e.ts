import type { Page } from '@playwright/test';
import { pseudoTranslate } from '../../simulators/translation';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * An incident posted with translations is resolved in the same languages: Resolve offers the languages its
 * title and updates carry (as Add update does), and says before sending when the resolution would go out
 * without one of them. The incident page names its languages ("German", not "de").
 */

const KEY = 'wg_e2e_resolve_languages_key';
test.use({ translatorKey: KEY });

const TITLE = 'Database unavailable';
const INCIDENTS = '/api/v2/status_pages/acme/incidents';

const detail = (page: Page) => page.getByTestId('incident-detail');

test('Resolve offers the incident’s languages and says when the resolution would leave one out', async ({ page, sim, translator, launch }) => {
  // Posted earlier in English and German, its title and its first update.
  const posted = await fetch(`${sim.baseUrl}/status_pages/acme/incidents`, {
    method: 'POST',
    headers: { Authorization: sim.keys.demoReadWrite, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      incident: {
        type: 'major',
        title: TITLE,
        service_ids: [],
        translations: { de: { title: 'Datenbank nicht erreichbar' } },
        updates: [{ type: 'issue', description: 'Writes are failing.', translations: { de: { description: 'Schreibvorgänge schlagen fehl.' } } }],
      },
    }),
  });
  expect(posted.ok).toBe(true);
  const app = await launch();
  await app.core.translation.updateSettings({ baseUrl: translator.baseUrl });
  await app.core.translation.setKey(KEY);
  await addAcmeAccount(app, sim, 'Acme');

  await openScreen(page, /Incidents/);
  await page.getByTestId('incident-list').getByRole('listitem').filter({ hasText: TITLE }).getByRole('button').click();
  await expect(detail(page).getByRole('definition').filter({ hasText: 'German' })).toHaveText('German');
  await expect(detail(page).getByTestId('update').filter({ hasText: 'Writes are failing.' })).toContainText('German');

  await detail(page).getByRole('button', { name: 'Resolve…' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve incident' });
  // Offered at once: the incident's language, preselected, and a word before anything is sent without it.
  await expect(resolve.getByRole('list', { name: 'Languages to translate into' }).getByRole('listitem')).toHaveText([/German/]);
  const note = resolve.getByTestId('missing-languages');
  await expect(note).toHaveText('The incident has German; this resolution will be posted in English only.');
  await page.mouse.move(0, 0);
  await resolve.screenshot({ path: screenshotPath('resolve-languages.png') });

  await resolve.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(resolve.getByLabel('German update')).toHaveValue(pseudoTranslate('This incident has been resolved.', 'de'));
  await expect(note).toBeHidden();
  await resolve.getByRole('button', { name: 'Resolve incident' }).click();
  await expect(resolve).toBeHidden();

  await expect.poll(() => sim.writeLog({ pathPrefix: INCIDENTS, method: 'POST' }).length).toBe(2);
  expect((sim.writeLog({ pathPrefix: INCIDENTS, method: 'POST' })[1]!.body as { update: unknown }).update).toMatchObject({
    type: 'resolved',
    translations: { de: { description: pseudoTranslate('This incident has been resolved.', 'de') } },
  });
});
