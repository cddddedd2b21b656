import { AppError, type ErrorCode } from '@shared/errors';

interface OperationsErrorDetails {
  status?: number;
  /** The canonical RPC status name from the error body (NOT_FOUND, UNIMPLEMENTED, …). */
  rpcStatus?: string;
  /** Trying again can succeed (network, timeout, 429, 503, 504). */
  retryable?: boolean;
  /** The request was sent and no clear answer came back: the delete may have been applied. */
  ambiguous?: boolean;
  /** How long the server asked to wait, in ms. */
  retryAfterMs?: number;
  /** Low-level network code, e.g. ECONNRESET. */
  networkCode?: string;
}

/**
 * A failure of the operations client. The message names the operation (not a secret) and the server's own
 * sentence with any token removed; never a token, header or stack.
 */
export class OperationsApiError extends AppError {
  readonly rpcStatus: string | undefined;
  readonly retryable: boolean;
  readonly ambiguous: boolean;
  readonly retryAfterMs: number | undefined;
  readonly networkCode: string | undefined;

  constructor(code: ErrorCode, message: string, details: OperationsErrorDetails = {}) {
    super(code, message, details.status === undefined ? undefined : { status: details.status });
    this.name = 'OperationsApiError';
    this.rpcStatus = details.rpcStatus;
    this.retryable = details.retryable ?? false;
    this.ambiguous = details.ambiguous ?? false;
    this.retryAfterMs = details.retryAfterMs;
    this.networkCode = details.networkCode;
  }
}

export { errorCodeForStatus } from '@core/http/network-failure';
