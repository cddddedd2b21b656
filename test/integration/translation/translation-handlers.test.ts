import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../../electron/core/app-core';
import { pseudoTranslate, startTranslationSimulator, type TranslationSimulator } from '../../../simulators/translation';
import { HISTORY_FILE_NAME } from '../../../electron/core/translation/translation-history';
import { MEMORY_FILE_NAME } from '../../../electron/core/translation/translation-memory';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { memoryKeychain } from '../../support/memory-keychain';
import { makeTempDir } from '../../support/temp-dir';

const KEY = 'wg_handlers+SECRET/key==42';
const ORIGIN = 'app://statusdesk';
const sender = { url: `${ORIGIN}/index.html`, isMainFrame: true };

describe('translation.* channels through the AppCore dispatcher', () => {
  let sim: TranslationSimulator;
  let temp: ReturnType<typeof makeTempDir>;
  let keychain: ReturnType<typeof memoryKeychain>;
  let core: AppCore;
  const log: string[] = [];

  const newCore = () => new AppCore({ dataDir: temp.dir, vault: new KeyVault(keychain), version: 'test', appOrigins: [ORIGIN], log: (m) => log.push(m) });

  /** Calls a channel as the window would; returns the value or throws the typed error. */
  async function ask<T = unknown>(channel: string, request?: unknown): Promise<T> {
    const result = await core.dispatcher.dispatch(channel, request, sender);
    if (!result.ok) throw Object.assign(new Error(result.error.message), { shape: result.error });
    return result.value as T;
  }

  async function failure(channel: string, request?: unknown) {
    const result = await core.dispatcher.dispatch(channel, request, sender);
    expect(result.ok).toBe(false);
    return (result as { ok: false; error: { code: string; message: string; status?: number } }).error;
  }

  beforeEach(async () => {
    sim = await startTranslationSimulator({ key: KEY });
    temp = makeTempDir('statusdesk-translation-handlers-');
    keychain = memoryKeychain();
    log.length = 0;
    core = newCore();
    await ask('translation.setSettings', { baseUrl: `${sim.baseUrl}/` });
  });
  afterEach(async () => {
    await core.dispose();
    await sim.close();
    temp.remove();
  });

  it('settings: defaults, a saved base URL without its trailing slash, invalid addresses refused', async () => {
    expect(await ask('translation.getSettings')).toEqual({
      baseUrl: sim.baseUrl,
      defaultFrom: 'en',
      defaultTo: null,
      requestUrl: 'https://statusdesk.app/translation-panel',
    });
    expect(core.settings.get().translation?.baseUrl).toBe(sim.baseUrl);
    expect(await ask('translation.setSettings', { defaultTo: 'de' })).toMatchObject({ baseUrl: sim.baseUrl, defaultTo: 'de' });
    expect((await failure('translation.setSettings', { baseUrl: 'https://example.com/?api_key=x' })).code).toBe('invalid_input');
    expect((await failure('translation.setSettings', { baseUrl: 'ftp://example.com' })).code).toBe('invalid_input');
    expect((await ask<{ baseUrl: string }>('translation.getSettings')).baseUrl).toBe(sim.baseUrl);
  });

  it('request_url: the page URL the editor passes, else the setting; an app:// address is refused', async () => {
    await ask('translation.setKey', { key: KEY });
    await ask('translation.translate', { from: 'en', to: 'de', texts: ['One'], requestUrl: 'https://status.acme.example' });
    await ask('translation.setSettings', { requestUrl: 'https://status.example.org/' });
    await ask('translation.translate', { from: 'en', to: 'de', texts: ['Two'] });
    expect(sim.stats().translateLog.map((e) => e.requestUrl)).toEqual(['https://status.acme.example', 'https://status.example.org/']);
    expect((await failure('translation.setSettings', { requestUrl: 'app://statusdesk/translation-panel' })).code).toBe('invalid_input');
    expect((await failure('translation.translate', { from: 'en', to: 'de', texts: ['x'], requestUrl: 'app://statusdesk/x' })).code).toBe('invalid_input');
  });

  it('the key goes to the vault, and only its last four come back', async () => {
    expect(await ask('translation.keyStatus')).toEqual({ stored: false, storage: 'none', lastFour: null });
    expect(await ask('translation.setKey', { key: `  ${KEY}  ` })).toEqual({ stored: true, storage: 'keychain', lastFour: '==42' });
    // Kept with the service address it was entered for: it is sent there only.
    expect(JSON.parse(keychain.secrets.get(secretNames.translationKey())!)).toMatchObject({ secret: KEY, origins: [new URL(sim.baseUrl).origin] });
    expect((await failure('translation.setKey', { key: 'has space in it' })).code).toBe('invalid_input');
    expect(await ask('translation.removeKey')).toEqual({ stored: false, storage: 'none', lastFour: null, removed: true });
    expect(keychain.secrets.has(secretNames.translationKey())).toBe(false);
  });

  it('translates in order with blank lines kept; a repeat costs no request; totals add up', async () => {
    await ask('translation.setKey', { key: KEY });
    const texts = ['Investigating', '', 'Fix deployed now', 'Investigating'];
    const first = await ask<{ texts: string[]; counters: Record<string, number> }>('translation.translate', { from: 'en', to: 'de', texts });
    expect(first.texts).toEqual([
      pseudoTranslate('Investigating', 'de'),
      '',
      pseudoTranslate('Fix deployed now', 'de'),
      pseudoTranslate('Investigating', 'de'),
    ]);
    expect(first.counters).toEqual({ requests: 1, wordsSent: 4, wordsFromMemory: 0, textsFromMemory: 0 });
    expect(sim.stats().translateLog[0]?.types).toEqual([1, 1]);

    sim.resetStats();
    const again = await ask<{ counters: Record<string, number> }>('translation.translate', { from: 'en', to: 'de', texts });
    expect(again.counters).toEqual({ requests: 0, wordsSent: 0, wordsFromMemory: 4, textsFromMemory: 2 });
    expect(sim.stats().requests.total).toBe(0);
    expect(await ask('translation.totals')).toMatchObject({ requests: 1, wordsSent: 4, wordsFromMemory: 4, textsFromMemory: 2 });

    // Kept in the data folder: a new core (an app restart) answers from the memory file.
    await core.dispose();
    core = newCore();
    expect(fs.existsSync(path.join(temp.dir, MEMORY_FILE_NAME))).toBe(true);
    const afterRestart = await ask<{ counters: Record<string, number> }>('translation.translate', { from: 'en', to: 'de', texts });
    expect(afterRestart.counters.requests).toBe(0);
    expect(sim.stats().requests.total).toBe(0);
  });

  it('languages come from the cache unless refreshed; pairs are asked once; health is one request per call', async () => {
    const languages = await ask<{ languages: unknown[]; stale: boolean }>('translation.languages');
    expect(languages.languages.length).toBe(sim.languages.length);
    await ask('translation.languages');
    expect(sim.stats().requests.byEndpoint.languages).toBe(1);
    await ask('translation.languages', { refresh: true });
    expect(sim.stats().requests.byEndpoint.languages).toBe(2);

    sim.setSupportedPairs([['en', 'fr']]);
    expect(await ask('translation.isSupported', { from: 'en', to: 'fr' })).toEqual({ supported: true });
    expect(await ask('translation.isSupported', { from: 'en', to: 'de' })).toEqual({ supported: false });
    await ask('translation.isSupported', { from: 'en', to: 'de' });
    expect(sim.stats().requests.byEndpoint.isSupported).toBe(2);

    expect(sim.stats().requests.byEndpoint.status).toBe(0);
    expect(await ask('translation.health')).toMatchObject({ ok: true, baseUrl: sim.baseUrl });
    sim.injectNext({ kind: 'status', status: 503, endpoint: 'status' });
    expect(await ask('translation.health')).toMatchObject({ ok: false, error: { code: 'http', status: 503 } });
    expect(sim.stats().requests.byEndpoint.status).toBe(2);
  });

  it('typed failures: no key, a wrong key, the quota, an unsupported pair; the key never reaches an answer', async () => {
    expect(await failure('translation.translate', { from: 'en', to: 'de', texts: ['a'] })).toMatchObject({ code: 'unauthorized' });
    await ask('translation.setKey', { key: 'wrong-key-0000' });
    expect(await failure('translation.translate', { from: 'en', to: 'de', texts: ['a'] })).toMatchObject({ code: 'unauthorized', status: 401 });
    await ask('translation.setKey', { key: KEY });
    sim.setQuota(0);
    expect(await failure('translation.translate', { from: 'en', to: 'de', texts: ['a'] })).toMatchObject({ code: 'forbidden', status: 400 });
    // A pair not asked about before this session: the check refuses it before anything is sent.
    sim.setSupportedPairs([['en', 'fr']]);
    expect(await failure('translation.translate', { from: 'en', to: 'it', texts: ['b'] })).toMatchObject({ code: 'unsupported' });
    expect((await failure('translation.translate', { from: 'en', to: 'de', texts: 'not a list' })).code).toBe('invalid_input');

    const answers = JSON.stringify(await Promise.all(['translation.keyStatus', 'translation.getSettings', 'translation.totals'].map((c) => ask(c))));
    expect(answers).not.toContain(KEY);
  });

  it('a changed base URL applies at once, and the totals survive the switch', async () => {
    await ask('translation.setKey', { key: KEY });
    await ask('translation.translate', { from: 'en', to: 'de', texts: ['one two'] });
    const other = await startTranslationSimulator({ key: KEY });
    try {
      // The key was entered for the first service: moving removes it, and it is entered again for the new one.
      expect(await ask('translation.setSettings', { baseUrl: other.baseUrl })).toMatchObject({ notice: expect.stringMatching(/key was removed/) });
      expect(await ask('translation.keyStatus')).toMatchObject({ stored: false });
      await ask('translation.setKey', { key: KEY });
      await ask('translation.translate', { from: 'en', to: 'de', texts: ['three'] });
      expect(other.stats().requests.byEndpoint.translate).toBe(1);
      expect(await ask('translation.health')).toMatchObject({ baseUrl: other.baseUrl });
      expect(await ask('translation.totals')).toMatchObject({ requests: 2, wordsSent: 3 });
    } finally {
      await other.close();
    }
  });

  it('history: newest first, a repeat moves up, editors can opt out, and it is kept on disk', async () => {
    await ask('translation.setKey', { key: KEY });
    await ask('translation.translate', { from: 'en', to: 'de', texts: ['first'] });
    await ask('translation.translate', { from: 'en', to: 'fr', texts: ['second'] });
    await ask('translation.translate', { from: 'en', to: 'fr', texts: ['from an editor'], history: false });
    await ask('translation.translate', { from: 'en', to: 'de', texts: ['first'] });
    await ask('translation.translate', { from: 'en', to: 'de', texts: ['', '  '] });
    const { entries } = await ask<{ entries: Array<{ to: string; texts: string[]; translations: string[]; type: number }> }>('translation.history');
    expect(entries.map((e) => e.texts)).toEqual([['first'], ['second']]);
    expect(entries[0]).toMatchObject({ to: 'de', type: 1, translations: [pseudoTranslate('first', 'de')] });

    await core.dispose();
    core = newCore();
    expect((await ask<{ entries: unknown[] }>('translation.history')).entries).toHaveLength(2);
    expect(await ask('translation.clearHistory')).toEqual({ cleared: 2 });
    expect(JSON.parse(fs.readFileSync(path.join(temp.dir, HISTORY_FILE_NAME), 'utf8')).entries).toEqual([]);
  });

  it('a damaged memory or history file is moved aside and reported as a problem', async () => {
    await core.dispose();
    fs.writeFileSync(path.join(temp.dir, MEMORY_FILE_NAME), 'this is not a memory file\n');
    fs.writeFileSync(path.join(temp.dir, HISTORY_FILE_NAME), '{"format": "statusdesk.translation-hist');
    core = newCore();
    const pushed: unknown[] = [];
    core.events.connect((channel, payload) => pushed.push({ channel, payload }));
    await ask('translation.setKey', { key: KEY });
    await ask('translation.translate', { from: 'en', to: 'de', texts: ['x'] });
    await ask('translation.history');
    const problems = core.problems().map((p) => p.message);
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/translation memory file was damaged/), expect.stringMatching(/translation history was damaged/)]),
    );
    expect(pushed).toHaveLength(2);
    const names = fs.readdirSync(temp.dir);
    expect(names.some((n) => n.startsWith('translation-memory.corrupt-'))).toBe(true);
    expect(names.some((n) => n.startsWith('translation-history.corrupt-'))).toBe(true);
  });
});
