import { z } from 'zod';

/**
 * Every failure that crosses a boundary (IPC, CLI, logs) is one of these codes with a
 * human sentence. Never a stack, never a secret.
 */
export const ERROR_CODES = [
  'invalid_input', // a payload or argument failed its schema
  'untrusted_sender', // IPC from a frame that is not the app's main frame
  'unknown_channel',
  'network', // could not reach the server
  'timeout',
  'cancelled', // the caller aborted the request (AbortSignal), not a failure of the server
  'unauthorized', // 401: missing or wrong key/token
  'forbidden', // 403: key lacks permission (for example read-only)
  'not_found', // 404
  'rate_limited', // 429
  'http', // any other non-2xx answer
  'invalid_response', // a body that does not parse or does not match its schema
  'unsupported', // the server does not implement the operation (for example 501)
  'conflict',
  'keychain_unavailable',
  'storage', // a file the app owns could not be read or written
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const appErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** Optional machine-readable detail, e.g. the HTTP status. Must never hold a secret. */
  status: z.number().int().optional(),
});

export type AppErrorShape = z.infer<typeof appErrorSchema>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status?: number;

  constructor(code: ErrorCode, message: string, options?: { status?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    if (options?.status !== undefined) this.status = options.status;
  }

  toShape(): AppErrorShape {
    return this.status === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, status: this.status };
  }
}

/** Turns anything thrown into the wire shape; unknown errors never leak their message or stack. */
export function toAppErrorShape(error: unknown): AppErrorShape {
  if (error instanceof AppError) return error.toShape();
  return { code: 'internal', message: 'Something went wrong inside Statusdesk.' };
}
