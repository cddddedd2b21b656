import { AppError, type ErrorCode } from '@shared/errors';
import { networkCodeOf, networkFailureReason, wasNeverSent } from '@core/http/network-failure';
import { safeErrorCopy } from '@core/security/redact';
import { TRANSLATION_REDACTION } from './redaction';
import { serverMessageOf } from './server-message';

/**
 * Why a translation call failed, finer than the AppError code so the panel can say the right thing.
 * 'translations_unavailable' (a 400 whose body speaks of the plan or quota) maps to the existing code
 * 'forbidden' with status 400 rather than a new shared code: for this service 401 and 403 both map to
 * 'unauthorized' (invalid key), so 'forbidden' is free to mean "this key may not translate (now)", and the
 * shared error contract stays unchanged for the other teams. 'bad_request' is any other 400.
 */
type TranslationFailureReason =
  | 'no_key'
  | 'invalid_key'
  | 'translations_unavailable'
  | 'bad_request'
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

interface TranslationErrorDetails {
  status?: number;
  retryable?: boolean;
  /** The connection was never made, so the request cannot have reached (or been billed by) the service. */
  neverSent?: boolean;
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
  /** The request provably never reached the service (no connection was made). */
  readonly neverSent: boolean;
  readonly networkCode: string | undefined;

  constructor(
    code: ErrorCode,
    reason: TranslationFailureReason,
    message: string,
    context: TranslationCallContext | null,
    details: TranslationErrorDetails = {},
  ) {
    const where = context ? ` (${context.method} ${context.path})` : '';
    const cause = safeErrorCopy(details.cause, details.secrets ?? [], TRANSLATION_REDACTION);
    super(code, `Translation service${where}: ${message}`, {
      ...(details.status === undefined ? {} : { status: details.status }),
      ...(cause === undefined ? {} : { cause }),
    });
    this.name = 'TranslationApiError';
    this.reason = reason;
    this.method = context?.method;
    this.path = context?.path;
    this.retryable = details.retryable ?? false;
    this.neverSent = details.neverSent ?? false;
    this.networkCode = details.networkCode;
  }
}

/** The service's sentence about the word allowance or plan: only then is a 400 reported as quota. */
const QUOTA_WORDS = /quota|allowance|word limit|words? (?:limit|left)|credit|plan|subscription|limit (?:is )?(?:reached|exceeded)/i;
/** The service's sentence about a language pair it does not translate. */
const PAIR_WORDS = /(?:language|pair)[^.]*(?:not supported|unsupported)|(?:unsupported|not supported)[^.]*(?:language|pair)/i;

/**
 * An HTTP error, in the service's own words when its body has some. A 400 names the plan or quota only when
 * the body says so: API 1.0 documents no error bodies, and the client that reads every 400 as quota is a 2.0
 * one; the simulator and a real server also answer 400 for a malformed body or an unsupported pair.
 */
export function errorForStatus(status: number, context: TranslationCallContext, body?: string, secrets: readonly string[] = []): TranslationApiError {
  const said = serverMessageOf(body, secrets);
  const quoted = said === undefined ? '' : `: "${said}"`;
  if (status === 401 || status === 403) {
    return new TranslationApiError('unauthorized', 'invalid_key', `the translation key is invalid or was refused (HTTP ${status})${quoted}.`, context, {
      status,
    });
  }
  if (status === 400 && context.path === '/translate') {
    if (said !== undefined && QUOTA_WORDS.test(said)) {
      return new TranslationApiError('forbidden', 'translations_unavailable', `translations are unavailable for this key (HTTP 400)${quoted}.`, context, {
        status,
      });
    }
    if (said !== undefined && PAIR_WORDS.test(said)) {
      return new TranslationApiError('unsupported', 'unsupported_pair', `the service refused the language pair (HTTP 400)${quoted}.`, context, { status });
    }
    return new TranslationApiError(
      'http',
      'bad_request',
      `the service refused the request (HTTP 400)${said === undefined ? ', without saying why' : quoted}.`,
      context,
      { status },
    );
  }
  if (status === 429) {
    return new TranslationApiError('rate_limited', 'rate_limited', `too many requests (HTTP 429)${quoted}.`, context, { status });
  }
  if (status >= 500) {
    return new TranslationApiError('http', 'server_error', `the service failed (HTTP ${status})${quoted}.`, context, {
      status,
      retryable: status !== 501,
    });
  }
  return new TranslationApiError('http', 'http_error', `unexpected answer (HTTP ${status})${quoted}.`, context, { status });
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
    neverSent: wasNeverSent(networkCode),
    cause,
    secrets,
    ...(networkCode === undefined ? {} : { networkCode }),
  });
}

/**
 * A translate POST that failed after it may have reached the service: not sent again, since each attempt may
 * be billed. The message says so, so the user knows why one failure ended the run.
 */
export function notResent(error: TranslationApiError): TranslationApiError {
  if (!error.retryable || error.neverSent) return error;
  const context = error.method && error.path ? { method: error.method, path: error.path } : null;
  const bare = error.message.replace(/^Translation service( \([^)]*\))?: /, '');
  return new TranslationApiError(
    error.code,
    error.reason,
    `${bare.replace(/\.$/, '')}. Not sent again: the request may have reached the service and been billed.`,
    context,
    {
      ...(error.status === undefined ? {} : { status: error.status }),
      ...(error.networkCode === undefined ? {} : { networkCode: error.networkCode }),
      ...(error.cause === undefined ? {} : { cause: error.cause }),
      retryable: true,
    },
  );
}

export function timeoutError(context: TranslationCallContext, timeoutMs: number): TranslationApiError {
  return new TranslationApiError('timeout', 'timeout', `no answer within ${timeoutMs} ms.`, context, { retryable: true });
}

export function cancelledError(context: TranslationCallContext | null): TranslationApiError {
  return new TranslationApiError('cancelled', 'cancelled', 'the request was cancelled.', context);
}
