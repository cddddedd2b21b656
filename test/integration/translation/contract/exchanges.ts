/**
 * Request/response pairs written from translation-api-v1.md and spec/FACTS.md, not from the simulator: what a
 * client of API 1.0 sends, and what the service answers, field by field. `<KEY>` stands for the API key.
 */
export interface RecordedExchange {
  name: string;
  request: {
    method: 'GET' | 'POST';
    path: string;
    query: Record<string, string>;
    /** The JSON body, compared structurally; absent for GET. */
    body?: unknown;
  };
  response: { status: number; body: string };
}

export const KEY = 'wg_contract+KEY/0001==';

export const EXCHANGES: RecordedExchange[] = [
  {
    name: 'health: any 200 means up; the body is an empty array with no meaning',
    request: { method: 'GET', path: '/public/status', query: {} },
    response: { status: 200, body: '[]' },
  },
  {
    name: 'languages: an array of Language objects (extra fields may come)',
    request: { method: 'GET', path: '/public/languages', query: {} },
    response: {
      status: 200,
      body: JSON.stringify([
        { code: 'en', local_name: 'English', english_name: 'English' },
        { code: 'de', local_name: 'Deutsch', english_name: 'German' },
        { code: 'tw', local_name: '中文 (繁體)', english_name: 'Traditional Chinese', rtl: false },
      ]),
    },
  },
  {
    name: 'is-supported: languageFrom and languageTo in the query',
    request: { method: 'GET', path: '/public/languages/is-supported', query: { languageFrom: 'en', languageTo: 'de' } },
    response: { status: 200, body: '{"is_supported":true}' },
  },
  {
    name: 'translate: the simplest request (t = 1, an http(s) request_url), the key in the query',
    request: {
      method: 'POST',
      path: '/translate',
      query: { api_key: KEY },
      body: {
        l_from: 'en',
        l_to: 'de',
        words: [
          { w: 'We are investigating.', t: 1 },
          { w: 'Status', t: 9 },
        ],
        request_url: 'https://status.acme.example',
        bot: 0,
      },
    },
    response: {
      status: 200,
      body: JSON.stringify({
        l_from: 'en',
        l_to: 'de',
        title: '',
        request_url: 'https://status.acme.example',
        bot: 0,
        from_words: ['We are investigating.', 'Status'],
        to_words: ['Wir untersuchen das.', 'Status'],
      }),
    },
  },
  {
    name: 'translate: an entry with no translation comes back as null',
    request: {
      method: 'POST',
      path: '/translate',
      query: { api_key: KEY },
      body: {
        l_from: 'en',
        l_to: 'fr',
        words: [
          { w: 'Acme Cloud', t: 1 },
          { w: 'Resolved', t: 1 },
        ],
        request_url: 'https://status.acme.example',
        bot: 0,
      },
    },
    response: {
      status: 200,
      body: JSON.stringify({ l_from: 'en', l_to: 'fr', from_words: ['Acme Cloud', 'Resolved'], to_words: [null, 'Résolu'] }),
    },
  },
  {
    name: 'translate: a 400 with no body (error bodies are "not shown" in API 1.0)',
    request: {
      method: 'POST',
      path: '/translate',
      query: { api_key: KEY },
      body: { l_from: 'en', l_to: 'it', words: [{ w: 'Hello', t: 1 }], request_url: 'https://status.acme.example', bot: 0 },
    },
    response: { status: 400, body: '' },
  },
  {
    name: 'translate: a wrong key',
    request: {
      method: 'POST',
      path: '/translate',
      query: { api_key: 'wrong-key-0000' },
      body: { l_from: 'en', l_to: 'de', words: [{ w: 'Hello', t: 1 }], request_url: 'https://status.acme.example', bot: 0 },
    },
    response: { status: 401, body: '{"error":"Invalid API key"}' },
  },
];
