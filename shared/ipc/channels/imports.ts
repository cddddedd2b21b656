import { z } from 'zod';
import { invoke } from '../define';
import { MAX_IMPORTED_SUBSCRIBERS, MAX_KNOWN_SUBSCRIBERS, MAX_LISTED_ERRORS, MAX_SUBSCRIBER_CSV_BYTES } from '../../admin/subscriber-csv';

/*
 * Files the user imports are parsed in the main process, not in the window: the window hands over the text
 * (bounded by the file's cap before it is sent) and gets back what to queue and what is wrong, line by line.
 */

const subscriberImportRequestSchema = z.object({
  /** The file's text: at most its cap in characters here; its size in bytes is checked by the parse. */
  text: z.string().max(MAX_SUBSCRIBER_CSV_BYTES),
  /** Keys (subscriberKey) of the subscribers the page already has, to be skipped. */
  known: z.array(z.string().min(1).max(2_100)).max(MAX_KNOWN_SUBSCRIBERS),
});

const subscriberImportResultSchema = z.object({
  bodies: z.array(z.record(z.string(), z.string())).max(MAX_IMPORTED_SUBSCRIBERS),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })).max(MAX_LISTED_ERRORS),
  errorCount: z.number().int(),
  repeated: z.number().int(),
  existing: z.array(z.string()).max(MAX_IMPORTED_SUBSCRIBERS),
});

export const importsChannels = {
  /** A subscriber CSV file checked against the page's subscribers: the bodies to queue, or its problems. */
  'imports.subscribers': invoke(subscriberImportRequestSchema, subscriberImportResultSchema),
} as const;
