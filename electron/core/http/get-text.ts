import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { isPrivateAddress, literalAddressOf, privateAddressError, publicOnlyLookup } from './address-policy';
import { MAX_RESPONSE_BYTES } from './bounded-response';
import { errorForCancel, errorForInvalidResponse, errorForNetworkFailure, errorForTimeout, type RequestContext } from '@core/statuspal-client/errors';

/*
 * A GET that returns the body as text, on node:http(s) with keep-alive agents. The monitor's
 * default transport: WHATWG fetch (undici) costs several times more CPU per request (streams,
 * Response and Headers objects), which 500 pages every minute would notice. Same error
 * vocabulary as the client's transport; redirects are not followed (nor are they by the client).
 */

export interface TextResponse {
  status: number;
  header(name: string): string | undefined;
  text: string;
}

interface HttpGetOptions {
  headers: Record<string, string>;
  /** Headers and body together. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Larger bodies are refused (a summary is tens of kilobytes); counted after decompression. */
  maxBytes?: number;
  /** Decode a gzip, deflate or br body (the caller sent Accept-Encoding); default: bodies are taken as sent. */
  decompress?: boolean;
  /**
   * A public page: never connect to this computer or the local network, checked on the resolved address
   * (address-policy.ts). Required, so every caller says who named the address: only a server the user typed
   * (an account's, or this computer for local development) may be on the inside.
   */
  publicOnly: boolean;
}

function decoderOf(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

// A handful of sockets per server (polls are spread over the interval); LIFO reuses the warm
// socket and lets the others time out.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 8, scheduling: 'lifo' }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 8, scheduling: 'lifo' }),
};

export function httpGetText(url: string, options: HttpGetOptions, context: RequestContext): Promise<TextResponse> {
  return new Promise<TextResponse>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(errorForCancel(context));
      return;
    }
    const target = new URL(url);
    const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
    const literal = literalAddressOf(target);
    if (options.publicOnly && literal !== null && isPrivateAddress(literal)) {
      reject(errorForNetworkFailure(privateAddressError(target.host), context));
      return;
    }
    const request = (protocol === 'https:' ? https : http).request(target, {
      method: 'GET',
      headers: options.headers,
      agent: agents[protocol],
      ...(options.publicOnly ? { lookup: publicOnlyLookup } : {}),
    });
    let status: number | undefined;
    let settled = false;
    let timedOut = false;
    const finish = (error: unknown, value?: TextResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (value) resolve(value);
      else reject(error);
    };
    const fail = (error: unknown) => {
      if (timedOut) finish(errorForTimeout(context, options.timeoutMs, status));
      else if (options.signal?.aborted) finish(errorForCancel(context));
      else finish(errorForNetworkFailure(error, context));
    };
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error('timeout'));
    }, options.timeoutMs);
    const onAbort = () => request.destroy(new Error('aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    request.on('error', fail);
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let bytes = 0;
      const max = options.maxBytes ?? MAX_RESPONSE_BYTES;
      // A 304 or 204 has no body to decode, whatever Content-Encoding it repeats.
      const decoder = options.decompress && status !== 304 && status !== 204 ? decoderOf(response.headers['content-encoding']) : null;
      const body = decoder ?? response;
      if (decoder) {
        response.pipe(decoder);
        decoder.on('error', () => finish(errorForInvalidResponse(context, 'the compressed body could not be decoded', status ?? 0)));
      }
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > max) {
          finish(errorForInvalidResponse(context, `the body is larger than ${max} bytes`, status ?? 0));
          request.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('aborted', () => fail(Object.assign(new Error('the connection closed mid-body'), { code: 'ECONNRESET' })));
      body.on('end', () => {
        if (!response.complete) {
          fail(Object.assign(new Error('the connection closed mid-body'), { code: 'ECONNRESET' }));
          return;
        }
        const headers = response.headers;
        finish(undefined, {
          status: status ?? 0,
          header: (name) => {
            const value = headers[name.toLowerCase()];
            return Array.isArray(value) ? value.join(', ') : value;
          },
          text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    request.end();
  });
}
