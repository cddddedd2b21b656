import { AppError } from '@shared/errors';
import type { OutboxError } from '@shared/outbox/entry-view';
import { StatusPageApiError } from '@core/statuspal-client/errors';
import type { FailureDisposition } from '../kinds';

/** The server's reason in one line: the client's message, which carries what the error body said (statuspal-client/server-reason.ts). */
function errorOf(error: unknown): OutboxError {
  if (!(error instanceof AppError)) return { code: 'internal', message: 'Something went wrong inside Statusdesk while sending.' };
  return { code: error.code, message: error.message, ...(error.status === undefined ? {} : { status: error.status }) };
}

/**
 * What to do after a failed send:
 * - network, timeout: the server is unreachable: wait for it (probe), then retry; ambiguous when the request
 *   may have arrived (then reconcile first);
 * - 429: pause the account for Retry-After, then retry; 408 and 5xx (but 501): retry with backoff
 *   (any 5xx but 501, and a 2xx with a garbage body, may have been applied: reconcile first). A 408 or 429
 *   to a write is of unknown outcome too: a proxy or gateway in front of the API can answer it after the
 *   API committed (its own time-out, its own rate limit on the way back), so a create is looked up, never
 *   resent blind, and a delete whose retry finds the item gone is done;
 * - a redirect (3xx): the API never redirects; a captive portal (a hotel's or a train's login page) or a
 *   proxy's sign-in stands between us and the server: offline, probed until the API itself answers, and of
 *   unknown outcome for a write (a look-up costs one read; a write wrongly taken for never sent would go twice);
 * - cancelled (the outbox stopped mid-request): retry, reconciling first (the request may have left);
 * - no key configured here: wait (blocked) rather than fail;
 * - any other 4xx, 501, invalid input: permanent; the user edits and retries, or discards.
 */
export function classifyStatusPageError(error: unknown): FailureDisposition {
  const shape = errorOf(error);
  if (!(error instanceof AppError)) return { type: 'permanent', error: shape };
  const api = error instanceof StatusPageApiError ? error : null;
  const ambiguous = api?.ambiguous ?? false;
  const status = error.status;
  if (error.code === 'cancelled') return { type: 'retry', error: shape, ambiguous: true, offline: false };
  if (error.code === 'network' || error.code === 'timeout') return { type: 'retry', error: shape, ambiguous, offline: true };
  // The write itself was answered (not a look-up's read, not the GET before a PUT): it may have been applied.
  const wroteAndWasAnswered = api !== null && api.method !== 'GET';
  if (status !== undefined && status >= 300 && status < 400) return { type: 'retry', error: shape, ambiguous: ambiguous || wroteAndWasAnswered, offline: true };
  if (status === 429) {
    return {
      type: 'retry',
      error: shape,
      ambiguous: ambiguous || wroteAndWasAnswered,
      offline: false,
      rateLimited: true,
      ...(api?.retryAfterMs === undefined ? {} : { retryAfterMs: api.retryAfterMs }),
    };
  }
  if (status === 408 || (status !== undefined && status >= 500 && status !== 501)) {
    return {
      type: 'retry',
      error: shape,
      ambiguous: ambiguous || (status === 408 && wroteAndWasAnswered),
      offline: false,
      ...(api?.retryAfterMs === undefined ? {} : { retryAfterMs: api.retryAfterMs }),
    };
  }
  if (error.code === 'invalid_response') return { type: 'retry', error: shape, ambiguous: true, offline: false };
  if (error.code === 'unauthorized' && status === undefined) return { type: 'blocked', error: shape };
  return { type: 'permanent', error: shape };
}

/** What the user can do about a write the server refused for its key: the outbox sends it again then. */
const KEY_HINTS = {
  account: '; replace the key in Settings and it is sent again',
  env: '; set STATUSDESK_API_KEY to a key that works and run "statusdesk outbox retry --all"',
} as const;

/**
 * A refusal for the key (401, 403) is not the write's fault: a replaced key sends it again (the app does so when
 * the account's key changes; `statusdesk outbox retry --all` and Retry all do it by hand). Its message says so.
 */
export function withKeyHint(disposition: FailureDisposition, keyFrom: 'account' | 'env'): FailureDisposition {
  if (disposition.type !== 'permanent' || (disposition.error.status !== 401 && disposition.error.status !== 403)) return disposition;
  return { ...disposition, error: { ...disposition.error, message: `${disposition.error.message}${KEY_HINTS[keyFrom]}` } };
}

/** The refusal's own words, for a caller that says what to do in its own (the command line drops its own write). */
export function withoutKeyHint(message: string): string {
  for (const hint of Object.values(KEY_HINTS)) if (message.endsWith(hint)) return message.slice(0, -hint.length);
  return message;
}
