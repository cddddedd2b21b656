import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TranslationSettings } from '../../../../shared/translation/translation-settings';
import { useTranslationStore } from '../../../../renderer/src/stores/translation';
import { installFakeApi, ok, refused } from '../support/fake-api';

/* The translation panel: what it refuses before asking, what it keeps of an answer, and the pair it remembers. */

const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });
const counters = { requests: 1, wordsSent: 3, wordsFromMemory: 0, textsFromMemory: 0 };
const totals = { ...counters, since: '2026-11-01T00:00:00.000Z' };
const settings: TranslationSettings = { baseUrl: 'https://translate.example.com', defaultFrom: 'en', defaultTo: null, requestUrl: 'https://statusdesk.app' };
const languages = [
  { code: 'en', local_name: 'English', english_name: 'English' },
  { code: 'de', local_name: 'Deutsch', english_name: 'German' },
  { code: 'tlh', local_name: 'tlhIngan Hol', english_name: 'Klingon' },
];

afterEach(() => vi.unstubAllGlobals());

describe('translation store', () => {
  it('refuses without asking the service: no language, the same one twice, no text', async () => {
    const fake = installFakeApi();
    testingPinia();
    const translation = useTranslationStore();
    translation.languages = languages;
    translation.input = 'Hello';
    await translation.translate();
    expect(translation.failure?.kind).toBe('no_language');
    translation.from = 'de';
    translation.to = 'de';
    await translation.translate();
    expect(translation.failure).toMatchObject({ kind: 'same_language', detail: 'Both sides are German: there is nothing to translate.' });
    translation.to = 'en';
    translation.input = '  \n ';
    await translation.translate();
    expect(translation.failure?.kind).toBe('empty');
    expect(fake.calls).toEqual([]);
  });

  it('translates line by line, keeps the pair of the output and remembers it as where the panel opens', async () => {
    const fake = installFakeApi({
      translation: {
        isSupported: () => ok({ supported: true }),
        translate: (request) => ok({ texts: request!.texts.map((t) => (t ? `de:${t}` : '')), counters, untranslated: [2], resent: 0 }),
        history: () => ok({ entries: [] }),
        totals: () => ok(totals),
        setSettings: (change) => ok({ ...settings, ...change }),
      },
    });
    testingPinia();
    const translation = useTranslationStore();
    translation.settings = settings;
    Object.assign(translation, { from: 'en', to: 'de', input: 'Down\r\n\nUp' });
    await translation.translate();
    expect(fake.calls.find((c) => c.channel === 'translation.translate')?.request).toMatchObject({ from: 'en', to: 'de', texts: ['Down', '', 'Up'] });
    expect([translation.output, translation.outputPair, translation.untranslated, translation.failure]).toEqual([
      ['de:Down', '', 'de:Up'],
      { from: 'en', to: 'de' },
      [2],
      null,
    ]);
    expect(translation.settings).toMatchObject({ defaultFrom: 'en', defaultTo: 'de' });
    expect(translation.totals).toEqual(totals);

    translation.to = 'en';
    translation.from = 'de';
    translation.swap();
    expect([translation.from, translation.to, translation.input, translation.output]).toEqual(['en', 'de', 'de:Down\n\nde:Up', null]);
  });

  it("names both languages of a pair the service cannot translate, and maps the service's refusals", async () => {
    const answers = [ok({ supported: false }), ok({ supported: true })];
    installFakeApi({
      translation: {
        isSupported: () => answers.shift()!,
        translate: () => refused({ code: 'unauthorized', message: 'The key was refused.', status: 401 }),
        totals: () => ok(totals),
      },
    });
    testingPinia();
    const translation = useTranslationStore();
    Object.assign(translation, { languages, from: 'en', to: 'tlh', input: 'Hello' });
    await translation.translate();
    expect(translation.failure).toMatchObject({ kind: 'unsupported_pair', detail: expect.stringContaining('from English to Klingon') });
    await translation.translate();
    expect(translation.failure?.kind).toBe('invalid_key');
    expect(translation.translating).toBe(false);
  });

  it('reads the languages and the opening pair once per window, the key and history every time', async () => {
    const fake = installFakeApi({
      translation: {
        keyStatus: () => ok({ stored: true, storage: 'keychain', lastFour: 'wxyz' }),
        history: () => ok({ entries: [] }),
        totals: () => ok(totals),
        getSettings: () => ok({ ...settings, defaultTo: 'de' }),
        languages: () => ok({ languages, fetchedAt: '2026-11-25T08:00:00.000Z', stale: false }),
      },
    });
    testingPinia();
    const translation = useTranslationStore();
    await translation.start();
    await translation.start();
    const count = (channel: string) => fake.calls.filter((c) => c.channel === channel).length;
    expect([count('translation.languages'), count('translation.getSettings'), count('translation.keyStatus'), count('translation.history')]).toEqual([
      1, 1, 2, 2,
    ]);
    expect([translation.from, translation.to, translation.languagesState]).toEqual(['en', 'de', 'ready']);
  });
});
