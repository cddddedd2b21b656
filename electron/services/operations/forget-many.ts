import { AppError } from '../../../shared/errors';
import type { ForgetResult } from '../../../shared/operations/forget-result';
import type { ForgetSuccess } from './operations-client';

export interface ForgetManyOptions {
  /** Requests in flight at once. Default 4: a batch should not look like a burst to the service's quota. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Called as each name settles, for progress in the UI. */
  onResult?: (result: ForgetResult) => void;
}

interface Forgetter {
  forget(name: string, options?: { signal?: AbortSignal }): Promise<ForgetSuccess>;
}

const MESSAGES = {
  forgotten: "Forgotten: the service no longer keeps this operation's result (the operation itself was not cancelled).",
  already_gone: 'Already forgotten: an earlier attempt whose answer was lost had removed it.',
} as const;

async function settle(client: Forgetter, name: string, signal: AbortSignal | undefined): Promise<ForgetResult> {
  if (signal?.aborted) return { name, outcome: 'failed', code: 'cancelled', message: 'Not attempted: the batch was cancelled.' };
  try {
    const success = await client.forget(name, signal ? { signal } : {});
    return { name, outcome: success.outcome, status: success.status, message: MESSAGES[success.outcome] };
  } catch (error) {
    if (error instanceof AppError) {
      return { name, outcome: 'failed', code: error.code, ...(error.status === undefined ? {} : { status: error.status }), message: error.message };
    }
    return { name, outcome: 'failed', code: 'internal', message: 'Something went wrong inside Statusdesk.' };
  }
}

/**
 * Forgets each name with bounded concurrency. Returns one result per input name, in input order; a name
 * given twice is sent once (a second DELETE would only find it gone) and reported at both places.
 */
export async function forgetMany(client: Forgetter, names: readonly string[], options: ForgetManyOptions = {}): Promise<ForgetResult[]> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  const unique = [...new Set(names)];
  const results = new Map<string, ForgetResult>();
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const name = unique[next++]!;
      const result = await settle(client, name, options.signal);
      results.set(name, result);
      options.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker));
  return names.map((name) => results.get(name)!);
}
