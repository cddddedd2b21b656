import { randomUUID } from 'node:crypto';
import type { OutboxEnqueueInput, OutboxEnqueueResult } from '@shared/outbox/requests';
import { outboxEnqueueInputSchema } from '@shared/outbox/requests';
import { describeIssues } from '@shared/validation/describe-issues';
import type { BootClock } from '@core/timing/boot-clock';
import { BatchWriteError } from './batch-write-error';
import type { OutboxEntry } from './entry';
import type { OutboxKindRegistry } from './kinds';
import { enqueueResultOf, newEntry } from './new-entry';
import type { OutboxStore } from './outbox-store';

/**
 * The entries of a batch (enqueueMany), every write checked before any is stored: one that is not valid refuses
 * the batch with a BatchWriteError naming it. A write whose id is already in the outbox, or earlier in the batch
 * (a retried call), answers that entry instead of a new one.
 */
export function prepareBatch(
  requests: readonly OutboxEnqueueInput[],
  parts: { kinds: OutboxKindRegistry; store: OutboxStore; now: number; bootClock: BootClock },
): { results: OutboxEnqueueResult[]; fresh: OutboxEntry[] } {
  const results: OutboxEnqueueResult[] = [];
  const fresh: OutboxEntry[] = [];
  const inBatch = new Map<string, OutboxEntry>();
  requests.forEach((request, index) => {
    const parsed = outboxEnqueueInputSchema.safeParse(request);
    if (!parsed.success) throw new BatchWriteError(index, requests.length, describeIssues(parsed.error.issues));
    const id = parsed.data.id ?? randomUUID();
    const existing = parts.store.entries.get(id) ?? inBatch.get(id);
    if (existing) return void results.push(enqueueResultOf(existing));
    let entry: OutboxEntry;
    try {
      entry = newEntry({ ...parsed.data, id }, parts.kinds, parts.store, parts.now, parts.bootClock);
    } catch (error) {
      throw new BatchWriteError(index, requests.length, error instanceof Error ? error.message : 'the write is not valid.');
    }
    inBatch.set(id, entry);
    fresh.push(entry);
    results.push(enqueueResultOf(entry));
  });
  return { results, fresh };
}
