import { z } from 'zod';
import { ERROR_CODES } from '../errors';

/**
 * What happened to one operation name. `already_gone`: a retry after an answer that never arrived found the
 * operation missing, so the earlier attempt forgot it. `queued`: the service could not be reached, so the app
 * put the name in the outbox; its final result comes later (`operations.onQueuedResult`). A failure of one
 * name never hides the others.
 */
const FORGET_OUTCOMES = ['forgotten', 'already_gone', 'failed', 'queued'] as const;

export const forgetResultSchema = z.object({
  name: z.string(),
  outcome: z.enum(FORGET_OUTCOMES),
  /** Set when outcome is 'failed'. */
  code: z.enum(ERROR_CODES).optional(),
  /** The HTTP status of the last answer, when there was one. */
  status: z.number().int().optional(),
  message: z.string(),
  /** Set when outcome is 'queued': the outbox entry that will send it. */
  outboxId: z.string().optional(),
});

export type ForgetResult = z.infer<typeof forgetResultSchema>;

/**
 * A request to forget several operations. Names are only bounded here, not validated: a malformed name
 * is reported in its own result instead of failing the whole batch.
 */
export const forgetOperationsRequestSchema = z.object({
  names: z.array(z.string().max(2048)).min(1).max(1000),
  concurrency: z.number().int().min(1).max(16).optional(),
});

export const forgetOperationsResponseSchema = z.object({ results: z.array(forgetResultSchema) });
