import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TranslationClient } from '../../../electron/core/translation';
import { EXCHANGES, KEY } from './contract/exchanges';
import { startReplayServer, type ReplayServer } from './contract/replay-server';
import { caught } from './support/secret-free';

/** The client against request/response pairs written from the contract (translation-api-v1.md), not the simulator. */
describe('TranslationClient, contract: recorded API 1.0 exchanges', () => {
  let replay: ReplayServer;
  const client = () => new TranslationClient({ baseUrl: replay.baseUrl, retry: { retries: 0 } });
  const words = (texts: string[], t = 1) => texts.map((w) => ({ w, t }));

  beforeEach(async () => {
    replay = await startReplayServer(EXCHANGES);
  });
  afterEach(async () => {
    expect(replay.unmatched).toEqual([]);
    await replay.close();
  });

  it('health, languages and the pair check send what the spec lists and read what it returns', async () => {
    await client().status();
    expect(await client().languages()).toEqual([
      { code: 'en', local_name: 'English', english_name: 'English' },
      { code: 'de', local_name: 'Deutsch', english_name: 'German' },
      { code: 'tw', local_name: '中文 (繁體)', english_name: 'Traditional Chinese' },
    ]);
    expect(await client().isSupported('en', 'de')).toBe(true);
    expect(replay.served.size).toBe(3);
  });

  it('translate sends the simplest request with the key in the query and JSON content type', async () => {
    const response = await client().translate(
      { l_from: 'en', l_to: 'de', words: [...words(['We are investigating.']), ...words(['Status'], 9)], request_url: 'https://status.acme.example', bot: 0 },
      KEY,
    );
    expect(response.to_words).toEqual(['Wir untersuchen das.', 'Status']);
    expect(response.resent).toBe(0);
    expect(replay.contentTypes.at(-1)).toBe('application/json');
  });

  it('a null in to_words is a usable answer', async () => {
    const response = await client().translate(
      { l_from: 'en', l_to: 'fr', words: words(['Acme Cloud', 'Resolved']), request_url: 'https://status.acme.example', bot: 0 },
      KEY,
    );
    expect(response.to_words).toEqual([null, 'Résolu']);
  });

  it('a 400 without a body is a refused request, not a claim about the quota', async () => {
    const error = await caught(() =>
      client().translate({ l_from: 'en', l_to: 'it', words: words(['Hello']), request_url: 'https://status.acme.example', bot: 0 }, KEY),
    );
    expect(error).toMatchObject({ code: 'http', reason: 'bad_request', status: 400 });
    expect((error as Error).message).toBe('Translation service (POST /translate): the service refused the request (HTTP 400), without saying why.');
    expect((error as Error).message).not.toMatch(/quota|plan/);
  });

  it('a 401 is an invalid key, quoting the server without the key', async () => {
    const error = await caught(() =>
      client().translate({ l_from: 'en', l_to: 'de', words: words(['Hello']), request_url: 'https://status.acme.example', bot: 0 }, 'wrong-key-0000'),
    );
    expect(error).toMatchObject({ code: 'unauthorized', reason: 'invalid_key', status: 401 });
    expect((error as Error).message).toBe(
      'Translation service (POST /translate): the translation key is invalid or was refused (HTTP 401): "Invalid API key".',
    );
  });
});
