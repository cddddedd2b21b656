import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTranslationSimulator, type TranslationSimulator } from '../../../simulators/translation';
import { TranslationApiError, TranslationClient, type TranslationClientOptions } from '../../../electron/core/translation';
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
    expect(response.to_words).toEqual(['[de] Hello world', '[de] Down']);
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

  it('a 400 whose body speaks of the quota is "forbidden" (translations_unavailable), quoting the server, not retried', async () => {
    sim.setQuota(3);
    await clientFor().translate(request(['one two three']), KEY);
    const error = await caught(() => clientFor().translate(request(['four']), KEY));
    expect(error).toMatchObject({ code: 'forbidden', reason: 'translations_unavailable', status: 400 });
    expect((error as Error).message).toContain('"Word quota exceeded: 3 of 3 words used this month."');
    expectNoSecret(error, KEY);
    expect(sim.stats().requests.byEndpoint.translate).toBe(2);
  });

  it("the simulator's other 400s are told apart: an unsupported pair, a malformed body", async () => {
    sim.setSupportedPairs([['en', 'fr']]);
    const pair = await caught(() => clientFor().translate(request(['Hi']), KEY));
    expect(pair).toMatchObject({ code: 'unsupported', reason: 'unsupported_pair', status: 400 });
    expect((pair as Error).message).toContain('Language pair en to de is not supported.');
    const raw = await fetch(`${sim.baseUrl}/translate?api_key=${encodeURIComponent(KEY)}`, { method: 'POST', body: '{"l_from":"en"' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ succeeded: 0, error: 'Malformed request: the body is not JSON.' });
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

  it('a reset connection is "network", is not sent again (it may have been billed), and the key does not leak', async () => {
    sim.setFaults({ resetRate: 1 });
    const error = await caught(() => clientFor().translate(request(['Hi']), KEY));
    expect(error).toMatchObject({ code: 'network', neverSent: false });
    expect((error as Error).message).toMatch(/Not sent again: the request may have reached the service and been billed/);
    expectNoSecret(error, KEY);
    expect(sim.stats().requests.byEndpoint.translate).toBe(1);
  });

  it('a translate POST whose connection was refused is sent again, and the answer says so', async () => {
    const { port } = sim;
    await sim.close();
    let attempts = 0;
    const client = new TranslationClient({
      baseUrl: `http://127.0.0.1:${port}`,
      // The service comes up while the client waits to retry: the first try provably never reached it.
      retry: { sleep: async () => void (sim = await startTranslationSimulator({ key: KEY, port })) },
    });
    const response = await client.translate(request(['Hi']), KEY, { onAttempt: () => attempts++ });
    expect(response).toMatchObject({ to_words: ['[de] Hi'], resent: 1 });
    expect(attempts).toBe(2);
    expect(sim.stats().requests.byEndpoint.translate).toBe(1);
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

  it('does not send a translate POST again after a 5xx or a timeout: it may have been billed', async () => {
    sim.injectNext({ kind: 'status', status: 502, endpoint: 'translate' });
    let attempts = 0;
    const error = await caught(() => clientFor({ retry: { retries: 5, baseDelayMs: 1 } }).translate(request(['Hi']), KEY, { onAttempt: () => attempts++ }));
    expect(error).toMatchObject({ code: 'http', reason: 'server_error', status: 502 });
    expect((error as Error).message).toMatch(/HTTP 502.*Injected fault.*Not sent again/);
    expect(attempts).toBe(1);
    sim.setFaults({ latencyMs: 500, endpoints: ['translate'] });
    let slowAttempts = 0;
    const slow = await caught(() => clientFor({ translateTimeoutMs: 50 }).translate(request(['Hi']), KEY, { onAttempt: () => slowAttempts++ }));
    expect(slow).toMatchObject({ code: 'timeout' });
    // Counted where it is sent: on a busy machine 50 ms can pass before the simulator has even read the request.
    expect(slowAttempts).toBe(1);
    expect(sim.stats().requests.byEndpoint.translate).toBeLessThanOrEqual(2);
  });

  it('a null entry in to_words is accepted (the service had no translation for it)', async () => {
    sim.injectNext({ kind: 'nullEntry', index: 1, endpoint: 'translate' });
    const response = await clientFor().translate(request(['Up', 'Down']), KEY);
    expect(response.to_words).toEqual(['[de] Up', null]);
  });

  it('status() is one attempt, even when it fails', async () => {
    sim.setFaults({ errorRates: { 503: 1 } });
    await expect(clientFor().status()).rejects.toMatchObject({ code: 'http', status: 503 });
    expect(sim.stats().requests.byEndpoint.status).toBe(1);
  });

  it('refuses a word type outside 0..10 before sending; passes an unknown BotType integer to the wire', async () => {
    for (const t of [11, -1, 42]) {
      const error = await caught(() => clientFor().translate({ ...request([]), words: [{ w: 'x', t }] }, KEY));
      expect(error).toMatchObject({ code: 'invalid_input', reason: 'invalid_input' });
      expect((error as Error).message).toMatch(/not sent: words\.0\.t: A word type is a whole number from 0 to 10/);
    }
    expect(sim.stats().requests.total).toBe(0);
    await clientFor().translate({ ...request([]), words: [{ w: 'x', t: 10 }], bot: 7 }, KEY);
    expect(sim.stats().translateLog[0]).toMatchObject({ types: [10], bot: 7, keyValid: true });
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
