import type { AppErrorShape } from '@shared/errors';
import type { Result } from '@shared/ipc/define';

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

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong.';
}
