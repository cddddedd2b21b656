import type { AppErrorShape } from '../errors';

/**
 * What went wrong with a translation, in the terms the panel and the editors show. Derived from the typed
 * error the main process sends (code + HTTP status), following the mapping in
 * electron/core/translation/errors.ts: 401/403 → unauthorized with a status, no key → unauthorized
 * without one, 400 on translate → forbidden 400, unsupported pair → unsupported.
 */
export type TranslationFailureKind =
  'no_key' | 'invalid_key' | 'quota' | 'unsupported_pair' | 'rate_limited' | 'service_down' | 'invalid_input' | 'cancelled' | 'other';

export function translationFailureOf(error: Pick<AppErrorShape, 'code' | 'status'>): TranslationFailureKind {
  switch (error.code) {
    case 'unauthorized':
      return error.status === undefined ? 'no_key' : 'invalid_key';
    case 'forbidden':
      return 'quota';
    case 'unsupported':
      return 'unsupported_pair';
    case 'rate_limited':
      return 'rate_limited';
    case 'network':
    case 'timeout':
    case 'invalid_response':
      return 'service_down';
    case 'http':
      return error.status !== undefined && error.status >= 500 ? 'service_down' : 'other';
    case 'invalid_input':
      return 'invalid_input';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'other';
  }
}
