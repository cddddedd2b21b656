import { randomUUID } from 'node:crypto';
import type { ForgetResult } from '@shared/operations/forget-result';
import { checkOperationName } from '@shared/operations/operation-name';
import type { TokenSourceKind } from '@shared/operations/token-source';
import { alreadyForgotten, forgottenEarlier } from './already-forgotten';
import type { ForgetManyOptions } from './forget-many';
import type { OperationsClient } from './operations-client';
import type { OperationsHistory } from './operations-history';

interface ForgetAndRecordOptions extends ForgetManyOptions {
  client: OperationsClient;
  names: readonly string[];
  /** Where sent names are recorded; null records nothing. */
  history: OperationsHistory | null;
  source: TokenSourceKind;
  /** A history that cannot be read or written must not fail the forget itself. */
  onHistoryError?: (error: unknown) => void;
}

/**
 * Forgets the names and records what was sent. A 404 for a name this history already saw forgotten on the
 * same service is the earlier success seen again, so it is reported as already gone rather than failed.
 * The app, the command line and a queued sender all go through here.
 */
export async function forgetAndRecord(options: ForgetAndRecordOptions): Promise<ForgetResult[]> {
  const { client, history } = options;
  const earlier = forgottenEarlier(history, client.baseUrl, options.onHistoryError);
  const adjust = (result: ForgetResult): ForgetResult => {
    const at = earlier.get(result.name);
    if (result.outcome !== 'failed' || result.code !== 'not_found' || at === undefined) return result;
    return alreadyForgotten(result.name, at, result.status);
  };

  const results = (
    await client.forgetMany(options.names, {
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.divert ? { divert: options.divert } : {}),
      onResult: (result) => options.onResult?.(adjust(result)),
    })
  ).map(adjust);

  // Malformed names were never sent, so they are not history; a name given twice is recorded once; a queued
  // name is recorded when the outbox has sent it.
  const batchId = randomUUID();
  const recorded = new Map<string, ForgetResult>();
  for (const result of results) if (checkOperationName(result.name).ok && result.outcome !== 'queued') recorded.set(result.name, result);
  try {
    history?.append([...recorded.values()].map((result) => ({ ...result, batchId, baseUrl: client.baseUrl, source: options.source })));
  } catch (error) {
    options.onHistoryError?.(error);
  }
  return results;
}
