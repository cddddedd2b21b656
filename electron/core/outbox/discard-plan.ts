import type { OutboxError } from '@shared/outbox/entry-view';
import { tempIdsIn } from '@shared/outbox/temp-id';
import type { OutboxEntry } from './entry';
import type { OutboxRecord } from './log-format';

const DEPENDS_ON_DISCARDED: OutboxError = { code: 'invalid_input', message: 'It depends on a write that was discarded. Discard it, or edit it and try again.' };

/**
 * The records that discard an entry: its removal, and every unsent write that needed it (listed in dependsOn,
 * or naming the temp id of what it would create) moved to Failed with the reason. None vanishes silently.
 */
export function discardPlan(entry: OutboxEntry, entries: Iterable<OutboxEntry>): { records: OutboxRecord[]; dependents: OutboxEntry[] } {
  const records: OutboxRecord[] = [{ t: 'remove', id: entry.id }];
  const dependents: OutboxEntry[] = [];
  if (entry.state === 'sent') return { records, dependents };
  for (const other of entries) {
    if (other.id === entry.id || other.state === 'sent' || other.state === 'in_flight') continue;
    const needsIt = other.dependsOn.includes(entry.id) || (entry.tempId !== undefined && tempIdsIn(other.input).has(entry.tempId));
    if (!needsIt) continue;
    dependents.push(other);
    records.push({ t: 'state', id: other.id, state: 'failed', lastError: DEPENDS_ON_DISCARDED });
    records.push({ t: 'edit', id: other.id, dependsOn: other.dependsOn.filter((dep) => dep !== entry.id) });
  }
  return { records, dependents };
}
