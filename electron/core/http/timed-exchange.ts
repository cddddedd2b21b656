import { readCappedText } from './bounded-response';

/*
 * One HTTP exchange as the three API clients make it: a time limit covering the headers and the whole body,
 * the caller's cancel signal, a body read no further than MAX_RESPONSE_BYTES, and no redirect followed (a redirect could carry a key or token elsewhere; none
 * of the APIs has a reason to redirect). Any HTTP status is an answer, not an error; a failure is handed to
 * the client's own `fail`, which makes its typed error of it (and strips its secrets).
 */

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A header by its name, in any case; a repeated one's values joined with ", " (what fetch's Headers.get gives). */
export interface HeaderLookup {
  get(name: string): string | null;
}

/**
 * An answer read in full, within MAX_RESPONSE_BYTES, with no WHATWG object: what the command line's transport
 * over node:http gives (node-http-fetch.ts), so a command never loads undici.
 */
export interface ReadAnswer {
  readonly status: number;
  readonly headers: HeaderLookup;
  readonly bodyText: string;
}

/** What an exchange sends through: fetch (outboundFetch, or a test's) or a transport answering ReadAnswers. */
export type ExchangeFetch = (input: string, init: RequestInit) => Promise<Response | ReadAnswer>;

export interface Exchange {
  status: number;
  headers: HeaderLookup;
  /** The whole body as text; '' for none. */
  text: string;
}

export type ExchangeFailure =
  /** The time limit passed; `status` when the headers had come. */
  { kind: 'timeout'; timeoutMs: number; status: number | undefined } | { kind: 'cancelled' } | { kind: 'network'; error: unknown };

interface ExchangeOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  fail: (failure: ExchangeFailure) => Error;
}

export async function timedExchange(
  fetchImpl: ExchangeFetch,
  url: string,
  init: Omit<RequestInit, 'signal' | 'redirect'>,
  options: ExchangeOptions,
): Promise<Exchange> {
  if (options.signal?.aborted) throw options.fail({ kind: 'cancelled' });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let status: number | undefined;
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal, redirect: 'manual' });
    status = response.status;
    const text = 'bodyText' in response ? response.bodyText : await readCappedText(response);
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (timedOut) throw options.fail({ kind: 'timeout', timeoutMs: options.timeoutMs, status });
    if (options.signal?.aborted) throw options.fail({ kind: 'cancelled' });
    throw options.fail({ kind: 'network', error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}
