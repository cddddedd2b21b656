import { AppError } from '@shared/errors';
import { checkOperationName, operationResourcePath, OPERATION_NAME_FORM } from '@shared/operations/operation-name';
import { parseRpcErrorBody } from '@shared/operations/rpc-error';
import type { ForgetResult } from '@shared/operations/forget-result';
import { backoffDelay } from '@core/timing/backoff';
import { DEFAULT_OPERATIONS_BASE_URL, normalizeServiceBaseUrl } from './base-url';
import { sendDelete, type DeleteExchange, type FetchLike } from './delete-transport';
import { outboundFetch } from '@core/http/outbound';
import { forgetMany, type ForgetManyOptions } from './forget-many';
import type { ForgetSuccess } from './forget-success';

import { errorCodeForStatus, OperationsApiError } from './operations-error';
import { oneSafeLine } from '@core/security/redact';
import { parseRetryAfter } from '@core/timing/retry-after';
import { realSleep, type SleepFn } from '@core/timing/sleep';
import { checkAccessToken, type AccessTokenProvider } from './token-provider';

export interface OperationsClientOptions {
  tokenProvider: AccessTokenProvider;
  /** Service address without `/v1`; default Migration Center. */
  baseUrl?: string;
  /** Attempts in all for transient failures (network, timeout, 429, 503, 504). Default 4. */
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this is reported instead of waited out. Default 60 s. */
  maxRetryAfterMs?: number;
  /** Per attempt, headers and body. Default 30 s. */
  timeoutMs?: number;
  sleep?: SleepFn;
  random?: () => number;
  fetch?: FetchLike;
  /** Secret-free trace of each attempt, for logs. */
  onAttempt?: (event: AttemptEvent) => void;
}

export interface AttemptEvent {
  name: string;
  attempt: number;
  /** HTTP status, or the error code when no answer came. */
  result: number | string;
  /** Wait before the next attempt, when there is one. */
  delayMs?: number;
}

/** Statuses worth another attempt: quota, overload, deadline. 500/502 are not listed by the method's guidance. */
const TRANSIENT_STATUSES = new Set([429, 503, 504]);

/**
 * `DELETE {base}/v1/{name}`: tells the service we no longer want an operation's result (it is not cancelled).
 * Idempotent in effect: after an answer that never arrived, a 404 means the earlier attempt already won.
 */
export class OperationsClient {
  readonly baseUrl: string;
  readonly #provider: AccessTokenProvider;
  readonly #attempts: number;
  readonly #baseDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #maxRetryAfterMs: number;
  readonly #timeoutMs: number;
  readonly #sleep: SleepFn;
  readonly #random: () => number;
  readonly #fetch: FetchLike;
  readonly #onAttempt: ((event: AttemptEvent) => void) | undefined;

  constructor(options: OperationsClientOptions) {
    this.baseUrl = normalizeServiceBaseUrl(options.baseUrl ?? DEFAULT_OPERATIONS_BASE_URL);
    this.#provider = options.tokenProvider;
    this.#attempts = Math.max(1, Math.floor(options.attempts ?? 4));
    this.#baseDelayMs = options.baseDelayMs ?? 500;
    this.#maxDelayMs = options.maxDelayMs ?? 8_000;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#sleep = options.sleep ?? realSleep;
    this.#random = options.random ?? Math.random;
    this.#fetch = options.fetch ?? outboundFetch;
    this.#onAttempt = options.onAttempt;
  }

  /** The request URL for a name; throws invalid_input for a malformed name (nothing is sent). */
  urlFor(name: string): string {
    const check = checkOperationName(name);
    if (!check.ok) {
      throw new AppError('invalid_input', `Not an operation name (${check.reason}). Expected ${OPERATION_NAME_FORM}.`);
    }
    return `${this.baseUrl}/v1/${operationResourcePath(check.parts)}`;
  }

