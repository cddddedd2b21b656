import { z } from 'zod';
import { boundedRecord } from '../validation/bounded-record';

/**
 * Reads of the status page API for an account (writes go through the outbox). The operation must be a
 * read of the client's operation table; the main process checks it and uses the account's key.
 */
export const statusPageReadInputSchema = z.object({
  accountId: z.uuid(),
  operation: z.string().min(1).max(60),
  input: boundedRecord(16 * 1024).default({}),
});
export type StatusPageReadInput = z.input<typeof statusPageReadInputSchema>;

export const statusPageReadResultSchema = z.union([
  z.object({ kind: z.literal('item'), item: z.unknown() }),
  z.object({
    kind: z.literal('list'),
    items: z.array(z.unknown()),
    total: z.number().int().nullable(),
    /** Pass as `after` to read the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  }),
]);
export type StatusPageReadResult = z.infer<typeof statusPageReadResultSchema>;
