import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { allPairs, DEFAULT_SIM_LANGUAGES, pseudoTranslate } from '../../simulators/translation';
import { HISTORY_FILE_NAME } from '../../electron/core/translation/translation-history';
import { secretNames } from '../../electron/core/vault/key-vault';
import { deadServiceUrl } from './support/dead-address';
import { expect, test } from './support/fixtures';
import { openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

const KEY = 'sim-e2e-translation-key-7f3a';
const LINES = ['We are investigating login failures.', '', 'A fix has been deployed.', 'Monitoring the results.'];
/** Whitespace-separated words of the non-blank lines: what the service bills. */
const WORDS = 13;

// Every pair of the simulator's languages, except English → Japanese.
test.use({
  translatorKey: KEY,
  translatorOptions: { supportedPairs: allPairs(DEFAULT_SIM_LANGUAGES).filter(([from, to]) => !(from === 'en' && to === 'ja')) },
});

test.beforeEach(async ({ translator, app }) => {
  await app.core.translation.updateSettings({ baseUrl: translator.baseUrl });
});

async function openPanel(page: Page) {
  await openScreen(page, 'Translation');
  await expect(page.getByRole('heading', { name: 'Translation', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'From' })).toBeEnabled();
}

/** Types into a language picker and picks the highlighted option with Enter. */
async function pickLanguage(page: Page, side: 'From' | 'To', typed: string, expected: string) {
  const box = page.getByRole('combobox', { name: side });
  await box.focus();
  await box.pressSequentially(typed);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('Enter');
  await expect(box).toHaveValue(expected);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}

async function translate(page: Page, text: string) {
  await page.getByLabel('Text to translate').fill(text);
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
}

test('set the key, pick languages by keyboard, translate lines in order; a repeat comes from memory with no request', async ({ translator, app }) => {
  const { page } = app;
  await openPanel(page);

  // No key yet: the setup card asks for one; it goes to the keychain and only its last four come back.
  const setup = page.getByRole('region', { name: 'Add your translation key' });
  await expect(setup).toBeVisible();
  await setup.getByLabel('Translation API key').fill(KEY);
  await setup.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('translation-key-state')).toHaveText('Key …7f3a in keychain');
  await expect(setup).toBeHidden();
  await expect(app.keychain.get(secretNames.translationKey())).resolves.toBe(KEY);

  // The From side opens on the default (English); the To side is chosen with the keyboard.
  const from = page.getByRole('combobox', { name: 'From' });
  const to = page.getByRole('combobox', { name: 'To' });
  await expect(from).toHaveValue('English');
  await to.focus();
  await to.pressSequentially('ch');
  const listbox = page.getByRole('listbox', { name: 'To languages' });
  await expect(listbox.getByRole('option')).toHaveText([/Simplified Chinese/, /Traditional Chinese/, /Dutch/, /French/, /German.*Deutsch/]);
  await expect(to).toHaveAttribute('aria-activedescendant', 'translation-to-option-zh');
  await to.press('ArrowDown');
  await to.press('ArrowDown');
  await expect(to).toHaveAttribute('aria-activedescendant', 'translation-to-option-nl');
  await expect(listbox.getByRole('option', { name: /Dutch/ })).toHaveAttribute('aria-selected', 'true');
  await to.press('ArrowUp');
  await to.press('Enter');
  await expect(to).toHaveValue('Traditional Chinese — 中文 (繁體)');

  // Escape closes the list and puts the choice back; the local name finds a language too.
  await to.pressSequentially('fran');
  await expect(listbox.getByRole('option')).toHaveText([/French.*Français/]);
  await to.press('Escape');
  await expect(to).toHaveAttribute('aria-expanded', 'false');
  await expect(to).toHaveValue('Traditional Chinese — 中文 (繁體)');
  await pickLanguage(page, 'To', 'deutsch', 'German — Deutsch');
  await pickLanguage(page, 'From', 'engl', 'English');

  // Several lines, one blank: the output has the same lines in the same order.
  await translate(page, LINES.join('\n'));
  const expected = LINES.map((line) => (line === '' ? '' : pseudoTranslate(line, 'de')));
  await expect(page.getByTestId('output-line')).toHaveText(expected);
  await expect(page.getByTestId('last-cost')).toHaveText(`${WORDS} words sent in 1 request · 0 words from memory.`);
  await expect(page.getByTestId('totals-sent')).toHaveText(String(WORDS));
  await expect(page.getByTestId('totals-memory')).toHaveText('0');
  // Saving the key cost one word (the service's check of the key), then the lines went in one request.
  const translateLog = translator.stats().translateLog;
  expect(translateLog).toHaveLength(2);
  expect(translateLog[0]).toMatchObject({ texts: ['OK'], words: 1, keyValid: true });
  expect(translateLog[1]).toMatchObject({ lFrom: 'en', lTo: 'de', types: [1, 1, 1] });
  expect(translateLog[1]!.texts.sort()).toEqual(LINES.filter((l) => l !== '').sort());

  // The same text again: everything from the translation memory, and not one request to the service.
  const requestsBefore = translator.stats().requests.total;
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(page.getByTestId('last-cost')).toHaveText(`All from the translation memory: ${WORDS} words, no request sent.`);
  await expect(page.getByTestId('totals-memory')).toHaveText(String(WORDS));
  await expect(page.getByTestId('totals-sent')).toHaveText(String(WORDS));
  await expect(page.getByTestId('output-line')).toHaveText(expected);
  expect(translator.stats().requests.total).toBe(requestsBefore);

  // Copy puts the lines on the clipboard, blank line included.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected.join('\n'));

  await page.getByRole('button', { name: 'Check service' }).click();
  await expect(page.getByTestId('health')).toContainText('Service up');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('translation.png'), fullPage: true });

  // Nothing the renderer received or was pushed holds the key.
  expect(JSON.stringify(app.answered)).not.toContain(KEY);
  expect(JSON.stringify(app.pushed)).not.toContain(KEY);
});

