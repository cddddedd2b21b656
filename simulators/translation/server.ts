import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Language } from '@shared/translation/language';
import { FaultInjector, type SimEndpoint, type SimOneShotFault, type TranslationSimFaults } from './faults';
import { allPairs, DEFAULT_SIM_LANGUAGES } from './languages';
import { pseudoTranslate } from './pseudo-translate';
import { SimCounters, type TranslationSimStats } from './stats';

export interface TranslationSimulatorOptions {
  /** Default 0 (a free port). Always bound to 127.0.0.1. */
  port?: number;
  /** The valid API key; a random one when absent. */
  key?: string;
  /** More valid keys (for example one per test user). */
  extraKeys?: string[];
  languages?: readonly Language[];
  /** Ordered [from, to] pairs that are supported; every pair of distinct listed languages when absent. */
  supportedPairs?: Array<[string, string]>;
  /** Words that may be translated before answering 400; unlimited when absent or null. */
  wordQuota?: number | null;
  faults?: TranslationSimFaults;
  /** Seed of the fault draws. */
  seed?: number;
  /** Translate log entries kept (oldest dropped). Default 20,000. */
  logLimit?: number;
}

export interface TranslationSimulator {
  /** http://127.0.0.1:<port>; give it to TranslationClient as baseUrl. */
  baseUrl: string;
  port: number;
  /** A valid API key. */
  key: string;
  languages: readonly Language[];
  stats(): TranslationSimStats;
  resetStats(): void;
  /** Replaces the fault configuration (`{}` turns faults off). */
  setFaults(faults: TranslationSimFaults): void;
  /** Queues one-shot faults for the next matching requests. */
  injectNext(...faults: SimOneShotFault[]): void;
  /** Sets the quota (null: unlimited) and resets the words used against it. */
  setQuota(limit: number | null): void;
  setSupportedPairs(pairs: Array<[string, string]>): void;
  /** Stops listening and drops open connections and pending answers. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;

function endpointOf(method: string, path: string): SimEndpoint {
  if (method === 'GET' && path === '/public/status') return 'status';
  if (method === 'GET' && path === '/public/languages') return 'languages';
  if (method === 'GET' && path === '/public/languages/is-supported') return 'isSupported';
  if (method === 'POST' && path === '/translate') return 'translate';
  return 'other';
}

function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

interface ParsedTranslateBody {
  lFrom: string;
  lTo: string;
  words: Array<{ w: string; t: number }>;
  bot: number | null;
  requestUrl: string | null;
  title: string | null;
}

/** A body that could not be used, and the service's sentence about why. */
interface BodyProblem {
  problem: string;
}

/** WordType values of API 1.0. */
const MAX_WORD_TYPE = 10;

function parseTranslateBody(raw: string): ParsedTranslateBody | BodyProblem {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { problem: 'Malformed request: the body is not JSON.' };
  }
  if (typeof body !== 'object' || body === null) return { problem: 'Malformed request: the body must be a JSON object.' };
  const b = body as Record<string, unknown>;
  if (typeof b.l_from !== 'string' || typeof b.l_to !== 'string') return { problem: 'Malformed request: l_from and l_to are required.' };
  if (!Array.isArray(b.words)) return { problem: 'Malformed request: words must be an array.' };
  const words: Array<{ w: string; t: number }> = [];
  for (const word of b.words) {
    const w = word as { w?: unknown; t?: unknown } | null;
    if (!w || typeof w.w !== 'string') return { problem: 'Malformed request: every word needs a string w.' };
    if (typeof w.t !== 'number' || !Number.isInteger(w.t) || w.t < 0 || w.t > MAX_WORD_TYPE) {
      return { problem: `Malformed request: word type ${JSON.stringify(w.t)} is not a WordType (0 to ${MAX_WORD_TYPE}).` };
    }
    words.push({ w: w.w, t: w.t });
  }
  return {
    lFrom: b.l_from,
    lTo: b.l_to,
    words,
    bot: typeof b.bot === 'number' ? b.bot : null,
    requestUrl: typeof b.request_url === 'string' ? b.request_url : null,
    title: typeof b.title === 'string' ? b.title : null,
  };
}

/**
 * A stateful stand-in for the translation API 1.0 on 127.0.0.1: the four endpoints, key checks (401), a word
 * quota (400), supported pairs, deterministic pseudo-translation (see pseudo-translate.ts), fault injection,
 * counters and a log of translate requests. Used by tests, the benchmark and the demo mode.
 */
