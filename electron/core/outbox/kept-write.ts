import { randomUUID } from 'node:crypto';
import { AppError } from '@shared/errors';
import { outboxEnqueueInputSchema, type OutboxEnqueueInput, type OutboxEnqueueResult } from '@shared/outbox/requests';
import { describeIssues } from '@shared/validation/describe-issues';
import type { OutboxKindRegistry } from './kinds';
import { BatchWriteError } from './batch-write-error';
import { handOffWrite } from './outbox-handoff';

/**
 * A write of the window while a command holds the outbox: the app cannot add it to the file,
 * so it keeps it as the command line keeps its own writes while the app runs: one fsynced file in the hand-over
 * folder (outbox-handoff.ts), taken in by whoever opens the outbox next (the app, once the command is done, or
 * the next command), under the write's own id, so it is one entry however often it is read. It is checked by its
 * kind first (a write that can never be queued is refused now, not found later), and answered as queued, with
 * the resource key and temp id the window needs to show it and to write after it.
 */
/** The checks keepWrite makes, for one write of a batch: a BatchWriteError names the one that fails. */
export function checkWrite(kinds: OutboxKindRegistry, request: OutboxEnqueueInput, index: number, size: number): void {
  const parsed = outboxEnqueueInputSchema.safeParse(request);
  if (!parsed.success) throw new BatchWriteError(index, size, describeIssues(parsed.error.issues));
  const write = parsed.data;
  const kind = kinds.get(write.kind);
  if (!kind) throw new BatchWriteError(index, size, `unknown kind of write: ${write.kind}.`);
  try {
    kind.prepare({
      id: write.id ?? randomUUID(),
      accountId: write.accountId,
      ...(write.server ? { server: write.server } : {}),
      operation: write.operation,
      input: write.input,
    });
  } catch (error) {
    throw new BatchWriteError(index, size, error instanceof Error ? error.message : 'the write is not valid.');
  }
}

export async function keepWrite(dataDir: string, kinds: OutboxKindRegistry, request: OutboxEnqueueInput): Promise<OutboxEnqueueResult> {
  const parsed = outboxEnqueueInputSchema.safeParse(request);
  if (!parsed.success) throw new AppError('invalid_input', `The write is not valid: ${describeIssues(parsed.error.issues)}`);
  const write = parsed.data;
  const id = write.id ?? randomUUID();
  const kind = kinds.get(write.kind);
  if (!kind) throw new AppError('invalid_input', `Unknown kind of write: ${write.kind}.`);
  const prepared = kind.prepare({
    id,
    accountId: write.accountId,
    ...(write.server ? { server: write.server } : {}),
    operation: write.operation,
    input: write.input,
  });
  await handOffWrite(dataDir, { ...write, id });
  return { id, ...(prepared.tempId ? { tempId: prepared.tempId } : {}), state: 'pending', resourceKey: prepared.resourceKey };
}