test('an unsupported pair is refused before anything is sent', async ({ translator, app }) => {
  const { page } = app;
  await app.core.translation.setKey(KEY);
  await openPanel(page);
  await pickLanguage(page, 'To', 'japan', 'Japanese — 日本語');
  await translate(page, 'Scheduled maintenance tonight.');
  const failure = page.getByTestId('translation-failure');
  await expect(failure).toContainText('Language pair not supported');
  await expect(failure).toContainText('from English to Japanese');
  await expect(page.getByTestId('output-line')).toHaveCount(0);
  expect(translator.stats().requests.byEndpoint.translate).toBe(0);

  // Swapping to a supported pair clears the message and translates.
  await pickLanguage(page, 'To', 'fr', 'French — Français');
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(failure).toBeHidden();
  await expect(page.getByTestId('output-line')).toHaveText([pseudoTranslate('Scheduled maintenance tonight.', 'fr')]);
});

test('the swap button exchanges the languages and turns the result into the new source', async ({ app }) => {
  const { page } = app;
  await app.core.translation.setKey(KEY);
  await openPanel(page);
  await pickLanguage(page, 'To', 'germ', 'German — Deutsch');
  await translate(page, 'Resolved');
  await expect(page.getByTestId('output-line')).toHaveText([pseudoTranslate('Resolved', 'de')]);
  await page.getByRole('button', { name: 'Swap languages' }).click();
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue('German — Deutsch');
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue('English');
  await expect(page.getByLabel('Text to translate')).toHaveValue(pseudoTranslate('Resolved', 'de'));
  await expect(page.getByTestId('output-line')).toHaveCount(0);
});

