import type { ErrorCode } from '@shared/errors';
import { MAX_RESPONSE_BYTES, TOO_LARGE_CODE } from './bounded-response';

/*
 * What every HTTP client of the app (status page, translation, operations) needs to say about a failed
 * exchange: the system error code under undici's `TypeError: fetch failed`, whether the request can have
 * reached the server (a write's outcome is then unknown), the reason in words, and the app's error code for
 * an HTTP status. One copy, so the three clients cannot disagree.
 */

/**
 * The error code of an address refused as private (address-policy.ts makes those errors). Here, with the words
 * for it, so a client that never fetches a public page does not load the address policy (node:dns, its ranges).
 */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATEADDRESS';

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
  'BAD_PORT',
  PRIVATE_ADDRESS_CODE,
]);

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);

/** TLS verification failures: a reachable host we must not talk to, not an outage. */
export function isCertificateCode(code: string): boolean {
  return /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code);
}

/** Digs the system error code out of undici's `TypeError: fetch failed` chain. */
export function networkCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const record = current as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof record.code === 'string' && record.code !== 'ABORT_ERR') return record.code;
    if (Array.isArray(record.errors) && record.errors.length > 0) {
      const inner = networkCodeOf(record.errors[0]);
      if (inner) return inner;
    }
    // fetch refuses some ports (6000, 6665, ...) before connecting, without a code.
    if (current instanceof Error && current.message === 'bad port') return 'BAD_PORT';
    current = record.cause;
  }
  return undefined;
}

/** True only when the connection was clearly never made; an unknown failure may have reached the server. */
export function wasNeverSent(networkCode: string | undefined): boolean {
  return networkCode !== undefined && (NOT_SENT_CODES.has(networkCode) || isCertificateCode(networkCode));
}

/** The failure in words, with the code when there is one: "the connection was refused (ECONNREFUSED)". */
export function networkFailureReason(networkCode: string | undefined): string {
  const reason =
    networkCode !== undefined && DNS_CODES.has(networkCode)
      ? 'the server name could not be resolved'
      : networkCode === 'ECONNREFUSED'
        ? 'the connection was refused'
        : networkCode !== undefined && isCertificateCode(networkCode)
          ? 'the TLS connection could not be verified'
          : networkCode === PRIVATE_ADDRESS_CODE
            ? 'the address is on this computer or the local network, which a public page is never fetched from'
            : networkCode === TOO_LARGE_CODE
              ? `the answer was larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB and was not read further`
              : 'the connection failed or was closed before an answer arrived';
  return `${reason}${networkCode ? ` (${networkCode})` : ''}`;
}

const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
  501: 'unsupported',
};

/** The app's error code for an HTTP status; `http` for the ones without their own. */
export function errorCodeForStatus(status: number): ErrorCode {
  return CODE_FOR_STATUS[status] ?? 'http';
}
