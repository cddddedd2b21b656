import { z } from 'zod';
import { alertDestinationKindSchema } from './alert-destination';
import { severitySchema } from '../monitor/severity';

/*
 * One message on its way to one destination, as the window's delivery log and `statusdesk alerts list` show
 * it. Delivery is at least once: a message is sent until its receiver accepts it or it is given up on, and
 * carries a key the receiver can deduplicate by (PagerDuty's dedup_key, the webhook's delivery id).
 */

const ALERT_DELIVERY_STATES = [
  /** Waiting for its turn, its destination's rate limit, or a retry after a failure. */
  'queued',
  /** Held by quiet hours; sent as part of a digest when they end. */
  'held',
  'delivered',
  /** Given up on (the receiver refused it, or it failed for too long): shown until dismissed, never silent. */
  'not_delivered',
] as const;
export const alertDeliveryStateSchema = z.enum(ALERT_DELIVERY_STATES);
export type AlertDeliveryState = z.infer<typeof alertDeliveryStateSchema>;

export const alertDeliveryViewSchema = z.object({
  id: z.string(),
  destinationId: z.string(),
  destinationName: z.string(),
  kind: alertDestinationKindSchema,
  /** The message's headline, as the receiver shows it. */
  title: z.string(),
  severity: severitySchema,
  pageNames: z.array(z.string()),
  /** Changes folded into this message (a digest carries several). */
  changes: z.number().int().min(1),
  /** Sent by the Test button or `statusdesk alerts test`. */
  test: z.boolean(),
  state: alertDeliveryStateSchema,
  attempts: z.number().int().min(0),
  /** Why the last attempt failed, in people's words; never a secret. */
  problem: z.string().nullable(),
  queuedAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type AlertDeliveryView = z.infer<typeof alertDeliveryViewSchema>;
