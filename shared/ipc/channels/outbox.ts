import { z } from 'zod';
import {
  outboxEnqueueManyInputSchema,
  outboxEnqueueManyResultSchema,
  outboxEnqueueResultSchema,
  outboxIdSchema,
  outboxResolveConflictInputSchema,
  outboxResolveConflictResultSchema,
  outboxResolveLookupInputSchema,
  outboxRetryInputSchema,
  windowWriteSchema,
} from '../../outbox/requests';
import { outboxEntryViewSchema } from '../../outbox/entry-view';
import { outboxChangeSchema, outboxFlushReportSchema, outboxStatusSchema } from '../../outbox/status';
import { invoke, event } from '../define';

/** Every write of the app goes through here: stored durably first, sent when the server can be reached. */
export const outboxChannels = {
  'outbox.enqueue': invoke(windowWriteSchema, outboxEnqueueResultSchema),
  /** Up to MAX_ENQUEUE_BATCH writes in one fsync, in order, all or none (a metric file's points, chunked). */
  'outbox.enqueueMany': invoke(outboxEnqueueManyInputSchema, outboxEnqueueManyResultSchema),
  'outbox.list': invoke(z.undefined(), z.array(outboxEntryViewSchema)),
  'outbox.status': invoke(z.undefined(), outboxStatusSchema),
  'outbox.flush': invoke(z.undefined(), outboxFlushReportSchema),
  'outbox.retry': invoke(outboxRetryInputSchema, outboxEntryViewSchema),
  /** Retry all: every failed write is sent again as it is; answers the writes that went back to waiting. */
  'outbox.retryAll': invoke(z.undefined(), z.array(outboxEntryViewSchema)),
  'outbox.drop': invoke(outboxIdSchema, z.object({ dropped: z.boolean(), failedDependents: z.array(z.string()) })),
  'outbox.resolveConflict': invoke(outboxResolveConflictInputSchema, outboxResolveConflictResultSchema),
  /** A create held in needs_look: It is mine (a candidate's id) or Send mine; answers the entry as it is now. */
  'outbox.resolveLookup': invoke(outboxResolveLookupInputSchema, outboxEntryViewSchema),
  /** The server object a sent write produced (the created incident, say), for the view to show. */
  'outbox.result': invoke(outboxIdSchema, z.object({ object: z.record(z.string(), z.unknown()).nullable() })),
  'outbox.onChange': event(outboxChangeSchema),
} as const;
