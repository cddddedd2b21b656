import { z } from 'zod';
import { alertChangeSchema } from './alert-message';
import { severitySchema } from '../monitor/severity';

/*
 * What a generic webhook receiver gets (docs/alerts-webhook.md explains it to receivers): the message as
 * JSON, signed with HMAC-SHA256 over "<timestamp>.<body>". Shared so the webhook simulator checks the very
 * schema the app writes.
 */

export const WEBHOOK_PAYLOAD_TYPE = 'statusdesk.alert';
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** Header names, lower case as node reads them. */
export const WEBHOOK_HEADERS = {
  signature: 'x-statusdesk-signature',
  timestamp: 'x-statusdesk-timestamp',
  delivery: 'x-statusdesk-delivery',
  /** The message key: the same change seen by two watchers carries the same one. */
  idempotencyKey: 'idempotency-key',
} as const;

/** How old a timestamp a receiver should still accept; older is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const webhookPayloadSchema = z.object({
  type: z.literal(WEBHOOK_PAYLOAD_TYPE),
  version: z.literal(WEBHOOK_PAYLOAD_VERSION),
  /** The delivery id (also in X-Statusdesk-Delivery): one watcher's sends of one message share it. */
  deliveryId: z.string().min(1),
  /** The message key (also in Idempotency-Key): act once per key. */
  key: z.string().min(1),
  incidentKey: z.string().min(1),
  action: z.enum(['trigger', 'resolve', 'info']),
  title: z.string(),
  severity: severitySchema,
  test: z.boolean(),
  createdAt: z.string(),
  changes: z.array(alertChangeSchema).min(1),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
