import http from 'node:http';
import https from 'node:https';
import { MAX_RESPONSE_BYTES, ResponseTooLargeError } from './bounded-response';

/*
 * A fetch over node:http for short-lived processes. Node 20's fetch compiles undici's HTTP parser to
 * WebAssembly on first use and tiers it up on a background thread, which the process then waits for at exit:
 * about 70 ms added to every `statusdesk status`. node:http has its parser built in. It does what the clients
 * ask of fetch: method, headers, a string body, an abort signal, no redirects followed (a redirect could carry
 * a key elsewhere), no more than MAX_RESPONSE_BYTES of body; the answer is a standard Response. Errors keep node's own `code`, which
 * http/network-failure.ts reads whatever the transport.
 */

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function headersOf(init: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (init !== undefined) new Headers(init).forEach((value, name) => (out[name] = value));
  return out;
}

export function nodeHttpFetch(input: string, init: RequestInit = {}): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
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
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: init.method ?? 'GET', headers, ...(signal ? { signal } : {}) },
      (answer) => {
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
          try {
            const responseHeaders = new Headers();
            for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) responseHeaders.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
            resolve(
              new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), {
                status,
                statusText: answer.statusMessage ?? '',
                headers: responseHeaders,
              }),
            );
          } catch (error) {
            // What a Response refuses (a status outside 200–599, a malformed header) is, as for fetch, a network error.
            reject(new TypeError(`The server answered an invalid HTTP response (status ${status}).`, { cause: error }));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
