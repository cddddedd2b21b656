import { AppError } from '@shared/errors';
import type { OutboxEnqueueResult, outboxEnqueueInputSchema } from '@shared/outbox/requests';
import type { z } from 'zod';
import { replaceTempIds, TEMP_ID_PREFIX, tempIdsIn } from '@shared/outbox/temp-id';
import type { BootClock } from '@core/timing/boot-clock';
import type { OutboxEntry } from './entry';
import type { EntryRuntimes } from './entry-runtime';
import type { OutboxKindHandler, OutboxKindRegistry } from './kinds';
import type { OutboxStore } from './outbox-store';

/**
 * A new entry from a checked request: temp ids already mapped are replaced by server ids, every other temp id
 * must belong to a create still in the outbox (and the entry then depends on it), and the kind validates the
 * write and names its resource. Throws AppError invalid_input; nothing is stored here.
 */
export function newEntry(
  request: z.output<typeof outboxEnqueueInputSchema> & { id: string },
  kinds: OutboxKindRegistry,
  store: OutboxStore,
  now: number,
  bootClock: BootClock,
): OutboxEntry {
  const { id } = request;
  const kind = kinds.get(request.kind);
  if (!kind) throw new AppError('invalid_input', `Unknown kind of write: ${request.kind}.`);
  const input = replaceTempIds(request.input, (tempId) => store.serverIdOf(tempId));
  const creators: string[] = [];
  for (const tempId of tempIdsIn(input)) {
    const creator = store.entries.get(tempId.slice(TEMP_ID_PREFIX.length));
    if (!creator || creator.tempId !== tempId) throw new AppError('invalid_input', `The write refers to ${tempId}, which is not in the outbox.`);
    creators.push(creator.id);
  }
  let prepared;
  try {
    prepared = kind.prepare({ id, accountId: request.accountId, ...(request.server ? { server: request.server } : {}), operation: request.operation, input });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('invalid_input', error instanceof Error ? error.message : 'The write is not valid.');
  }
  const entry: OutboxEntry = {
    id,
    seq: store.nextSeq(),
    kind: request.kind,
    accountId: request.accountId,
    ...(request.server ? { server: request.server } : {}),
    operation: request.operation,
    input,
    resourceKey: prepared.resourceKey,
    ...(prepared.tempId ? { tempId: prepared.tempId } : {}),
    dependsOn: [...new Set([...(request.dependsOn ?? []), ...creators])].filter((dep) => dep !== id),
    ...(request.baseUpdatedAt ? { baseUpdatedAt: request.baseUpdatedAt } : {}),
    createdAt: new Date(now).toISOString(),
    attempts: 0,
    state: 'pending',
  };
  // The moment of writing on clocks a wrong computer clock cannot move: its time on the server is published later.
  const offset = serverOffsetOf(kind, entry);
  entry.clockAtWrite = { ...bootClock(), ...(offset === null ? {} : { serverOffsetMs: offset }) };
  return entry;
}

/**
 * Adds a new entry to the file; resolves once it is durable ("accepted"), and until then the scheduler leaves
 * it alone. A write that could not be saved leaves nothing behind; the store names the file and the cause (a
 * full disk, a read-only file), passed on as it is.
 */
export async function addDurably(store: OutboxStore, runtime: EntryRuntimes, entry: OutboxEntry): Promise<void> {
  runtime.setCommitting(entry.id, true);
  try {
    await store.add(entry);
  } catch (error) {
    runtime.forget(entry.id);
    store.entries.delete(entry.id);
    if (error instanceof AppError) throw error;
    throw new AppError('storage', `The write could not be saved to the outbox (${store.filePath}).`, { cause: error });
  }
  runtime.setCommitting(entry.id, false);
}

/**
 * Adds a batch of new entries in one file write and one fsync (enqueueMany): durable together or not at all. Each
 * is held back from the scheduler until then, as one added alone is; a failed write leaves none of them behind.
 */
export async function addManyDurably(store: OutboxStore, runtime: EntryRuntimes, entries: readonly OutboxEntry[]): Promise<void> {
  for (const entry of entries) runtime.setCommitting(entry.id, true);
  try {
    await store.addMany(entries);
  } catch (error) {
    for (const entry of entries) {
      runtime.forget(entry.id);
      store.entries.delete(entry.id);
    }
    if (error instanceof AppError) throw error;
    throw new AppError('storage', `The writes could not be saved to the outbox (${store.filePath}).`, { cause: error });
  }
  for (const entry of entries) runtime.setCommitting(entry.id, false);
}

/** The server's clock minus ours, when this process knows it (an answer from that server before). */
function serverOffsetOf(kind: OutboxKindHandler, entry: OutboxEntry): number | null {
  try {
    return kind.clockOffsetMs?.(entry) ?? null;
  } catch {
    return null;
  }
}

/** What enqueue answers: the id, the temp id of what it creates, its state and resource key. */
export function enqueueResultOf(entry: OutboxEntry): OutboxEnqueueResult {
  return { id: entry.id, ...(entry.tempId ? { tempId: entry.tempId } : {}), state: entry.state, resourceKey: entry.resourceKey };
}
