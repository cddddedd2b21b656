import { networkCodeOf, networkFailureReason, wasNeverSent } from '@core/http/network-failure';
import { OperationsApiError } from './operations-error';

export { isCertificateCode } from '@core/http/network-failure';

/**
 * A failed exchange. Unless the connection was clearly never made, the DELETE may have reached the server
 * and been applied: that ambiguity is what lets a later 404 count as "already forgotten".
 */
export function errorForNetworkFailure(error: unknown, what: string): OperationsApiError {
  const networkCode = networkCodeOf(error);
  return new OperationsApiError('network', `${what}: ${networkFailureReason(networkCode)}.`, {
    retryable: true,
    ambiguous: !wasNeverSent(networkCode),
    ...(networkCode === undefined ? {} : { networkCode }),
  });
}

export function errorForTimeout(what: string, timeoutMs: number): OperationsApiError {
  // The server may have applied the delete; only the answer is missing.
  return new OperationsApiError('timeout', `${what}: no answer within ${timeoutMs} ms.`, { retryable: true, ambiguous: true });
}

export function errorForCancel(what: string): OperationsApiError {
  return new OperationsApiError('cancelled', `${what}: cancelled.`);
}
