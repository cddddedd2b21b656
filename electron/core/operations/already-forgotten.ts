import type { ForgetResult } from '@shared/operations/forget-result';
import type { OperationsHistory } from './operations-history';

/**
 * When each name was last forgotten (or found gone) on this service, from the history. A 404 for such a name
 * is that earlier success seen again.
 */
export function forgottenEarlier(history: OperationsHistory | null, baseUrl: string, onError?: (error: unknown) => void): Map<string, string> {
  const earlier = new Map<string, string>();
  try {
    for (const entry of history?.list() ?? []) {
      if (entry.baseUrl === baseUrl && (entry.outcome === 'forgotten' || entry.outcome === 'already_gone') && !earlier.has(entry.name)) {
        earlier.set(entry.name, entry.at);
      }
    }
  } catch (error) {
    onError?.(error);
  }
  return earlier;
}

/** A 404 for a name the history saw forgotten at `at`, reported as already gone. */
export function alreadyForgotten(name: string, at: string, status?: number): ForgetResult {
  return {
    name,
    outcome: 'already_gone',
    ...(status === undefined ? {} : { status }),
    message: `Already forgotten: it was forgotten on ${at.slice(0, 16).replace('T', ' ')} UTC and the service no longer has it.`,
  };
}