test('error states: no key, a refused key, the word allowance used up, the service down', async ({ translator, app }) => {
  const { page } = app;
  await openPanel(page);
  await pickLanguage(page, 'To', 'ital', 'Italian — Italiano');
  const failure = page.getByTestId('translation-failure');

  await translate(page, 'Degraded performance');
  await expect(failure).toContainText('No translation key');

  const setup = page.getByRole('region', { name: 'Add your translation key' });
  await setup.getByLabel('Translation API key').fill('short');
  await setup.getByRole('button', { name: 'Save key' }).click();
  await expect(setup.getByText('That translation key is too short.')).toBeVisible();
  // A key the service refuses is not kept at all.
  await setup.getByLabel('Translation API key').fill('wrong-key-0000');
  await setup.getByRole('button', { name: 'Save key' }).click();
  await expect(setup.getByRole('alert')).toContainText('The translation service refused this key, so it was not saved');
  await expect(app.keychain.get(secretNames.translationKey())).resolves.toBeNull();
  // A key that was good when saved and is refused later (revoked): the translation says so.
  await app.core.translation.setKey('wrong-key-0000');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Dashboard' }).click();
  await openPanel(page);
  await expect(page.getByTestId('translation-key-state')).toHaveText('Key …0000 in keychain');
  await page.getByLabel('Text to translate').fill('Degraded performance');
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(failure).toContainText('The service refused the key');

  const service = page.getByRole('region', { name: 'Translation service' });
  await service.getByRole('button', { name: 'Replace' }).click();
  await service.getByLabel('Translation API key').fill(KEY);
  await service.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('translation-key-state')).toHaveText('Key …7f3a in keychain');
  translator.setQuota(0);
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(failure).toContainText('Translations unavailable');
  // The server's own sentence, not a guess: only a body that speaks of the quota is called one.
  await expect(failure).toContainText('Word quota exceeded: 0 of 0 words used this month.');
  await expect(failure).toContainText('Text already in the translation memory still translates.');

  // A 400 about something else is not called a quota problem.
  translator.setQuota(null);
  translator.injectNext({ kind: 'status', status: 400, endpoint: 'translate' });
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(failure).toContainText('Translation failed');
  await expect(failure).toContainText('Injected fault: HTTP 400.');
  await expect(failure).not.toContainText('Translations unavailable');
  translator.setQuota(0);
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(failure).toContainText('Translations unavailable');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('translation-quota.png'), fullPage: true });

  // Pointed at an address where nothing listens: the service is down, and the check says so.
  translator.setQuota(null);
  const deadUrl = await deadServiceUrl();
  await service.getByRole('button', { name: 'Change', exact: true }).click();
  await service.getByLabel('Service address').fill(deadUrl);
  await service.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('service-url')).toHaveText(deadUrl);
  // The key was entered for the old service: moving removes it, and the panel says so.
  await expect(page.getByTestId('service-notice')).toContainText('The translation key was removed because the service now is');
  await expect(app.keychain.get(secretNames.translationKey())).resolves.toBeNull();
  await app.core.translation.setKey(KEY);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Dashboard' }).click();
  await openPanel(page);
  await translate(page, 'A new sentence');
  await expect(failure).toContainText('cannot be reached');
  await failure.getByRole('button', { name: 'Check service' }).click();
  await expect(page.getByTestId('health')).toContainText('Service down');
  await expect(service).toContainText('connection was refused');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('translation-down.png'), fullPage: true });

  // Removing the key brings the setup card back and deletes it from the keychain.
  await service.getByRole('button', { name: 'Remove' }).click();
  await service.getByRole('button', { name: 'Delete key' }).click();
  await expect(setup).toBeVisible();
  await expect(app.keychain.get(secretNames.translationKey())).resolves.toBeNull();
  expect(JSON.stringify(app.answered)).not.toContain(KEY);
});

