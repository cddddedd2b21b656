import http from 'node:http';
import { MAX_RESPONSE_BYTES, ResponseTooLargeError } from './bounded-response';
import type { HeaderLookup, ReadAnswer } from './timed-exchange';

/*
 * A fetch over node:http for short-lived processes (the command line). Node 20's fetch compiles undici's HTTP
 * parser to WebAssembly on first use and tiers it up on a background thread, which the process then waits for
 * at exit; and its Headers and Response alone load undici (35–40 ms of a cold start). node:http has its parser
 * built in, and the answer is a plain ReadAnswer, no WHATWG object. It does what the clients ask of fetch:
 * method, headers, a string body, an abort signal, no redirects followed (a redirect could carry a key
 * elsewhere), no more than MAX_RESPONSE_BYTES of body. Errors keep node's own `code`, which
 * http/network-failure.ts reads whatever the transport.
 */

/** node:https loads TLS and most of node:crypto: only for an https address (a server on this computer or the local network is often plain http). */
const requestOf = (url: URL): typeof http.request => (url.protocol === 'https:' ? process.getBuiltinModule('node:https').request : http.request);

/** Statuses whose answer has no body, whatever the server sent (as fetch's Response). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** The request's headers, names in lower case; a name given twice gets both values, as fetch's Headers does. */
function headersOf(init: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (name: string, value: string) => {
    const key = name.toLowerCase();
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  };
  if (init === undefined) return out;
  if (Array.isArray(init)) for (const [name, value] of init) add(String(name), String(value));
  else if (typeof (init as Headers).forEach === 'function') (init as Headers).forEach((value, name) => add(name, value));
  else for (const [name, value] of Object.entries(init)) add(name, String(value));
  return out;
}

/** The answer's headers as fetch's Headers.get reads them: any case, repeated ones joined with ", ". */
function lookupOf(rawHeaders: readonly string[]): HeaderLookup {
  const values = new Map<string, string>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    const value = rawHeaders[i + 1]!.trim();
    const before = values.get(name);
    values.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  return { get: (name) => values.get(name.toLowerCase()) ?? null };
}

export function nodeHttpFetch(input: string, init: RequestInit = {}): Promise<ReadAnswer> {
  return new Promise<ReadAnswer>((resolve, reject) => {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      reject(new TypeError(`Only http and https URLs can be fetched, not ${url.protocol}`));
      return;
    }
    const signal = init.signal ?? undefined;
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
      return;
    }
    const body = init.body ?? undefined;
    if (body !== undefined && typeof body !== 'string') {
      reject(new TypeError('nodeHttpFetch sends string bodies only'));
      return;
    }
    const headers = headersOf(init.headers);
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const request = requestOf(url)(url, { method: init.method ?? 'GET', headers, ...(signal ? { signal } : {}) }, (answer) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      answer.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= MAX_RESPONSE_BYTES) chunks.push(chunk);
        else {
          reject(new ResponseTooLargeError(MAX_RESPONSE_BYTES));
          request.destroy();
        }
      });
      answer.on('error', reject);
      answer.on('end', () => {
        const status = answer.statusCode ?? 0;
        // What fetch's Response refuses (a status outside 200–599) is, as for fetch, a network error.
        if (status < 200 || status > 599) {
          reject(new TypeError(`The server answered an invalid HTTP response (status ${status}).`));
          return;
        }
        resolve({
          status,
          headers: lookupOf(answer.rawHeaders),
          bodyText: NULL_BODY_STATUSES.has(status) ? '' : Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
