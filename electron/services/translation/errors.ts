import { AppError, type ErrorCode } from '../../../shared/errors';
import { networkCodeOf, networkFailureReason } from '../http/network-failure';
import { safeCause } from './redact';

/**
 * Why a translation call failed, finer than the AppError code so the panel can say the right thing.
 * 'translations_unavailable' (HTTP 400: the plan has no translations or the word quota is used up) maps to the
 * existing code 'forbidden' with status 400 rather than a new shared code: for this service 401 and 403 both
 * map to 'unauthorized' (invalid key), so 'forbidden' is free to mean "this key may not translate (now)",
 * and the shared error contract stays unchanged for the other teams.
 */
export type TranslationFailureReason =
  | 'no_key'
  | 'invalid_key'
  | 'translations_unavailable'
  | 'unsupported_pair'
  | 'rate_limited'
  | 'server_error'
  | 'http_error'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'invalid_response'
  | 'invalid_input';

/** Which call failed: method and path only, never the query (it holds the key). */
export interface TranslationCallContext {
  method: 'GET' | 'POST';
  path: string;
}

export interface TranslationErrorDetails {
  status?: number;
  retryable?: boolean;
  networkCode?: string;
  /** Any lower-level error; it is copied with secrets removed, never kept as is. */
  cause?: unknown;
  /** Secrets to strip from the cause (the key). */
  secrets?: readonly string[];
}

export class TranslationApiError extends AppError {
  readonly reason: TranslationFailureReason;
  readonly method: 'GET' | 'POST' | undefined;
  readonly path: string | undefined;
  /** Another attempt later may succeed (network, timeout, 5xx). */
  readonly retryable: boolean;
  readonly networkCode: string | undefined;

  constructor(
    code: ErrorCode,
    reason: TranslationFailureReason,
    message: string,
    context: TranslationCallContext | null,
    details: TranslationErrorDetails = {},
  ) {
    const where = context ? ` (${context.method} ${context.path})` : '';
    const cause = safeCause(details.cause, details.secrets ?? []);
    super(code, `Translation service${where}: ${message}`, {
      ...(details.status === undefined ? {} : { status: details.status }),
      ...(cause === undefined ? {} : { cause }),
    });
    this.name = 'TranslationApiError';
    this.reason = reason;
    this.method = context?.method;
    this.path = context?.path;
    this.retryable = details.retryable ?? false;
    this.networkCode = details.networkCode;
  }
}

export function errorForStatus(status: number, context: TranslationCallContext): TranslationApiError {
  if (status === 401 || status === 403) {
    return new TranslationApiError('unauthorized', 'invalid_key', `the translation key is invalid or was refused (HTTP ${status}).`, context, { status });
  }
  if (status === 400 && context.path === '/translate') {
    return new TranslationApiError(
      'forbidden',
      'translations_unavailable',
      'translations are unavailable for this translation key: the plan does not include them or the word quota is used up (HTTP 400).',
      context,
      { status },
    );
  }
  if (status === 429) {
    return new TranslationApiError('rate_limited', 'rate_limited', 'too many requests (HTTP 429).', context, { status });
  }
  if (status >= 500) {
    return new TranslationApiError('http', 'server_error', `the service failed (HTTP ${status}).`, context, {
      status,
      retryable: status !== 501,
    });
  }
  return new TranslationApiError('http', 'http_error', `unexpected answer (HTTP ${status}).`, context, { status });
}

export function invalidResponse(context: TranslationCallContext, what: string, cause?: unknown, secrets?: readonly string[]): TranslationApiError {
  return new TranslationApiError('invalid_response', 'invalid_response', `the answer is not usable: ${what}.`, context, {
    ...(cause === undefined ? {} : { cause }),
    ...(secrets === undefined ? {} : { secrets }),
  });
}

export function noKeyError(): TranslationApiError {
  return new TranslationApiError(
    'unauthorized',
    'no_key',
    'no translation key stored. Add the translation API key in the settings (or set STATUSDESK_TRANSLATION_KEY for the command line).',
    null,
  );
}

export function unsupportedPairError(from: string, to: string): TranslationApiError {
  return new TranslationApiError('unsupported', 'unsupported_pair', `translating from "${from}" to "${to}" is not supported.`, {
    method: 'GET',
    path: '/public/languages/is-supported',
  });
}

export function networkError(context: TranslationCallContext, cause: unknown, secrets: readonly string[]): TranslationApiError {
  const networkCode = networkCodeOf(cause);
  return new TranslationApiError('network', 'network', `${networkFailureReason(networkCode)}.`, context, {
    retryable: true,
    cause,
    secrets,
    ...(networkCode === undefined ? {} : { networkCode }),
  });
}

export function timeoutError(context: TranslationCallContext, timeoutMs: number): TranslationApiError {
  return new TranslationApiError('timeout', 'timeout', `no answer within ${timeoutMs} ms.`, context, { retryable: true });
}

export function cancelledError(context: TranslationCallContext | null): TranslationApiError {
  return new TranslationApiError('cancelled', 'cancelled', 'the request was cancelled.', context);
}
