import type { OutboxError } from '@shared/outbox/entry-view';
import { STATUSPAL_OUTBOX_KIND } from '@shared/outbox/kind-name';
import { isWriteOperation, WRITE_OPERATIONS } from '@shared/outbox/write-operations';
import type { OutboxEntry } from './entry';
import type { OutboxRecord } from './log-format';

/*
 * A status page write answered 404 for the item it changes (an update of it, a delete, an update posted to
 * it): the item is not on the server. Every unsent write queued after it on the same item, or depending on
 * it, would meet the same 404: they fail with it, each saying which write found the item missing, instead of
 * waiting behind a failed write for ever (and making every flush end with "still in the outbox").
 */

/** A write that names an item the server already has (not a create of a new top-level item). */
function writesToExistingItem(entry: OutboxEntry): boolean {
  if (entry.kind !== STATUSPAL_OUTBOX_KIND || !isWriteOperation(entry.operation)) return false;
  const info = WRITE_OPERATIONS[entry.operation];
  return info.parent !== undefined || info.action !== 'create';
}

/** The records that fail the writes behind `failed`, and those writes; none when its failure was not a 404 on an item. */
export function failBehindMissing(
  failed: OutboxEntry,
  error: OutboxError,
  entries: Iterable<OutboxEntry>,
): { records: OutboxRecord[]; dependents: OutboxEntry[] } {
  const records: OutboxRecord[] = [];
  const dependents: OutboxEntry[] = [];
  if (error.status !== 404 || !writesToExistingItem(failed)) return { records, dependents };
  const lastError: OutboxError = {
    code: 'not_found',
    status: 404,
    message: `what it changes is not on the server (404): write ${failed.id.slice(0, 8)} found it missing`,
  };
  for (const other of entries) {
    if (other.id === failed.id || other.state !== 'pending') continue;
    const behind = other.resourceKey === failed.resourceKey && other.seq > failed.seq;
    if (!behind && !other.dependsOn.includes(failed.id)) continue;
    dependents.push(other);
    records.push({ t: 'state', id: other.id, state: 'failed', lastError });
  }
  return { records, dependents };
}
