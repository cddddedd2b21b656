import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTranslationSimulator, type TranslationSimulator } from '../../../electron/services/simulators/translation';
import { TranslationApiError, TranslationClient, type TranslationClientOptions } from '../../../electron/services/translation';
import { AppError } from '../../../shared/errors';
import { caught, expectNoSecret } from './support/secret-free';

const KEY = 'wg_TEST+key/SECRET==1234';
const request = (texts: string[], to = 'de') => ({
  l_from: 'en',
  l_to: to,
  words: texts.map((w) => ({ w, t: 1 })),
  request_url: 'https://status.example.com',
});

describe('TranslationClient against the simulator', () => {
  let sim: TranslationSimulator;
  const clientFor = (extra: TranslationClientOptions = {}) =>
    new TranslationClient({ baseUrl: sim.baseUrl, retry: { baseDelayMs: 1, maxDelayMs: 5 }, ...extra });

  beforeEach(async () => {
    sim = await startTranslationSimulator({ key: KEY });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('calls the four endpoints', async () => {
    const client = clientFor();
    await client.status();
    const languages = await client.languages();
    expect(languages.length).toBeGreaterThanOrEqual(12);
    expect(languages.find((l) => l.code === 'ja')).toEqual({ code: 'ja', local_name: '日本語', english_name: 'Japanese' });
    expect(await client.isSupported('en', 'de')).toBe(true);
    expect(await client.isSupported('en', 'xx')).toBe(false);
    const response = await client.translate(request(['Hello world', 'Down']), KEY);
    expect(response.to_words).toEqual(['[de] Uryyb jbeyq', '[de] Qbja']);
    expect(sim.stats().requests.byEndpoint).toMatchObject({ status: 1, languages: 1, isSupported: 2, translate: 1 });
  });

  it('defaults to the public base URL and keeps a path prefix', () => {
    expect(new TranslationClient().baseUrl).toBe('https://api.weglot.com');
    expect(new TranslationClient({ baseUrl: 'http://127.0.0.1:9/prefix/' }).baseUrl).toBe('http://127.0.0.1:9/prefix');
    expect(() => new TranslationClient({ baseUrl: 'http://h/?api_key=x' })).toThrow(TypeError);
  });

  it('a wrong key is "unauthorized", saying the translation key is invalid, without the key', async () => {
    const error = await caught(() => clientFor().translate(request(['Hi']), 'WRONG-key-999'));
    expect(error).toBeInstanceOf(TranslationApiError);
    expect(error).toMatchObject({ code: 'unauthorized', reason: 'invalid_key', status: 401, path: '/translate' });
    expect((error as Error).message).toMatch(/translation key is invalid/);
    expectNoSecret(error, 'WRONG-key-999');
    expect(sim.stats().requests.byEndpoint.translate).toBe(1); // not retried
  });

  it('403 also means an invalid key', async () => {
    sim.injectNext({ kind: 'status', status: 403, endpoint: 'translate' });
    const error = await caught(() => clientFor().translate(request(['Hi']), KEY));
    expect(error).toMatchObject({ code: 'unauthorized', reason: 'invalid_key', status: 403 });
  });

  it('400 (plan or quota) is "forbidden" with reason translations_unavailable, not retried', async () => {
    sim.setQuota(3);
    await clientFor().translate(request(['one two three']), KEY);
    const error = await caught(() => clientFor().translate(request(['four']), KEY));
    expect(error).toMatchObject({ code: 'forbidden', reason: 'translations_unavailable', status: 400 });
    expect((error as Error).message).toMatch(/quota/);
    expectNoSecret(error, KEY);
    expect(sim.stats().requests.byEndpoint.translate).toBe(2);
  });

  it('network down is "network", with the key nowhere in the error or its causes', async () => {
    const { baseUrl } = sim;
    await sim.close();
    const client = new TranslationClient({ baseUrl, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
    const error = await caught(() => client.translate(request(['Hi']), KEY));
    expect(error).toMatchObject({ code: 'network', reason: 'network', networkCode: 'ECONNREFUSED', path: '/translate' });
    expect((error as Error).cause).toBeInstanceOf(Error);
    expectNoSecret(error, KEY);
    await expect(client.languages()).rejects.toMatchObject({ code: 'network' });
  });

  it('a reset connection is "network" and the key does not leak', async () => {
    sim.setFaults({ resetRate: 1 });
    const error = await caught(() => clientFor().translate(request(['Hi']), KEY));
    expect(error).toMatchObject({ code: 'network' });
    expectNoSecret(error, KEY);
    expect(sim.stats().requests.byEndpoint.translate).toBe(3); // first try + 2 retries
  });

  it('a slow answer is "timeout"', async () => {
    sim.setFaults({ latencyMs: 2_000 });
    const client = clientFor({ translateTimeoutMs: 100, timeoutMs: 100, retry: { retries: 0 } });
    const error = await caught(() => client.translate(request(['Hi']), KEY));
    expect(error).toMatchObject({ code: 'timeout', reason: 'timeout' });
    expectNoSecret(error, KEY);
    await expect(client.status()).rejects.toMatchObject({ code: 'timeout' });
  });

  it('a malformed body is "invalid_response"', async () => {
    sim.injectNext({ kind: 'malformed', endpoint: 'translate' }, { kind: 'malformed', endpoint: 'languages' });
    const error = await caught(() => clientFor().translate(request(['Hi']), KEY));
    expect(error).toMatchObject({ code: 'invalid_response' });
    expectNoSecret(error, KEY);
    await expect(clientFor().languages()).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('to_words of the wrong length, or missing, is "invalid_response", never a partial result', async () => {
    sim.injectNext({ kind: 'wrongLength', endpoint: 'translate' }, { kind: 'missingToWords', endpoint: 'translate' });
    const wrong = await caught(() => clientFor().translate(request(['a', 'b', 'c']), KEY));
    expect(wrong).toMatchObject({ code: 'invalid_response' });
    expect((wrong as Error).message).toMatch(/to_words has 2 entries for 3/);
    const missing = await caught(() => clientFor().translate(request(['a']), KEY));
    expect(missing).toMatchObject({ code: 'invalid_response' });
    expect((missing as Error).message).toMatch(/to_words is missing/);
  });

  it('retries reads on 5xx and network errors with backoff', async () => {
    sim.injectNext({ kind: 'status', status: 503, endpoint: 'languages' }, { kind: 'reset', endpoint: 'languages' });
    expect((await clientFor().languages()).length).toBeGreaterThan(0);
    expect(sim.stats().requests.byEndpoint.languages).toBe(3);
  });

  it('retries a translate POST at most twice on 5xx, counting every attempt', async () => {
    sim.setFaults({ errorRates: { 500: 1 }, endpoints: ['translate'] });
    let attempts = 0;
    const error = await caught(() => clientFor({ retry: { retries: 5, baseDelayMs: 1 } }).translate(request(['Hi']), KEY, { onAttempt: () => attempts++ }));
    expect(error).toMatchObject({ code: 'http', reason: 'server_error', status: 500 });
    expect(attempts).toBe(3);
    expect(sim.stats().requests.byEndpoint.translate).toBe(3);
    sim.setFaults({});
    sim.injectNext({ kind: 'status', status: 502, endpoint: 'translate' });
    attempts = 0;
    const ok = await clientFor().translate(request(['Hi']), KEY, { onAttempt: () => attempts++ });
    expect(ok.to_words).toEqual(['[de] Uv']);
    expect(attempts).toBe(2);
  });

  it('status() is one attempt, even when it fails', async () => {
    sim.setFaults({ errorRates: { 503: 1 } });
    await expect(clientFor().status()).rejects.toMatchObject({ code: 'http', status: 503 });
    expect(sim.stats().requests.byEndpoint.status).toBe(1);
  });

  it('passes unknown WordType and BotType integers to the wire', async () => {
    await clientFor().translate({ ...request([]), words: [{ w: 'x', t: 42 }], bot: 7 }, KEY);
    const [entry] = sim.stats().translateLog;
    expect(entry).toMatchObject({ types: [42], bot: 7, keyValid: true });
  });

  it('errors are AppErrors whose shape holds no secret', async () => {
    const error = await caught(() => clientFor().translate(request(['Hi']), 'bad-key-0000'));
    expect(error).toBeInstanceOf(AppError);
    expect(JSON.stringify((error as AppError).toShape())).not.toContain('bad-key-0000');
  });

  it('a cancelled call is "cancelled"', async () => {
    sim.setFaults({ latencyMs: 1_000 });
    const controller = new AbortController();
    const pending = clientFor().translate(request(['Hi']), KEY, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });
});
