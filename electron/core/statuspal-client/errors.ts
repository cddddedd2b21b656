import { AppError, type ErrorCode } from '@shared/errors';
import type { HttpMethod, OperationKind } from '@shared/statuspal/operations';
import { describeIssues } from '@shared/validation/describe-issues';
import { errorCodeForStatus, networkCodeOf, networkFailureReason, wasNeverSent } from '@core/http/network-failure';
import { redactSecretsDeep } from '@core/security/redact';
import { serverReasonOf } from './server-reason';

/** Which call an error belongs to. The path is the template: no ids, no query, no key. */
export interface RequestContext {
  operation: string;
  method: HttpMethod;
  path: string;
  kind: OperationKind;
}

interface StatusPageErrorDetails {
  status?: number;
  /** How long the server asked to wait (429, 503 Retry-After), in ms. */
  retryAfterMs?: number;
  /** A write that may or may not have been applied: it was sent, and no clear answer came back. */
  ambiguous?: boolean;
  /** Trying the same request again later can succeed (network, timeout, 429, 5xx). */
  retryable?: boolean;
  /** Parsed JSON error body (`{ "error": 404 }`), secret-free. */
  body?: unknown;
  /** Low-level network code, e.g. ECONNRESET. */
  networkCode?: string;
}

/**
 * Every failure of the status page client. Extends the project's AppError (code + message). The message is
 * the reason in people's words (shared/people-words/failure-words.ts adds what failed and what to do); the
 * operation and its path template are fields, for logs (`logText`), never the key, ids or query.
 */
export class StatusPageApiError extends AppError {
  readonly operation: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly retryAfterMs: number | undefined;
  readonly ambiguous: boolean;
  readonly retryable: boolean;
  readonly body: unknown;
  readonly networkCode: string | undefined;

  constructor(code: ErrorCode, message: string, context: RequestContext, details: StatusPageErrorDetails = {}) {
    super(code, message, details.status === undefined ? undefined : { status: details.status });
    this.name = 'StatusPageApiError';
    this.operation = context.operation;
    this.method = context.method;
    this.path = context.path;
    this.retryAfterMs = details.retryAfterMs;
    this.ambiguous = details.ambiguous ?? false;
    this.retryable = details.retryable ?? false;
    this.body = details.body;
    this.networkCode = details.networkCode;
  }

  /** For logs: "getPageSummary (GET /status_pages/{subdomain}/summary): not found (404)". */
  get logText(): string {
    return `${this.operation} (${this.method} ${this.path}): ${this.message}`;
  }
}

/**
 * A write answered with a 5xx may have been committed before the failure (a 500 from a crash after the
 * insert, a 503 from a proxy whose upstream acted): its outcome is unknown. 501 says the server has no such
 * operation, so nothing was done.
 */
function isAmbiguousWriteStatus(status: number): boolean {
  return status >= 500 && status !== 501;
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status !== 501);
}

/**
 * `retryAfter`: what the server's Retry-After asked and what the app waits (capped, timing/retry-after.ts),
 * read at `now`; a wait longer than the cap says until when the server asked.
 */
export function errorForStatus(
  status: number,
  context: RequestContext,
  body: unknown,
  retryAfter: { waitMs: number; askedMs: number; now: number } | undefined,
): StatusPageApiError {
  const code = errorCodeForStatus(status);
  const retryAfterMs = retryAfter?.waitMs;
  const asked =
    retryAfter && retryAfter.askedMs > retryAfter.waitMs
      ? `; the server asked to wait until ${new Date(retryAfter.now + retryAfter.askedMs).toISOString().replace(/\.\d{3}Z$/, 'Z')}, Statusdesk tries again in ${Math.ceil(retryAfter.waitMs / 60_000)} min`
      : '';
  const said = serverReasonOf(body);
  const reading = context.kind === 'read';
  const what: Record<string, string> = {
    unauthorized: 'the API key is missing or was not accepted (401)',
    forbidden: reading
      ? 'the API key may not read this (403)'
      : 'the API key may not make this change (403): a read-only key, or a role that may not change this',
    not_found: 'the server has no such page or item (404)',
    conflict: 'the server refused it as a conflict with what it has (409)',
    rate_limited: `the server asked to slow down (429)${retryAfterMs === undefined ? '' : asked || `; Statusdesk tries again in ${Math.ceil(retryAfterMs / 1000)} s`}`,
    unsupported: 'the server does not offer this (501)',
  };
  const other =
    status >= 500
      ? `the server had a problem (HTTP ${status})`
      : status === 400 || status === 422
        ? `the server refused the data (${status})${said ? '' : ' without saying why'}`
        : `the server answered HTTP ${status}`;
  const message = `${what[code] ?? other}${said ? `: ${said}` : ''}`;
  return new StatusPageApiError(code, message, context, {
    status,
    body,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    retryable: isRetryableStatus(status),
    ambiguous: context.kind === 'write' && isAmbiguousWriteStatus(status),
  });
}

export function errorForNetworkFailure(error: unknown, context: RequestContext): StatusPageApiError {
  const networkCode = networkCodeOf(error);
  return new StatusPageApiError('network', networkFailureReason(networkCode), context, {
    ...(networkCode === undefined ? {} : { networkCode }),
    retryable: true,
    ambiguous: context.kind === 'write' && !wasNeverSent(networkCode),
  });
}

export function errorForTimeout(context: RequestContext, timeoutMs: number, status?: number): StatusPageApiError {
  const within = timeoutMs >= 1_000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
  return new StatusPageApiError('timeout', `the server did not answer within ${within}`, context, {
    ...(status === undefined ? {} : { status }),
    retryable: true,
    // The request may have been processed; only the answer is missing.
    ambiguous: context.kind === 'write',
  });
}

export function errorForCancel(context: RequestContext): StatusPageApiError {
  return new StatusPageApiError('cancelled', 'the request was cancelled', context, {
    ambiguous: false,
  });
}

/** A 2xx whose body is not what the operation returns (captive portal, proxy page, API drift). */
export function errorForInvalidResponse(context: RequestContext, detail: string, status: number): StatusPageApiError {
  return new StatusPageApiError('invalid_response', `the answer could not be read (${detail})`, context, {
    status,
    // A write answered with garbage may come from a proxy that never forwarded it.
    ambiguous: context.kind === 'write',
  });
}

export function errorForInvalidInput(context: RequestContext, detail: string): StatusPageApiError {
  return new StatusPageApiError('invalid_input', detail, context);
}

/** Replaces the key inside strings and keys of a parsed JSON value (security/redact.ts). */
export function redactSecret(value: unknown, secret: string | undefined): unknown {
  return secret ? redactSecretsDeep(value, [secret]) : value;
}

export { describeIssues };
