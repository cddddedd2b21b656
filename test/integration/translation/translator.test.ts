import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATION_REQUEST_URL } from '../../../shared/translation/request-url';
import { pseudoTranslate, reversePseudoTranslation, startTranslationSimulator, type TranslationSimulator } from '../../../simulators/translation';
import {
  createTranslationService,
  keyFromEnv,
  keyFromVault,
  MEMORY_FILE_NAME,
  TranslationClient,
  TranslationMemory,
  Translator,
  type TranslationService,
  type TranslatorOptions,
} from '../../../electron/core/translation';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { bindingFor } from '../../../electron/core/vault/secret-binding';
import { memoryKeychain } from '../../support/memory-keychain';
import { makeTempDir } from '../../support/temp-dir';
import { caught, expectNoSecret } from './support/secret-free';

const KEY = 'wg_translator+SECRET/key==99';

/** `n` distinct sentences of `words` words each. */
const sentences = (n: number, words: number, tag = 's') =>
  Array.from({ length: n }, (_, i) => Array.from({ length: words }, (_, j) => (j === 0 ? `${tag}${i}` : `w${j}`)).join(' '));

describe('Translator against the simulator', () => {
  let sim: TranslationSimulator;
  let temp: { dir: string; remove: () => void };
  const opened: TranslationService[] = [];

  async function service(extra: Partial<Parameters<typeof createTranslationService>[0]> = {}): Promise<TranslationService> {
    const svc = await createTranslationService({
      dataDir: temp.dir,
      getKey: async () => KEY,
      client: { baseUrl: sim.baseUrl, retry: { baseDelayMs: 1, maxDelayMs: 5 } },
      ...extra,
    });
    opened.push(svc);
    return svc;
  }

  beforeEach(async () => {
    sim = await startTranslationSimulator({ key: KEY });
    temp = makeTempDir('statusdesk-translator-');
  });
  afterEach(async () => {
    for (const svc of opened.splice(0)) await svc.close();
    await sim.close();
    temp.remove();
  });

  it('translates in the caller order; a repeat makes zero requests, also across a restart', async () => {
    const texts = ['Investigating', 'Degraded performance of the API', 'Investigating', 'Resolved'];
    const first = await (await service()).translator.translate({ from: 'en', to: 'fr', texts });
    expect(first.texts.map((t) => reversePseudoTranslation(t)?.text)).toEqual(texts);
    expect(first.texts[0]).toBe(first.texts[2]);
    expect(first.counters).toEqual({ requests: 1, wordsSent: 7, wordsFromMemory: 0, textsFromMemory: 0 });

    sim.resetStats();
    const svc = opened[0]!;
    const second = await svc.translator.translate({ from: 'en', to: 'fr', texts });
    expect(second.texts).toEqual(first.texts);
    expect(second.counters).toEqual({ requests: 0, wordsSent: 0, wordsFromMemory: 7, textsFromMemory: 3 });
    expect(sim.stats().requests.total).toBe(0);

    await svc.close();
    const restarted = await service();
    const third = await restarted.translator.translate({ from: 'en', to: 'fr', texts });
    expect(third.texts).toEqual(first.texts);
    expect(third.counters.requests).toBe(0);
    expect(sim.stats().requests.total).toBe(0); // not even the pair check
  });

  it('sends only the misses, each distinct text once: words sent = unique uncached words', async () => {
    const svc = await service();
    const cached = sentences(10, 5, 'c');
    await svc.translator.translate({ from: 'en', to: 'de', texts: cached });
    sim.resetStats();

    const fresh = sentences(20, 7, 'f');
    const input = [...fresh, ...cached, ...fresh.slice(0, 10), '', '   ', ...cached.slice(0, 3)];
    const result = await svc.translator.translate({ from: 'en', to: 'de', texts: input });
    const uniqueUncachedWords = 20 * 7;
    expect(result.counters.wordsSent).toBe(uniqueUncachedWords);
    expect(sim.stats().wordsReceived.byEndpoint.translate).toBe(uniqueUncachedWords);
    expect(result.counters).toMatchObject({ wordsFromMemory: 50, textsFromMemory: 10 });
    const sent = sim.stats().translateLog.flatMap((e) => e.texts);
    expect(sent.sort()).toEqual([...fresh].sort());
    expect(result.texts[input.indexOf('')]).toBe('');
    expect(result.texts[input.indexOf('   ')]).toBe('   ');
    result.texts.forEach((t, i) => {
      if (input[i]!.trim() !== '') expect(reversePseudoTranslation(t)?.text).toBe(input[i]);
    });
  });

  it('batches at 600 entries (not 600 words) and keeps the order across batches and duplicates', async () => {
    const svc = await service();
    const unique = sentences(1_300, 10); // 1,300 entries, 13,000 words: 3 requests by entries, 22 by words
    const texts = [...unique, ...unique.slice(0, 100).reverse(), ...unique.slice(150, 160)];
    const result = await svc.translator.translate({ from: 'en', to: 'ja', texts });
    const log = sim.stats().translateLog;
    expect(log.map((entry) => entry.texts.length).sort((a, b) => b - a)).toEqual([600, 600, 100]);
    expect(result.counters).toMatchObject({ requests: 3, wordsSent: 13_000 });
    expect(result.texts.map((t) => reversePseudoTranslation(t)?.text)).toEqual(texts);
    expect(result.texts.every((t) => t.startsWith('[ja] '))).toBe(true);
  });

  it('sends a text longer than the byte cap alone, and honours configured limits and concurrency', async () => {
    sim.setFaults({ latencyMs: 30 });
    const svc = await service({ translator: { batchLimits: { maxEntries: 10, maxBytes: 400 }, concurrency: 3 } });
    const long = Array.from({ length: 120 }, (_, i) => `long${i}`).join(' ');
    const texts = [long, ...sentences(40, 5)];
    const result = await svc.translator.translate({ from: 'en', to: 'it', texts });
    const log = sim.stats().translateLog;
    expect(log.find((e) => e.texts.includes(long))?.texts).toEqual([long]);
    for (const entry of log.filter((e) => !e.texts.includes(long))) {
      expect(entry.texts.length).toBeLessThanOrEqual(10);
      expect(entry.texts.reduce((sum, t) => sum + Buffer.byteLength(JSON.stringify(t)), 0)).toBeLessThanOrEqual(400);
    }
    expect(log).toHaveLength(1 + 4);
    expect(sim.stats().peakInFlight.translate).toBeLessThanOrEqual(3);
    expect(sim.stats().peakInFlight.translate).toBeGreaterThan(1);
    expect(reversePseudoTranslation(result.texts[0]!)?.text).toBe(long);
  });

  it('keeps at most 2 batches in flight by default', async () => {
    sim.setFaults({ latencyMs: 25 });
    const svc = await service();
    await svc.translator.translate({ from: 'en', to: 'nl', texts: sentences(1_500, 2) });
    expect(sim.stats().translateLog).toHaveLength(3);
    expect(sim.stats().peakInFlight.translate).toBe(2);
  });

  it('checks the pair once per session, before sending; an unsupported pair sends nothing', async () => {
    sim.setSupportedPairs([
      ['en', 'de'],
      ['en', 'fr'],
    ]);
    const svc = await service();
    await svc.translator.translate({ from: 'en', to: 'de', texts: ['a'] });
    await svc.translator.translate({ from: 'en', to: 'de', texts: ['b'] });
    expect(sim.stats().requests.byEndpoint.isSupported).toBe(1);

    const error = await caught(() => svc.translator.translate({ from: 'en', to: 'ar', texts: ['c'] }));
    expect(error).toMatchObject({ code: 'unsupported', reason: 'unsupported_pair' });
    await expect(svc.translator.translate({ from: 'en', to: 'ar', texts: ['d'] })).rejects.toMatchObject({ code: 'unsupported' });
    expect(sim.stats().requests.byEndpoint.isSupported).toBe(2);
    expect(sim.stats().translateLog.map((e) => e.lTo)).toEqual(['de', 'de']);
  });

  it('without a key: "unauthorized", "no translation key stored", and nothing sent', async () => {
    const svc = await service({ getKey: async () => null });
    const error = await caught(() => svc.translator.translate({ from: 'en', to: 'de', texts: ['Hello'] }));
    expect(error).toMatchObject({ code: 'unauthorized', reason: 'no_key' });
    expect((error as Error).message).toMatch(/no translation key stored/);
    expect(sim.stats().requests.total).toBe(0);
    // Everything in memory or blank: no key needed.
    expect((await svc.translator.translate({ from: 'en', to: 'de', texts: ['', ' '] })).texts).toEqual(['', ' ']);
  });

  it('an invalid key, a quota, a malformed answer and a wrong-length answer are typed errors without the key', async () => {
    const wrongKey = 'wg_wrong+KEY/value==77';
    const bad = await service({ getKey: async () => wrongKey });
    const invalid = await caught(() => bad.translator.translate({ from: 'en', to: 'de', texts: ['Hello'] }));
    expect(invalid).toMatchObject({ code: 'unauthorized', reason: 'invalid_key' });
    expect((invalid as Error).message).toMatch(/translation key is invalid/);
    expectNoSecret(invalid, wrongKey);

    const svc = await service();
    sim.setQuota(2);
    const quota = await caught(() => svc.translator.translate({ from: 'en', to: 'de', texts: ['one two three'] }));
    expect(quota).toMatchObject({ code: 'forbidden', reason: 'translations_unavailable', status: 400 });
    expectNoSecret(quota, KEY);
    sim.setQuota(null);

    sim.injectNext({ kind: 'malformed', endpoint: 'translate' });
    const malformed = await caught(() => svc.translator.translate({ from: 'en', to: 'de', texts: ['x'] }));
    expect(malformed).toMatchObject({ code: 'invalid_response' });
    expectNoSecret(malformed, KEY);

    sim.injectNext({ kind: 'wrongLength', endpoint: 'translate' });
    const wrongLength = await caught(() => svc.translator.translate({ from: 'en', to: 'de', texts: ['x', 'y'] }));
    expect(wrongLength).toMatchObject({ code: 'invalid_response' });
    // Nothing of a rejected answer was stored.
    sim.resetStats();
    await svc.translator.translate({ from: 'en', to: 'de', texts: ['x', 'y'] });
    expect(
      sim
        .stats()
        .translateLog.flatMap((e) => e.texts)
        .sort(),
    ).toEqual(['x', 'y']);
  });

  it('network down: "network", the key nowhere in the error, its causes, or their strings', async () => {
    const svc = await service();
    await svc.translator.translate({ from: 'en', to: 'de', texts: ['warm the pair cache'] });
    await sim.close();
    const error = await caught(() => svc.translator.translate({ from: 'en', to: 'de', texts: ['Hello'] }));
    expect(error).toMatchObject({ code: 'network' });
    expectNoSecret(error, KEY);
    // Also before the pair is known (the public check fails first).
    const other = await caught(() => svc.translator.translate({ from: 'en', to: 'sv', texts: ['Hello'] }));
    expect(other).toMatchObject({ code: 'network' });
    expectNoSecret(other, KEY);
    expect(String(svc.translator)).not.toContain(KEY);
    expect(String(svc.client)).not.toContain(KEY);
  });

  it('keeps the batches that succeeded when a later one fails; a retry sends only the rest', async () => {
    const svc = await service({ translator: { batchLimits: { maxEntries: 1 }, concurrency: 1 } });
    const texts = sentences(4, 10); // 4 batches
    sim.injectNext({ kind: 'status', status: 401, endpoint: 'translate' });
    // The first batch fails for good (401): nothing stored, the rest not sent.
    await expect(svc.translator.translate({ from: 'en', to: 'de', texts })).rejects.toMatchObject({ code: 'unauthorized' });
    expect(sim.stats().translateLog).toHaveLength(1);
    sim.resetStats();

    await svc.translator.translate({ from: 'en', to: 'de', texts: texts.slice(0, 2) });
    sim.setQuota(0);
    await expect(svc.translator.translate({ from: 'en', to: 'de', texts })).rejects.toMatchObject({ code: 'forbidden' });
    sim.setQuota(null);
    sim.resetStats();
    const result = await svc.translator.translate({ from: 'en', to: 'de', texts });
    expect(result.counters).toMatchObject({ requests: 2, wordsSent: 20, textsFromMemory: 2 });
    expect(result.texts.map((t) => reversePseudoTranslation(t)?.text)).toEqual(texts);
  });

  it('stores a batch that was in flight when another failed, and does not start the rest', async () => {
    sim.setFaults({ latencyMs: 20, endpoints: ['translate'] });
    const svc = await service({ translator: { batchLimits: { maxEntries: 1 } } });
    const texts = sentences(4, 10);
    await svc.translator.isSupported('en', 'pl');
    sim.injectNext({ kind: 'status', status: 400, endpoint: 'translate' });
    await expect(svc.translator.translate({ from: 'en', to: 'pl', texts })).rejects.toMatchObject({ code: 'http', status: 400 });
    expect(sim.stats().translateLog).toHaveLength(2);
    // Only the accepted batch counts: the refused one translated nothing.
    expect(svc.translator.totals()).toMatchObject({ requests: 1, wordsSent: 10 });
    sim.resetStats();
    const result = await svc.translator.translate({ from: 'en', to: 'pl', texts });
    expect(result.counters).toMatchObject({ requests: 3, textsFromMemory: 1 });
    expect(result.texts.map((t) => reversePseudoTranslation(t)?.text)).toEqual(texts);
  });

  it('keeps cumulative counters for the panel', async () => {
    const svc = await service();
    await svc.translator.translate({ from: 'en', to: 'de', texts: ['a b', 'c'] });
    await svc.translator.translate({ from: 'en', to: 'de', texts: ['a b', 'd e f'] });
    expect(svc.translator.totals()).toEqual({ requests: 2, wordsSent: 6, wordsFromMemory: 2, textsFromMemory: 1 });
  });

  it('refuses a word type outside 0..10 with a clear error and sends nothing; keys the memory by type', async () => {
    const svc = await service({ translator: { bot: 7 } });
    const error = await caught(() => svc.translator.translate({ from: 'en', to: 'de', type: 42, texts: ['Status'] }));
    expect(error).toMatchObject({ code: 'invalid_input' });
    expect((error as Error).message).toBe('The translation request is not valid (type: A word type is a whole number from 0 to 10.).');
    expect(sim.stats().requests.total).toBe(0);
    await svc.translator.translate({ from: 'en', to: 'de', type: 10, texts: ['Status'] });
    await svc.translator.translate({ from: 'en', to: 'de', type: 1, texts: ['Status'] });
    const log = sim.stats().translateLog;
    expect(log.map((e) => e.types)).toEqual([[10], [1]]);
    expect(log.every((e) => e.bot === 7)).toBe(true);
  });

  it('a null in to_words keeps the source text, marks the line untranslated and is not remembered', async () => {
    const svc = await service();
    sim.injectNext({ kind: 'nullEntry', index: 1, endpoint: 'translate' });
    const texts = ['Investigating', 'Acme Cloud™', 'Resolved', 'Acme Cloud™'];
    const result = await svc.translator.translate({ from: 'en', to: 'de', texts });
    expect(result.texts).toEqual([pseudoTranslate('Investigating', 'de'), 'Acme Cloud™', pseudoTranslate('Resolved', 'de'), 'Acme Cloud™']);
    expect(result.untranslated).toEqual([1, 3]);
    sim.resetStats();
    const again = await svc.translator.translate({ from: 'en', to: 'de', texts });
    expect(sim.stats().translateLog.map((e) => e.texts)).toEqual([['Acme Cloud™']]);
    expect(again).toMatchObject({ untranslated: [], counters: { requests: 1, textsFromMemory: 2 } });
  });

  it("keys the memory by service identity: another address or another key never gets the first one's text", async () => {
    const texts = ['Degraded performance'];
    await (await service()).translator.translate({ from: 'en', to: 'de', texts });
    const other = await startTranslationSimulator({ key: KEY });
    try {
      const elsewhere = await service({ client: { baseUrl: other.baseUrl } });
      const result = await elsewhere.translator.translate({ from: 'en', to: 'de', texts });
      expect(result.counters.requests).toBe(1);
      expect(other.stats().requests.byEndpoint.translate).toBe(1);
    } finally {
      await other.close();
    }
    sim.resetStats();
    const otherAccount = await service({ getKey: async () => 'wg_another+account/key==00' });
    await caught(() => otherAccount.translator.translate({ from: 'en', to: 'de', texts }));
    expect(sim.stats().requests.byEndpoint.translate).toBe(1); // asked the service (the key is refused there), not the memory
    const file = fs.readFileSync(path.join(temp.dir, MEMORY_FILE_NAME), 'utf8');
    expect(file).not.toContain(KEY);
    expect(file).not.toContain(sim.baseUrl);
  });

  it('sends the https request_url it is given, else the documented default, never an app:// address', async () => {
    const svc = await service();
    await svc.translator.translate({ from: 'en', to: 'de', texts: ['One'], requestUrl: 'https://status.acme.example' });
    await svc.translator.translate({ from: 'en', to: 'de', texts: ['Two'] });
    expect(sim.stats().translateLog.map((e) => e.requestUrl)).toEqual(['https://status.acme.example', DEFAULT_TRANSLATION_REQUEST_URL]);
    await expect(svc.translator.translate({ from: 'en', to: 'de', texts: ['Three'], requestUrl: 'app://statusdesk/translation-panel' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('health() calls /public/status exactly once per call, also when it fails', async () => {
    const svc = await service();
    expect(await svc.translator.health()).toMatchObject({ ok: true });
    expect(sim.stats().requests.byEndpoint.status).toBe(1);
    sim.setFaults({ errorRates: { 503: 1 }, endpoints: ['status'] });
    const failed = await svc.translator.health();
    expect(failed).toMatchObject({ ok: false, error: { code: 'http', status: 503 } });
    expect(sim.stats().requests.byEndpoint.status).toBe(2);
    sim.setFaults({ resetRate: 1, endpoints: ['status'] });
    expect(await svc.translator.health()).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(sim.stats().requests.byEndpoint.status).toBe(3);
    expect(sim.stats().requests.total).toBe(3);
  });

  it('caches the languages list in memory and in the data folder for a day', async () => {
    let clock = Date.UTC(2025, 5, 1);
    const now = () => clock;
    const first = await service({ memory: { now } });
    const list = await first.translator.languages();
    expect(list.languages.length).toBeGreaterThanOrEqual(12);
    await first.translator.languageList();
    expect(sim.stats().requests.byEndpoint.languages).toBe(1);

    const second = await service({ memory: { now } });
    expect((await second.translator.languages()).languages).toEqual(list.languages);
    expect(sim.stats().requests.byEndpoint.languages).toBe(1);

    clock += 24 * 60 * 60 * 1000;
    await second.translator.languages();
    expect(sim.stats().requests.byEndpoint.languages).toBe(2);

    clock += 24 * 60 * 60 * 1000;
    sim.setFaults({ errorRates: { 500: 1 }, endpoints: ['languages'] });
    const stale = await second.translator.languages();
    expect(stale.stale).toBe(true);
    expect(stale.languages).toEqual(list.languages);
  });

  it('reads the key from the KeyVault or the environment', async () => {
    const keychain = memoryKeychain();
    const vault = new KeyVault(keychain);
    const fromVault = await service({ getKey: keyFromVault(vault) });
    await expect(fromVault.translator.translate({ from: 'en', to: 'de', texts: ['v'] })).rejects.toMatchObject({ reason: 'no_key' });
    await vault.set(secretNames.translationKey(), KEY, { binding: bindingFor([sim.baseUrl]) });
    expect((await fromVault.translator.translate({ from: 'en', to: 'de', texts: ['v'] })).texts).toEqual(['[de] v']);

    expect(await keyFromEnv({ STATUSDESK_TRANSLATION_KEY: `  ${KEY} ` })(sim.baseUrl)).toBe(KEY);
    expect(await keyFromEnv({ STATUSDESK_TRANSLATION_KEY: ' ' })(sim.baseUrl)).toBeNull();
    expect(await keyFromEnv({})(sim.baseUrl)).toBeNull();
  });

  it('returns texts unchanged for the same language on both sides, and rejects a bad input', async () => {
    const svc = await service();
    expect((await svc.translator.translate({ from: 'en', to: 'en', texts: ['same'] })).texts).toEqual(['same']);
    await expect(svc.translator.translate({ from: '', to: 'de', texts: ['x'] })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(sim.stats().requests.total).toBe(0);
  });

  it('can be built by hand from its parts', async () => {
    const memory = await TranslationMemory.open({ dataDir: temp.dir });
    const options: TranslatorOptions = { client: new TranslationClient({ baseUrl: sim.baseUrl }), memory, getKey: async () => KEY };
    const translator = new Translator(options);
    expect((await translator.translate({ from: 'en', to: 'es', texts: ['Hi'] })).texts).toEqual(['[es] Hi']);
    await memory.close();
  });
});
