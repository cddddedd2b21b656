import { describe, expect, it } from 'vitest';
import { errorCodeForStatus, networkCodeOf, networkFailureReason, wasNeverSent } from '../../../electron/core/http/network-failure';

/** What undici throws: `TypeError: fetch failed` with the system error as its cause (or an AggregateError). */
const fetchFailed = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });
const systemError = (code: string) => Object.assign(new Error(code), { code });

describe('network failures', () => {
  it.each([
    ['a refused connection', fetchFailed(systemError('ECONNREFUSED')), 'ECONNREFUSED'],
    ['a reset inside an AggregateError', fetchFailed(Object.assign(new AggregateError([systemError('ECONNRESET')]), { code: undefined })), 'ECONNRESET'],
    ['a port fetch refuses before connecting', fetchFailed(new Error('bad port')), 'BAD_PORT'],
    ['an abort (not a network code)', Object.assign(new Error('aborted'), { code: 'ABORT_ERR' }), undefined],
    ['no error object at all', 'boom', undefined],
  ])('finds the system code of %s', (_what, error, code) => {
    expect(networkCodeOf(error)).toBe(code);
  });

  it.each([
    ['ECONNREFUSED', true, 'the connection was refused (ECONNREFUSED)'],
    ['ENOTFOUND', true, 'the server name could not be resolved (ENOTFOUND)'],
    ['EAI_AGAIN', true, 'the server name could not be resolved (EAI_AGAIN)'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', true, 'the TLS connection could not be verified (UNABLE_TO_VERIFY_LEAF_SIGNATURE)'],
    ['ECONNRESET', false, 'the connection failed or was closed before an answer arrived (ECONNRESET)'],
    [undefined, false, 'the connection failed or was closed before an answer arrived'],
  ])('%s: never sent %s, said as "%s"', (code, neverSent, reason) => {
    // Only a connection that was clearly never made rules out that a write was applied.
    expect(wasNeverSent(code)).toBe(neverSent);
    expect(networkFailureReason(code)).toBe(reason);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [429, 'rate_limited'],
    [501, 'unsupported'],
    [500, 'http'],
    [422, 'http'],
  ])('HTTP %i is %s', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });
});
