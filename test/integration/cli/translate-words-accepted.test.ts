import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { createTranslationService } from '../../../electron/core/translation/create-translation-service';
import { startTranslationSimulator, type TranslationSimulator } from '../../../simulators/translation';
import { makeTempDir } from '../../support/temp-dir';

/*
 * Words sent are counted only for requests the translation service accepted, on the command
 * line and in the window's totals (the same translator).
 */

const KEY = 'sim-words-accepted-key-7f3e';

let sim: TranslationSimulator;
let home: ReturnType<typeof makeTempDir>;
beforeEach(async () => {
  sim = await startTranslationSimulator({ key: KEY });
  home = makeTempDir('statusdesk-words-accepted-');
});
afterEach(async () => {
  await sim.close();
  home.remove();
});

describe('words sent count only what the service accepted', () => {
  it('statusdesk translate: of two requests, the refused one is not counted', async () => {
    // 601 one-word lines: two requests (600 entries each at most); the first to arrive is refused.
    const lines = Array.from({ length: 601 }, (_, n) => `word${n}`);
    sim.setFaults({ next: [{ kind: 'status', status: 500, endpoint: 'translate' }] });
    const result = await runCliIn(
      home.dir,
      ['translate', '--from', 'en', '--to', 'de', '--translation-base-url', sim.baseUrl],
      { STATUSDESK_TRANSLATION_KEY: KEY },
      {
        readStdin: () => Promise.resolve(`${lines.join('\n')}\n`),
      },
    );
    expect(result.code).toBe(1);
    const stats = sim.stats();
    expect(stats.requests.byEndpoint.translate).toBe(2);
    expect(stats.wordsReceived.total).toBe(601);
    const counted = /^(\d+) words? sent in (\d+) requests? the service accepted before the failure/m.exec(result.stderr);
    expect(counted, result.stderr).not.toBeNull();
    expect(Number(counted![1])).toBe(stats.wordsTranslated);
    expect(Number(counted![1])).toBeLessThan(601);
    expect(Number(counted![2])).toBe(1);
  });

  it("the window's totals: a refused request adds no words and no request", async () => {
    const service = await createTranslationService({ dataDir: home.dir, getKey: () => Promise.resolve(KEY), client: { baseUrl: sim.baseUrl } });
    try {
      sim.setFaults({ next: [{ kind: 'status', status: 400, endpoint: 'translate' }] });
      await expect(service.translator.translate({ from: 'en', to: 'de', type: 1, texts: ['Database maintenance tonight'] })).rejects.toThrow();
      expect(service.translator.totals()).toMatchObject({ requests: 0, wordsSent: 0 });
      const done = await service.translator.translate({ from: 'en', to: 'de', type: 1, texts: ['Database maintenance tonight'] });
      expect(done.counters).toMatchObject({ requests: 1, wordsSent: 3 });
      expect(service.translator.totals()).toMatchObject({ requests: 1, wordsSent: 3 });
      expect(sim.stats().wordsReceived.total).toBe(6);
    } finally {
      await service.close();
    }
  });
});
