import { OperationsApiError } from './operations-error';

/** Failures where no connection was made: the request cannot have reached the server. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** TLS verification failures: a reachable host we must not talk to, not an outage. */
export const isCertificateCode = (code: string) => /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code);

/** Digs the system error code out of undici's `TypeError: fetch failed` chain. */
export function networkCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const record = current as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof record.code === 'string' && record.code !== 'ABORT_ERR') return record.code;
    if (Array.isArray(record.errors) && record.errors.length > 0) {
      const inner = networkCodeOf(record.errors[0]);
      if (inner) return inner;
    }
    current = record.cause;
  }
  return undefined;
}

/**
 * A failed exchange. Unless the connection was clearly never made, the DELETE may have reached the server
 * and been applied: that ambiguity is what lets a later 404 count as "already forgotten".
 */
export function errorForNetworkFailure(error: unknown, what: string): OperationsApiError {
  const networkCode = networkCodeOf(error);
  const notSent = networkCode !== undefined && (NOT_SENT_CODES.has(networkCode) || isCertificateCode(networkCode));
  const reason =
    networkCode === 'ENOTFOUND' || networkCode === 'EAI_AGAIN' || networkCode === 'EAI_NONAME'
      ? 'the server name could not be resolved'
      : networkCode === 'ECONNREFUSED'
        ? 'the connection was refused'
        : networkCode !== undefined && isCertificateCode(networkCode)
          ? 'the TLS connection could not be verified'
          : 'the connection failed or was closed before an answer arrived';
  return new OperationsApiError('network', `${what}: ${reason}${networkCode ? ` (${networkCode})` : ''}.`, {
    retryable: true,
    ambiguous: !notSent,
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
