import { z } from 'zod';
import { boundedRecord } from '../validation/bounded-record';
import { kindNameOfToday, STATUSPAL_OUTBOX_KIND } from './kind-name';
import { outboxEntryViewSchema, outboxServerSchema, outboxStateSchema, serverIdSchema } from './entry-view';

/** Writes one write may wait for: an update waits for its incident's create, a batch for a few more. */
const MAX_DEPENDS_ON = 1_000;

/** A write to queue (IPC `outbox.enqueue`, the command line). */
export const outboxEnqueueInputSchema = z.object({
  /** Optional client mutation id: enqueueing the same id twice returns the first entry (safe IPC retries). */
  id: z.string().uuid().optional(),
  kind: z.string().min(1).max(40).default(STATUSPAL_OUTBOX_KIND).transform(kindNameOfToday),
  accountId: z.string().min(1).max(200),
  server: outboxServerSchema.optional(),
  operation: z.string().min(1).max(60),
  input: boundedRecord(),
  dependsOn: z.array(z.string().uuid()).max(MAX_DEPENDS_ON).optional(),
  baseUpdatedAt: z.string().max(64).optional(),
});
export type OutboxEnqueueInput = z.input<typeof outboxEnqueueInputSchema>;

/**
 * A write of the window (IPC `outbox.enqueue`, `outbox.enqueueMany`). Where it goes and with which key is the main
 * process's to say, from the account as stored now: a payload naming a server (or any other field) is refused,
 * so a script in the window cannot aim a key at an address of its choosing.
 */
export const windowWriteSchema = outboxEnqueueInputSchema.omit({ server: true }).strict();
export type WindowWrite = z.input<typeof windowWriteSchema>;

/** Writes per `outbox.enqueueMany` call: a bigger batch is split by the caller (a metric file is chunked by 1,000). */
export const MAX_ENQUEUE_BATCH = 1_000;

/** Many writes queued in one call: one file write and one fsync, in the order given, all or none. */
export const outboxEnqueueManyInputSchema = z.object({ writes: z.array(windowWriteSchema).min(1).max(MAX_ENQUEUE_BATCH) });

export const outboxEnqueueResultSchema = z.object({
  id: z.string().uuid(),
  tempId: z.string().optional(),
  state: outboxStateSchema,
  resourceKey: z.string(),
});
export type OutboxEnqueueResult = z.infer<typeof outboxEnqueueResultSchema>;

export const outboxEnqueueManyResultSchema = z.array(outboxEnqueueResultSchema).max(MAX_ENQUEUE_BATCH);

export const outboxIdSchema = z.object({ id: z.string().uuid() });

export const outboxRetryInputSchema = z.object({
  id: z.string().uuid(),
  /** Replaces the entry's input (the user edited a failed write). */
  input: boundedRecord().optional(),
});

const CONFLICT_CHOICES = ['keep_mine', 'take_theirs'] as const;
export const conflictChoiceSchema = z.enum(CONFLICT_CHOICES);
export type ConflictChoice = z.infer<typeof conflictChoiceSchema>;

export const outboxResolveConflictInputSchema = z.object({ id: z.string().uuid(), choice: conflictChoiceSchema });

export const outboxResolveConflictResultSchema = z.object({
  choice: conflictChoiceSchema,
  /** keep_mine: the entry, re-based and pending again. */
  entry: outboxEntryViewSchema.optional(),
  /** take_theirs: the server copy (null when it could not be read and none was kept). */
  theirs: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type OutboxResolveConflictResult = z.infer<typeof outboxResolveConflictResultSchema>;

export const outboxResolveLookupInputSchema = z.discriminatedUnion('choice', [
  z.object({ id: z.string().uuid(), choice: z.literal('mine'), candidateId: serverIdSchema }),
  /** `force`: send mine even though a look-alike stored after my send may be mine (could make two). */
  z.object({ id: z.string().uuid(), choice: z.literal('send_mine'), force: z.boolean().optional() }),
]);
export type OutboxResolveLookupInput = z.infer<typeof outboxResolveLookupInputSchema>;
