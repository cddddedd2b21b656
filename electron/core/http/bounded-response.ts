/*
 * The rules every response the app reads is held to, in one place: at most MAX_RESPONSE_BYTES of body after
 * decompression (the read stops there, so a 900 MB answer or a gzip bomb costs 8 MiB, not the process), and no
 * redirect followed (a redirect could carry a key, a token or a client secret to another origin, and re-send a
 * POST body on 307/308). The three API clients, the command line's transport, the watched-page fetcher and
 * Google sign-in (through gaxios' fetchImplementation) all read through here.
 */

/** The most any one response may carry, counted after decompression: a summary is tens of kilobytes. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** The code a body past the cap fails with: network-failure.ts words it for every client. */
export const TOO_LARGE_CODE = 'ERESPONSE_TOO_LARGE';

/** A body past the cap: the read was stopped there. */
export class ResponseTooLargeError extends Error {
  readonly code = TOO_LARGE_CODE;
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
    this.name = 'ResponseTooLargeError';
    this.maxBytes = maxBytes;
  }
}

/** The body as text, read until its end or the cap, whichever comes first (then the rest is never read). */
export async function readCappedText(response: Response, maxBytes: number = MAX_RESPONSE_BYTES): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A response whose body stream errors past the cap, for a library that reads the body itself (gaxios). */
function capped(response: Response, maxBytes: number): Response {
  if (!response.body) return response;
  let bytes = 0;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        if (bytes > maxBytes) controller.error(new ResponseTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A fetch for libraries that make their own requests (gaxios, under google-auth-library): redirects are not
 * followed but answered as they are (a 3xx is then the library's error, never a second request elsewhere),
 * and the body is capped.
 */
export function boundedFetch(base: typeof fetch = fetch, maxBytes: number = MAX_RESPONSE_BYTES): typeof fetch {
  return async (input, init) => capped(await base(input, { ...init, redirect: 'manual' }), maxBytes);
}
