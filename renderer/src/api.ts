import type { AppErrorShape } from '@shared/errors';
import type { Result } from '@shared/ipc/define';
import { failureWords, type FailureContext } from '@shared/people-words/failure-words';

/** An IPC call that answered with a typed error. */
export class ApiError extends Error {
  readonly code: AppErrorShape['code'];
  readonly status?: number;

  constructor(shape: AppErrorShape) {
    super(shape.message);
    this.name = 'ApiError';
    this.code = shape.code;
    if (shape.status !== undefined) this.status = shape.status;
  }
}

export function api() {
  return window.api;
}

/** Unwraps an IPC result: the value, or an ApiError carrying the main process's code and message. */
export async function call<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.value;
  throw new ApiError(result.error);
}

/**
 * A failure in people's words (shared/people-words): what failed when `about` says what was being done, why,
 * and what to do. Anything that is not a typed error is "something went wrong", never its own message.
 */
export function messageOf(error: unknown, about: FailureContext = {}): string {
  return failureWords(error instanceof ApiError ? error : null, about).text;
}
