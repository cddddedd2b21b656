import { boundedFetch } from './bounded-response';
import type { FetchLike } from './timed-exchange';

/*
 * The app's one way out over WHATWG fetch. Every client that takes a `fetch` option (the Status Page,
 * translation and operations clients, the operations probe, Google sign-in and ADC through gaxios'
 * `fetchImplementation`) defaults to this: no redirect is ever followed (a 3xx is answered as it is, so a key,
 * token or client secret never reaches a second origin, and a POST body is never re-sent on 307/308), and no
 * body is read past MAX_RESPONSE_BYTES. Lint forbids the global `fetch` and `http(s).request` outside this
 * folder, so a new client cannot go around it.
 */
// The global fetch is looked up at each call, not captured at load: whatever stands in for it (a proxy-aware
// fetch, a test's virtual time) is the one used.
export const outboundFetch: FetchLike & typeof fetch = boundedFetch((input, init) => fetch(input, init));
