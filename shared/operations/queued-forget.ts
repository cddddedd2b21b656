import { z } from 'zod';
import { forgetResultSchema } from './forget-result';
import { operationNameSchema } from './operation-name';

/**
 * A forget that waits in the outbox because the operations service could not be reached. Entries carry no
 * status page account: they all share one outbox "account", so they share its in-flight limit and a 429 pauses
 * them together (one service, one quota).
 */
export const OPERATIONS_OUTBOX_KIND = 'operations.delete';
export const OPERATIONS_OUTBOX_ACCOUNT = 'operations';
export const OPERATIONS_OUTBOX_OPERATION = 'deleteOperation';

export const QUEUED_MESSAGE = 'Queued: will be sent when the service is reachable.';

/** `input` of an `operations.delete` entry. The service address travels in the entry's `server` (or here). */
export const queuedForgetInputSchema = z
  .object({
    name: operationNameSchema,
    baseUrl: z.string().min(1).optional(),
    /** An attempt before it was queued may have been applied (its answer was lost): a later 404 means done. */
    mayHaveApplied: z.boolean().optional(),
  })
  .strict();
export type QueuedForgetInput = z.infer<typeof queuedForgetInputSchema>;

/** The final result of a queued name, pushed when the outbox has sent it (or given up on it for good). */
export const queuedForgetResultSchema = z.object({
  outboxId: z.string(),
  result: forgetResultSchema,
});
export type QueuedForgetResult = z.infer<typeof queuedForgetResultSchema>;