  /** Forgets one operation; throws an AppError (usually OperationsApiError) when it could not. */
  async forget(name: string, options: { signal?: AbortSignal } = {}): Promise<ForgetSuccess> {
    const url = this.urlFor(name);
    const what = `Forgetting ${name}`;
    const tokensUsed: string[] = [];
    // The token source decides where its token may go, at the moment it is attached: not the settings.
    await this.#provider.checkDestination(url);
    let token = await this.#token(() => this.#provider.getAccessToken());
    tokensUsed.push(token);
    const quotaProject = await this.#provider.quotaProject?.();

    let sent = 0;
    let transientFailures = 0;
    let refreshed = false;
    // True once an attempt may have been applied without us seeing the answer.
    let mayHaveApplied = false;

    for (;;) {
      let exchange: DeleteExchange;
      sent++;
      try {
        exchange = await sendDelete(this.#fetch, {
          url,
          token,
          timeoutMs: this.#timeoutMs,
          what,
          ...(quotaProject === undefined ? {} : { quotaProject }),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        if (!(error instanceof OperationsApiError) || !error.retryable) throw error;
        if (error.ambiguous) mayHaveApplied = true;
        transientFailures++;
        await this.#waitOrThrow(name, sent, transientFailures, error, undefined, options.signal);
        continue;
      }

      const { status } = exchange;
      if (status >= 200 && status < 300) {
        this.#onAttempt?.({ name, attempt: sent, result: status });
        checkSuccessBody(exchange, what);
        return { outcome: 'forgotten', attempts: sent, status };
      }

      const rpc = parseRpcErrorBody(exchange.text);
      const rpcStatus = rpc?.status;
      const said = rpc ? oneSafeLine(rpc.message, tokensUsed) : '';
      const detail = `${rpcStatus ?? `HTTP ${status}`}${said ? `: ${said}` : ''}`;
      const base = { status, ...(rpcStatus ? { rpcStatus } : {}) };

      if (status === 404) {
        this.#onAttempt?.({ name, attempt: sent, result: status });
        // Only the API's own google.rpc.Status speaks about the operation; any other 404 (a web server's
        // page, a wrong address or path) says nothing about it.
        if (!rpc) {
          throw new OperationsApiError(
            'http',
            `${what}: ${this.baseUrl} answered HTTP 404 with something that is not the operations API's error; check the service address (nothing is known to be forgotten).`,
            { status },
          );
        }
        if (mayHaveApplied) return { outcome: 'already_gone', attempts: sent, status };
        throw new OperationsApiError('not_found', `No such operation: ${name} (${detail}).`, base);
      }
      if (status === 401) {
        this.#onAttempt?.({ name, attempt: sent, result: status });
        if (refreshed) {
          throw new OperationsApiError(
            'unauthorized',
            `${what}: the server refused the access token even after a refresh (${detail}). Sign in again or provide a new token.`,
            base,
          );
        }
        refreshed = true;
        token = await this.#token(() => this.#provider.refresh());
        tokensUsed.push(token);
        continue;
      }
      if (status === 501) {
        this.#onAttempt?.({ name, attempt: sent, result: status });
        throw new OperationsApiError(
          'unsupported',
          `This server does not support deleting (forgetting) long-running operations (${detail}). Nothing was changed.`,
          base,
        );
      }
      if (TRANSIENT_STATUSES.has(status)) {
        // A deadline passed on the server's side: the delete may have been applied before it gave up.
        if (status === 504) mayHaveApplied = true;
        const retryAfterMs = parseRetryAfter(exchange.headers.get('retry-after'));
        const error = new OperationsApiError(errorCodeForStatus(status), `${what}: ${describeTransient(status)} (${detail}).`, {
          ...base,
          retryable: true,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        });
        transientFailures++;
        await this.#waitOrThrow(name, sent, transientFailures, error, retryAfterMs, options.signal);
        continue;
      }
      this.#onAttempt?.({ name, attempt: sent, result: status });
      throw new OperationsApiError(errorCodeForStatus(status), `${what}: ${describeFinal(status)} (${detail}).`, base);
    }
  }

  /** One result per name, in order; never throws for one name's failure. */
  forgetMany(names: readonly string[], options: ForgetManyOptions = {}): Promise<ForgetResult[]> {
    return forgetMany(this, names, options);
  }

  async #token(get: () => Promise<string>): Promise<string> {
    try {
      return checkAccessToken(await get(), 'The token source');
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A library's raw error may quote a request body holding a refresh token: do not pass it on.
      throw new AppError('unauthorized', 'Could not get an access token for the operations service.');
    }
  }

