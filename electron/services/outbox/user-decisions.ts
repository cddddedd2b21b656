import { replaceTempIds } from '../../../shared/outbox/temp-id';
import type { OutboxEntry } from './entry';
import type { OutboxKindHandler } from './kinds';
import type { OutboxRecord } from './log-format';

/*
 * What the user's choices on a failed or conflicting write put in the log. The service checks the entry's
 * state and applies the records; these only decide what they are.
 */

/** Pending again, with the corrected input (temp ids of sent creates replaced) when one is given. */
export function retryRecords(
  entry: OutboxEntry,
  newInput: Record<string, unknown> | undefined,
  kind: () => OutboxKindHandler,
  serverIdOf: (tempId: string) => string | number | undefined,
): OutboxRecord[] {
  const records: OutboxRecord[] = [];
  if (newInput !== undefined) {
    const input = replaceTempIds(newInput, serverIdOf);
    const prepared = kind().prepare({
      id: entry.id,
      accountId: entry.accountId,
      ...(entry.server ? { server: entry.server } : {}),
      operation: entry.operation,
      input,
    });
    records.push({ t: 'edit', id: entry.id, input, resourceKey: prepared.resourceKey });
  }
  records.push({ t: 'state', id: entry.id, state: 'pending', lastError: null, conflict: null });
  return records;
}

/** The server's copy now, when the kind can read it (`read` false: unreadable, fall back to what the conflict saw). */
export async function readTheirs(entry: OutboxEntry, kind: OutboxKindHandler): Promise<{ read: boolean; current: Record<string, unknown> | null }> {
  if (kind.fetchCurrent === undefined) return { read: false, current: null };
  try {
    return { read: true, current: (await kind.fetchCurrent(entry, entry.input)) ?? null };
  } catch {
    return { read: false, current: null };
  }
}

/** keep_mine: the server's current version becomes the edit's base, so the edit is sent over theirs. */
export function keepMineRecords(entry: OutboxEntry, theirs: { read: boolean; current: Record<string, unknown> | null }): OutboxRecord[] {
  const current = theirs.current;
  const base = theirs.read ? (typeof current?.updated_at === 'string' ? current.updated_at : null) : (entry.conflict?.serverUpdatedAt ?? null);
  return [
    { t: 'edit', id: entry.id, baseUpdatedAt: base },
    { t: 'state', id: entry.id, state: 'pending', lastError: null, conflict: null },
  ];
}
