import { AppError } from '@shared/errors';
import type { OutboxError } from '@shared/outbox/entry-view';
import type { FailureDisposition } from '@core/outbox/kinds';
import { isCertificateCode } from './network-failure';
import { OperationsApiError } from './operations-error';

/** The failure as the outbox keeps it: the client's sentence (it already quotes the server's reason, tokens removed). */
export function forgetErrorOf(error: unknown): OutboxError {
  if (!(error instanceof AppError)) return { code: 'internal', message: 'Something went wrong inside Statusdesk while forgetting.' };
  return { code: error.code, message: error.message, ...(error.status === undefined ? {} : { status: error.status }) };
}

/**
 * What the outbox does after a queued forget failed:
 * - network, timeout: the service is unreachable: wait for its probe, then retry (ambiguous when the DELETE
 *   may have arrived, so a later 404 counts as done);
 * - 429: pause every queued forget for Retry-After (one service, one quota); 503: retry with backoff; 504 and a
 *   2xx that is not the API's answer: retry, the delete may have been applied;
 * - cancelled (the outbox stopped mid-request): retry, it may have left;
 * - no usable token here (no source, or a pasted token the server refused and that cannot be renewed): wait
 *   for the user to give access (blocked), rather than fail;
 * - 401 after a refresh, 403, 400, 404 on a first attempt, 501 UNIMPLEMENTED, a certificate that fails and
 *   anything else: permanent, with the server's reason.
 */
export function classifyForgetError(error: unknown): FailureDisposition {
  const shape = forgetErrorOf(error);
  if (!(error instanceof AppError)) return { type: 'permanent', error: shape };
  const api = error instanceof OperationsApiError ? error : null;
  const retryAfter = api?.retryAfterMs === undefined ? {} : { retryAfterMs: api.retryAfterMs };
  if (error.code === 'cancelled') return { type: 'retry', error: shape, ambiguous: true, offline: false };
  // A host whose certificate fails is reachable but must not get the token: waiting would not fix that.
  if (error.code === 'network' && api?.networkCode !== undefined && isCertificateCode(api.networkCode)) return { type: 'permanent', error: shape };
  if (error.code === 'network') return { type: 'retry', error: shape, ambiguous: api?.ambiguous ?? true, offline: true };
  if (error.code === 'timeout') return { type: 'retry', error: shape, ambiguous: true, offline: true };
  if (error.status === 429) return { type: 'retry', error: shape, ambiguous: false, offline: false, rateLimited: true, ...retryAfter };
  if (error.status === 503) return { type: 'retry', error: shape, ambiguous: false, offline: false, ...retryAfter };
  if (error.status === 504) return { type: 'retry', error: shape, ambiguous: true, offline: false, ...retryAfter };
  if (error.code === 'invalid_response') return { type: 'retry', error: shape, ambiguous: true, offline: false };
  if (error.code === 'unauthorized' && error.status === undefined) return { type: 'blocked', error: shape };
  return { type: 'permanent', error: shape };
}
