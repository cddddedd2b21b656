import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TRANSLATE_TIMEOUT_MS, outcomeUnknown, TranslationClient } from '../../../electron/core/translation/client';
import { TranslationAppService } from '../../../electron/core/translation/translation-app-service';
import { translationHistoryEntrySchema } from '../../../shared/translation/history-entry';
import { makeTempDir } from '../../support/temp-dir';

/*
 * The public PHP client of the translation API waits 80 s for POST /translate; a large batch can take the
 * service longer than 30 s. A translate that was sent and never answered may have been translated and billed:
 * it is not sent again, and the history records it as "outcome unknown, may be billed".
 */

const KEY = 'wg_unit-test-key-0001';
const request = { l_from: 'en', l_to: 'de', words: [{ w: 'Hello', t: 1 }], request_url: 'https://status.example.com' };
const answer = () => new Response(JSON.stringify({ from_words: ['Hello'], to_words: ['Hallo'] }), { status: 200 });

/** A fetch that answers after `ms`, or never when `ms` is Infinity (until the caller aborts). */
function slowFetch(ms: number) {
  return (url: string, init: RequestInit): Promise<Response> => {
    if (url.includes('/is-supported')) return Promise.resolve(new Response('{"is_supported":true}', { status: 200 }));
    return new Promise((resolve, reject) => {
      const timer = Number.isFinite(ms) ? setTimeout(() => resolve(answer()), ms) : undefined;
      init.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  };
}

afterEach(() => vi.useRealTimers());

describe('translate timeout', () => {
  it('allows what the service needs: the public client waits 80 s, an answer after 45 s is taken', async () => {
    expect(DEFAULT_TRANSLATE_TIMEOUT_MS).toBeGreaterThanOrEqual(80_000);
    vi.useFakeTimers();
    const client = new TranslationClient({ baseUrl: 'https://api.example.test', fetch: slowFetch(45_000), retry: { retries: 0 } });
    const pending = client.translate(request, KEY);
    await vi.advanceTimersByTimeAsync(45_000);
    await expect(pending).resolves.toMatchObject({ to_words: ['Hallo'] });
  });

  it('a translate that timed out is recorded in the history as outcome unknown, may be billed; it is not sent again', async () => {
    const temp = makeTempDir('statusdesk-outcome-unknown-');
    let translateCalls = 0;
    const never = slowFetch(Infinity);
    const service = new TranslationAppService({
      dataDir: temp.dir,
      settings: { get: () => ({ translation: { baseUrl: 'https://api.example.test' } }), update: () => ({}) } as never,
      vault: {} as never,
      getKey: async () => KEY,
      client: {
        translateTimeoutMs: 50,
        retry: { baseDelayMs: 1, maxDelayMs: 2 },
        fetch: (url, init) => {
          if (url.includes('/translate')) translateCalls++;
          return never(url, init);
        },
      },
    });
    try {
      const error = await service.translate({ from: 'en', to: 'de', texts: ['Our API is down'] }).catch((e: unknown) => e);
      expect(outcomeUnknown(error)).toBe(true);
      expect(translateCalls).toBe(1);
      const [entry, ...rest] = await service.history();
      expect(rest).toEqual([]);
      expect(translationHistoryEntrySchema.parse(entry)).toMatchObject({ texts: ['Our API is down'], translations: [], outcome: 'unknown' });
      expect(entry!.reason).toMatch(/^outcome unknown, may be billed: .*no answer within 50 ms/);
      expect(entry!.reason).not.toContain(KEY);
    } finally {
      await service.close();
      temp.remove();
    }
  });

  it('an entry written before outcomes were recorded still loads as translated', () => {
    const old = { id: 'a', at: '2025-01-01T00:00:00.000Z', from: 'en', to: 'de', type: 1, texts: ['x'], translations: ['y'] };
    expect(translationHistoryEntrySchema.parse(old).outcome).toBeUndefined();
  });
});