  /** Sleeps before the next attempt, or rethrows when attempts are used up or the wait asked is too long. */
  async #waitOrThrow(
    name: string,
    sent: number,
    transientFailures: number,
    error: OperationsApiError,
    retryAfterMs: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const result = error.status ?? error.code;
    if (transientFailures >= this.#attempts) {
      this.#onAttempt?.({ name, attempt: sent, result });
      throw withAttempts(error, sent);
    }
    if (retryAfterMs !== undefined && retryAfterMs > this.#maxRetryAfterMs) {
      this.#onAttempt?.({ name, attempt: sent, result });
      throw new OperationsApiError(error.code, `${error.message} The server asked to wait ${Math.ceil(retryAfterMs / 1000)} s; try again later.`, {
        ...(error.status === undefined ? {} : { status: error.status }),
        ...(error.rpcStatus === undefined ? {} : { rpcStatus: error.rpcStatus }),
        retryable: true,
        retryAfterMs,
      });
    }
    const delayMs =
      retryAfterMs ?? backoffDelay(transientFailures - 1, { baseMs: this.#baseDelayMs, maxMs: this.#maxDelayMs, jitter: 'full', random: this.#random });
    this.#onAttempt?.({ name, attempt: sent, result, delayMs });
    try {
      await this.#sleep(delayMs, signal);
    } catch {
      throw new OperationsApiError('cancelled', `Forgetting ${name}: cancelled while waiting to retry.`);
    }
  }
}

function describeTransient(status: number): string {
  if (status === 429) return 'rate limited';
  if (status === 503) return 'the service is unavailable';
  return 'the service ran out of time';
}

function describeFinal(status: number): string {
  if (status === 400) return 'the server refused the request';
  if (status === 403) return 'permission denied';
  if (status >= 300 && status < 400) return `the server answered with a redirect (HTTP ${status}), which is not followed`;
  return `the server answered HTTP ${status}`;
}

function withAttempts(error: OperationsApiError, sent: number): OperationsApiError {
  const noun = sent === 1 ? 'attempt' : 'attempts';
  return new OperationsApiError(error.code, `${error.message.replace(/\.$/, '')}; gave up after ${sent} ${noun}.`, {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.rpcStatus === undefined ? {} : { rpcStatus: error.rpcStatus }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    ...(error.networkCode === undefined ? {} : { networkCode: error.networkCode }),
    retryable: error.retryable,
    ambiguous: error.ambiguous,
  });
}

/**
 * Success is an empty body or a JSON object (`{}`). Anything else (an HTML page with 200) comes from
 * something that is not the API, such as a captive portal, and proves nothing was forgotten.
 */
function checkSuccessBody(exchange: DeleteExchange, what: string): void {
  const text = exchange.text.trim();
  if (text === '') return;
  try {
    const json: unknown = JSON.parse(text);
    if (json !== null && typeof json === 'object' && !Array.isArray(json)) return;
  } catch {
    // fall through
  }
  throw new OperationsApiError(
    'invalid_response',
    `${what}: the answer (HTTP ${exchange.status}) is not from the operations API; nothing is known to be forgotten.`,
    {
      status: exchange.status,
      ambiguous: true,
    },
  );
}
