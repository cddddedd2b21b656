import { z } from 'zod';
import { forgetResultSchema } from './forget-result';
import { TOKEN_SOURCE_KINDS } from './token-source';

/** The history keeps this many names, newest first; older ones drop off. */
export const OPERATIONS_HISTORY_LIMIT = 500;

/** One name that was sent to the service, and what came of it. */
export const operationsHistoryEntrySchema = forgetResultSchema.extend({
  id: z.string(),
  at: z.string(),
  /** Names forgotten together share a batch id. */
  batchId: z.string(),
  baseUrl: z.string(),
  source: z.enum(TOKEN_SOURCE_KINDS),
});
export type OperationsHistoryEntry = z.infer<typeof operationsHistoryEntrySchema>;

export const operationsHistoryFileSchema = z.object({
  version: z.literal(1),
  entries: z.array(operationsHistoryEntrySchema),
});