export async function startTranslationSimulator(options: TranslationSimulatorOptions = {}): Promise<TranslationSimulator> {
  const key = options.key ?? `sim-${randomBytes(12).toString('hex')}`;
  const keys = new Set([key, ...(options.extraKeys ?? [])]);
  const languages = options.languages ?? DEFAULT_SIM_LANGUAGES;
  const pairKey = (from: string, to: string) => `${from}\u0000${to}`;
  let pairs = new Set((options.supportedPairs ?? allPairs(languages)).map(([a, b]) => pairKey(a, b)));
  let quota: { limit: number | null; used: number } = { limit: options.wordQuota ?? null, used: 0 };
  const faults = new FaultInjector(options.seed ?? 1);
  if (options.faults) faults.set(options.faults);
  const counters = new SimCounters(options.logLimit ?? 20_000);
  const sockets = new Set<Socket>();
  const waits = new Set<() => void>();
  let closed = false;

  // A wait that close() cuts short, so no timer outlives the server.
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waits.add(done);
    });

  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed || res.headersSent) return;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string | null>((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      });
      req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
      req.on('error', () => resolve(null));
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const endpoint = endpointOf(method, url.pathname);
    counters.request(endpoint);
    const end = counters.begin(endpoint);
    res.on('close', end);
    const raw = method === 'POST' ? await readBody(req) : '';
    const read = endpoint === 'translate' && raw !== null ? parseTranslateBody(raw) : null;
    const body = read !== null && !('problem' in read) ? read : null;
    const words = body ? body.words.reduce((sum, w) => sum + countWords(w.w), 0) : 0;
    counters.received(endpoint, words);
    const keyValid = keys.has(url.searchParams.get('api_key') ?? '');
    const entry = body
      ? counters.logTranslate({
          at: Date.now(),
          lFrom: body.lFrom,
          lTo: body.lTo,
          bot: body.bot,
          requestUrl: body.requestUrl,
          title: body.title,
          texts: body.words.map((w) => w.w),
          types: body.words.map((w) => w.t),
          words,
          keyValid,
          status: 0,
        })
      : null;
    const answer = (status: number, payload: unknown) => {
      if (entry) entry.status = status;
      send(res, status, payload);
    };

    const { latencyMs, fault } = faults.decide(endpoint);
    if (latencyMs > 0) await wait(latencyMs);
    if (closed) return;
    if (fault.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault.kind === 'status') return answer(fault.status, { succeeded: 0, error: `Injected fault: HTTP ${fault.status}.` });
    if (fault.kind === 'malformed') {
      if (entry) entry.status = 200;
      send(res, 200, '{"from_words": ["truncated');
      return;
    }

    switch (endpoint) {
      case 'status':
        return answer(200, []);
      case 'languages':
        return answer(200, languages);
      case 'isSupported': {
        const from = url.searchParams.get('languageFrom');
        const to = url.searchParams.get('languageTo');
        if (!from || !to) return answer(400, { succeeded: 0, error: 'Malformed request: languageFrom and languageTo are required.' });
        return answer(200, { is_supported: pairs.has(pairKey(from, to)) });
      }
      case 'translate': {
        // Each 400 says why in its own words (succeeded/error, as the service's JSON errors do), so a client
        // can tell a malformed body from an unsupported pair from a used-up word quota.
        if (!keyValid) return answer(401, { succeeded: 0, error: 'Invalid API key.' });
        if (raw === null) return answer(400, { succeeded: 0, error: `Malformed request: the body is larger than ${MAX_BODY_BYTES} bytes.` });
        if (read !== null && 'problem' in read) return answer(400, { succeeded: 0, error: read.problem });
        if (body === null) return answer(400, { succeeded: 0, error: 'Malformed request.' });
        if (!pairs.has(pairKey(body.lFrom, body.lTo))) {
          return answer(400, { succeeded: 0, error: `Language pair ${body.lFrom} to ${body.lTo} is not supported.` });
        }
        if (quota.limit !== null && quota.used + words > quota.limit) {
          return answer(400, { succeeded: 0, error: `Word quota exceeded: ${quota.used} of ${quota.limit} words used this month.` });
        }
        quota = { ...quota, used: quota.used + words };
        counters.wordsTranslated += words;
        let toWords: Array<string | null> | undefined = body.words.map((w) => pseudoTranslate(w.w, body.lTo));
        if (fault.kind === 'nullEntry' && fault.index < toWords.length) toWords[fault.index] = null;
        if (fault.kind === 'wrongLength') toWords = toWords.slice(0, Math.max(0, toWords.length - 1));
        if (fault.kind === 'missingToWords') toWords = undefined;
        return answer(200, {
          l_from: body.lFrom,
          l_to: body.lTo,
          title: body.title ?? '',
          request_url: body.requestUrl ?? '',
          bot: body.bot ?? 0,
          from_words: body.words.map((w) => w.w),
          ...(toWords === undefined ? {} : { to_words: toWords }),
        });
      }
      default:
        return answer(404, { succeeded: 0, error: 'Not found.' });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'simulator failure' });
      else res.destroy();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    key,
    languages,
    stats: () => counters.snapshot(quota),
    resetStats: () => counters.reset(),
    setFaults: (next) => faults.set(next),
    injectNext: (...next) => faults.push(...next),
    setQuota: (limit) => {
      quota = { limit, used: 0 };
    },
    setSupportedPairs: (next) => {
      pairs = new Set(next.map(([a, b]) => pairKey(a, b)));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      for (const done of [...waits]) done();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await stopped;
    },
  };
}
