import { z } from 'zod';
import { outboxEntryViewSchema, outboxWaitReasonSchema } from './entry-view';

/** Reachability of one API server (one base URL), as the connectivity monitor sees it. */
export const serverConnectivitySchema = z.object({
  baseUrl: z.string(),
  /** unknown until a request or a probe told; treated as reachable. */
  reachable: z.enum(['yes', 'no', 'unknown']),
  since: z.string().optional(),
  lastProbeAt: z.string().optional(),
  nextProbeAt: z.string().optional(),
  failures: z.number().int().nonnegative(),
});
export type ServerConnectivity = z.infer<typeof serverConnectivitySchema>;

export const connectivityStateSchema = z.object({
  /** What the OS says (Electron's net.isOnline in the app). */
  network: z.boolean(),
  /** online: network up and no known-unreachable server; partial: some unreachable; offline: none reachable. */
  overall: z.enum(['online', 'partial', 'offline']),
  servers: z.array(serverConnectivitySchema),
});
export type ConnectivityState = z.infer<typeof connectivityStateSchema>;

/** The outbox file could not be written (a full disk, a read-only file system): in words, and since when. */
export const outboxDiskProblemSchema = z.object({ message: z.string(), since: z.string() });
export type OutboxDiskProblem = z.infer<typeof outboxDiskProblemSchema>;

/** Counts for the tray and the renderer's badge, with the connectivity they depend on. */
export const outboxStatusSchema = z.object({
  pending: z.number().int().nonnegative(),
  inFlight: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Held for the user's choice: edits in conflict and creates that need a look (counted in both). */
  conflicts: z.number().int().nonnegative(),
  /** How many of `conflicts` are creates that need a look (`needs_look`). */
  needsLook: z.number().int().nonnegative().optional(),
  sent: z.number().int().nonnegative(),
  connectivity: connectivityStateSchema,
  /** The file's last write failed (nothing is sent while a send cannot be recorded); gone once a write succeeds. */
  disk: outboxDiskProblemSchema.optional(),
});
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

/** What `flush()` reports: what was sent while it ran and what is left, and why. */
export const outboxFlushReportSchema = z.object({
  /** false when the timeout ended the wait while something could still be sent. */
  settled: z.boolean(),
  sent: z.number().int().nonnegative(),
  /** Found applied on the server by a look-up (an earlier attempt sent them, its outcome unrecorded): not in `sent`, not sent again. */
  alreadySent: z.number().int().nonnegative().optional(),
  pending: z.number().int().nonnegative(),
  inFlight: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Held for the user's choice: conflicts and creates that need a look. */
  conflicts: z.number().int().nonnegative(),
  /** How many of `conflicts` need a look. */
  needsLook: z.number().int().nonnegative().optional(),
  /** How many of `pending` were sent and got no clear answer (a time-out, a cut connection): looked up before any resend. */
  outcomeUnknown: z.number().int().nonnegative().optional(),
  waiting: z.partialRecord(outboxWaitReasonSchema, z.number().int().nonnegative()),
  unreachable: z.array(z.string()),
});
export type OutboxFlushReport = z.infer<typeof outboxFlushReportSchema>;

/** Events of the outbox for the renderer and the tray (one push channel). */
export const outboxChangeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('entry'),
    entry: outboxEntryViewSchema,
    /** For a write just sent: the server's whole answer (the created or changed object), so no one reads it again. */
    answer: z.record(z.string(), z.unknown()).optional(),
  }),
  /** A batch queued in one call (enqueueMany), in queue order: one event, not one per write. */
  z.object({ type: z.literal('added'), entries: z.array(outboxEntryViewSchema) }),
  /** Dropped by the user (or a settled conflict). */
  z.object({ type: z.literal('removed'), id: z.string() }),
  /** Sent entries the outbox no longer keeps (compaction forgets the oldest beyond the hundred it keeps): views drop them. */
  z.object({ type: z.literal('forgotten'), ids: z.array(z.string()) }),
  z.object({ type: z.literal('status'), status: outboxStatusSchema }),
]);
export type OutboxChange = z.infer<typeof outboxChangeSchema>;