test('the health check runs only when asked, once per click', async ({ translator, app }) => {
  const { page } = app;
  await openPanel(page);
  await expect(page.getByTestId('health')).toHaveText('Not checked yet');
  await page.waitForTimeout(1_000);
  expect(translator.stats().requests.byEndpoint.status).toBe(0);

  const check = page.getByRole('button', { name: 'Check service' });
  await check.click();
  await expect(page.getByTestId('health')).toContainText(/Service up · \d+ ms/);
  expect(translator.stats().requests.byEndpoint.status).toBe(1);

  translator.injectNext({ kind: 'status', status: 503, endpoint: 'status' });
  await check.click();
  await expect(page.getByTestId('health')).toContainText('Service down');
  await expect(page.getByRole('region', { name: 'Translation service' })).toContainText('HTTP 503');
  await page.waitForTimeout(1_000);
  // One request per click, never retried, never polled.
  expect(translator.stats().requests.byEndpoint.status).toBe(2);
});

test('recent translations are kept on disk and restore languages, text and result', async ({ app }) => {
  const { page } = app;
  await app.core.translation.setKey(KEY);
  await openPanel(page);
  const history = page.getByRole('region', { name: 'Recent translations' });
  await expect(history).toContainText('Translations you make appear here');

  await pickLanguage(page, 'To', 'germ', 'German — Deutsch');
  await translate(page, 'Investigating\nIdentified');
  await expect(page.getByTestId('output-line')).toHaveText([pseudoTranslate('Investigating', 'de'), pseudoTranslate('Identified', 'de')]);
  await pickLanguage(page, 'To', 'span', 'Spanish — Español');
  await translate(page, 'Resolved');
  await expect(page.getByTestId('output-line')).toHaveText([pseudoTranslate('Resolved', 'es')]);

  const items = history.getByRole('button', { name: /^Restore/ });
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Resolved');
  await expect(items.nth(1)).toContainText('Investigating');
  await expect(items.nth(1)).toContainText('+1 more');

  await items.nth(1).click();
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue('German — Deutsch');
  await expect(page.getByLabel('Text to translate')).toHaveValue('Investigating\nIdentified');
  await expect(page.getByTestId('output-line')).toHaveText([pseudoTranslate('Investigating', 'de'), pseudoTranslate('Identified', 'de')]);

  const file = JSON.parse(fs.readFileSync(path.join(app.dataDir, HISTORY_FILE_NAME), 'utf8')) as { entries: Array<{ to: string }> };
  expect(file.entries.map((entry) => entry.to)).toEqual(['es', 'de']);

  // The last pair that translated is where the panel opens after a restart of the window.
  await page.reload();
  await openPanel(page);
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue('Spanish — Español');
  await expect(history.getByRole('button', { name: /^Restore/ })).toHaveCount(2);

  await history.getByRole('button', { name: 'Clear' }).click();
  await history.getByRole('button', { name: 'Clear' }).click();
  await expect(history).toContainText('Translations you make appear here');
});

test('the page the text comes from is an https address the user sets; an untranslated line is marked', async ({ translator, app }) => {
  const { page } = app;
  await app.keychain.set(secretNames.translationKey(), KEY);
  await openPanel(page);
  await pickLanguage(page, 'To', 'germ', 'German — Deutsch');
  const service = page.getByRole('region', { name: 'Translation service' });
  await expect(page.getByTestId('request-url')).toHaveText('https://statusdesk.app/translation-panel');
  await service.getByRole('button', { name: 'Change page' }).click();
  await service.getByLabel('Page the texts come from').fill('app://statusdesk/translation-panel');
  await service.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(service.getByRole('alert')).toContainText('must be the http(s) address of a page');
  await service.getByLabel('Page the texts come from').fill('https://status.acme.example');
  await service.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('request-url')).toHaveText('https://status.acme.example');

  translator.injectNext({ kind: 'nullEntry', index: 1, endpoint: 'translate' });
  await translate(page, 'Investigating\nAcme Cloud');
  await expect(page.getByTestId('output-line')).toHaveText([pseudoTranslate('Investigating', 'de'), 'Acme Cloud']);
  await expect(page.getByTestId('output-line').nth(1)).toHaveClass(/untranslated/);
  await expect(page.getByTestId('untranslated-note')).toContainText('1 line came back without a translation');
  expect(translator.stats().translateLog.map((entry) => entry.requestUrl)).toEqual(['https://status.acme.example']);
});
