import { AppError } from '@shared/errors';
import type { ForgetResult } from '@shared/operations/forget-result';
import type { ForgetSuccess } from './forget-success';

export interface ForgetManyOptions {
  /** Requests in flight at once. Default 4: a batch should not look like a burst to the service's quota. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Called as each name settles, for progress in the UI. */
  onResult?: (result: ForgetResult) => void;
  /** Takes names over instead of sending or failing them (the app queues them when the service is unreachable). */
  divert?: ForgetDivert;
}

export interface ForgetDivert {
  /** Asked before a name is sent: true hands it to `take` without sending it (the service is known to be down). */
  before(name: string): boolean;
  /** The result to report instead (queued), or null: then the name is sent (before) or keeps its failure (after). */
  take(name: string, error: AppError | null): Promise<ForgetResult | null>;
}

interface Forgetter {
  forget(name: string, options?: { signal?: AbortSignal }): Promise<ForgetSuccess>;
}

/** The sentence of each success, shared with the queued sender. */
export const FORGET_MESSAGES = {
  forgotten: "Forgotten: the service no longer keeps this operation's result (the operation itself was not cancelled).",
  already_gone: 'Already forgotten: an earlier attempt whose answer was lost had removed it.',
} as const;

async function settle(client: Forgetter, name: string, signal: AbortSignal | undefined, divert: ForgetDivert | undefined): Promise<ForgetResult> {
  if (signal?.aborted) return { name, outcome: 'failed', code: 'cancelled', message: 'Not attempted: the batch was cancelled.' };
  if (divert?.before(name)) {
    const taken = await divert.take(name, null).catch(() => null);
    if (taken) return taken;
  }
  try {
    const success = await client.forget(name, signal ? { signal } : {});
    return { name, outcome: success.outcome, status: success.status, message: FORGET_MESSAGES[success.outcome] };
  } catch (error) {
    if (error instanceof AppError) {
      const taken = divert ? await divert.take(name, error).catch(() => null) : null;
      if (taken) return taken;
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
      const result = await settle(client, name, options.signal, options.divert);
      results.set(name, result);
      options.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker));
  return names.map((name) => results.get(name)!);
}
