import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTranslationSimulator, type TranslationSimulator } from '../../../simulators/translation';

const post = (sim: TranslationSimulator, body: unknown, key: string | null = sim.key) =>
  fetch(`${sim.baseUrl}/translate${key === null ? '' : `?api_key=${encodeURIComponent(key)}`}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const body = (words: string[], to = 'de') => ({ l_from: 'en', l_to: to, request_url: 'https://x', words: words.map((w) => ({ w, t: 1 })) });

describe('translation simulator over HTTP', () => {
  let sim: TranslationSimulator;
  beforeEach(async () => {
    sim = await startTranslationSimulator({ wordQuota: 10, supportedPairs: [['en', 'de']] });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('listens on 127.0.0.1 with a random port and a random key', () => {
    expect(sim.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sim.port).toBeGreaterThan(0);
    expect(sim.key).toMatch(/^sim-/);
  });

  it('answers the public endpoints', async () => {
    const status = await fetch(`${sim.baseUrl}/public/status`);
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual([]);
    const languages = (await (await fetch(`${sim.baseUrl}/public/languages`)).json()) as unknown[];
    expect(languages.length).toBeGreaterThanOrEqual(12);
    const yes = await (await fetch(`${sim.baseUrl}/public/languages/is-supported?languageFrom=en&languageTo=de`)).json();
    const no = await (await fetch(`${sim.baseUrl}/public/languages/is-supported?languageFrom=de&languageTo=en`)).json();
    expect([yes, no]).toEqual([{ is_supported: true }, { is_supported: false }]);
    expect((await fetch(`${sim.baseUrl}/nope`)).status).toBe(404);
  });

  it('checks the key (401 when wrong or missing), the pair, the body and the quota (400)', async () => {
    expect((await post(sim, body(['a']), null)).status).toBe(401);
    expect((await post(sim, body(['a']), 'wrong')).status).toBe(401);
    expect((await post(sim, body(['a'], 'fr'))).status).toBe(400);
    expect((await post(sim, '{nope')).status).toBe(400);
    const ok = await post(sim, body(['one two three four five six', 'seven']));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      l_from: 'en',
      l_to: 'de',
      from_words: ['one two three four five six', 'seven'],
      to_words: ['[de] one two three four five six', '[de] seven'],
    });
    expect((await post(sim, body(['eight nine ten eleven']))).status).toBe(400);
    expect(sim.stats().quota).toEqual({ limit: 10, used: 7 });
    sim.setQuota(null);
    expect((await post(sim, body(['eight nine ten eleven']))).status).toBe(200);
  });

  it('counts requests and words per endpoint and logs translate requests without the key', async () => {
    await fetch(`${sim.baseUrl}/public/status`);
    await post(sim, body(['a b c', 'd']));
    await post(sim, body(['e']), 'bad');
    const stats = sim.stats();
    expect(stats.requests).toEqual({ total: 3, byEndpoint: { status: 1, languages: 0, isSupported: 0, translate: 2, other: 0 } });
    expect(stats.wordsReceived.total).toBe(5);
    expect(stats.wordsReceived.byEndpoint.translate).toBe(5);
    expect(stats.wordsTranslated).toBe(4);
    expect(stats.translateLog.map((e) => [e.seq, e.texts, e.words, e.keyValid, e.status])).toEqual([
      [1, ['a b c', 'd'], 4, true, 200],
      [2, ['e'], 1, false, 401],
    ]);
    expect(JSON.stringify(stats)).not.toContain(sim.key);
    sim.resetStats();
    expect(sim.stats().requests.total).toBe(0);
    expect(sim.stats().translateLog).toEqual([]);
  });

  it('injects latency, statuses, resets, malformed JSON and wrong-length answers', async () => {
    sim.setQuota(null);
    sim.injectNext(
      { kind: 'latency', ms: 60 },
      { kind: 'status', status: 503 },
      { kind: 'reset' },
      { kind: 'malformed' },
      { kind: 'wrongLength', endpoint: 'translate' },
    );
    const started = Date.now();
    expect((await fetch(`${sim.baseUrl}/public/status`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect((await fetch(`${sim.baseUrl}/public/status`)).status).toBe(503);
    await expect(fetch(`${sim.baseUrl}/public/status`)).rejects.toThrow();
    const malformed = await fetch(`${sim.baseUrl}/public/languages`);
    await expect(malformed.json()).rejects.toThrow();
    const short = (await (await post(sim, body(['a', 'b']))).json()) as { to_words: string[] };
    expect(short.to_words).toHaveLength(1);
    sim.setFaults({ errorRates: { 500: 1 }, endpoints: ['translate'] });
    expect((await fetch(`${sim.baseUrl}/public/status`)).status).toBe(200);
    expect((await post(sim, body(['a']))).status).toBe(500);
  });

  it('close() ends a pending slow answer and frees the port', async () => {
    sim.setFaults({ latencyMs: 10_000 });
    const pending = fetch(`${sim.baseUrl}/public/status`).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 30));
    const started = Date.now();
    await sim.close();
    // Well before the 10 s answer it would otherwise wait for.
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(await pending).toBeInstanceOf(Error);
    await expect(fetch(`${sim.baseUrl}/public/status`)).rejects.toThrow();
  });
});
