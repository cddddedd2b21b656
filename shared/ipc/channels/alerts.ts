import { z } from 'zod';
import { alertDeliveryViewSchema } from '../../alerts/alert-delivery';
import { alertDestinationSchema, newAlertDestinationSchema } from '../../alerts/alert-destination';
import { alertRuleSchema } from '../../alerts/alert-rule';
import { alertsViewSchema } from '../../alerts/alerts-view';
import { event, invoke } from '../define';

const idSchema = z.object({ id: z.string().min(1).max(64) });
/** A delivery's id is the queue's own (no settings limit applies). */
const deliveryIdSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * What may change on a destination once added. Built field by field rather than `.partial()`: zod fills a
 * default inside a partial, so an absent `enabled` would turn a renamed, disabled destination back on.
 */
const destinationPatchSchema = z
  .object({
    name: alertDestinationSchema.shape.name,
    timeZone: alertDestinationSchema.shape.timeZone,
    enabled: z.boolean(),
  })
  .partial();

/** Team alerts: destinations (their secret goes in once and never comes back), rules and the delivery log. */
export const alertsChannels = {
  /** Destinations with `secretStored` and `lastFour` only, and every rule. */
  'alerts.view': invoke(z.undefined(), alertsViewSchema),
  /** The address or key is stored in the keychain, bound to its origin; the answer holds neither. */
  'alerts.addDestination': invoke(newAlertDestinationSchema, alertDestinationSchema),
  'alerts.updateDestination': invoke(idSchema.extend({ patch: destinationPatchSchema }), alertDestinationSchema),
  /** Removes its rules, its secret and its queued messages: answers how many had not been delivered. */
  'alerts.removeDestination': invoke(idSchema, z.object({ droppedMessages: z.number().int().min(0) })),
  /** Adds a rule (no id) or replaces the one with the same id. */
  'alerts.saveRule': invoke(alertRuleSchema.extend({ id: alertRuleSchema.shape.id.optional() }), alertRuleSchema),
  'alerts.removeRule': invoke(idSchema, z.void()),
  /** Sends a test message and answers after its first attempt: delivered, or why not. */
  'alerts.test': invoke(z.object({ destinationId: z.string().min(1).max(64) }), alertDeliveryViewSchema),
  /** The delivery log, newest first. */
  'alerts.deliveries': invoke(
    z.object({ limit: z.number().int().min(1).max(1_000).optional(), destinationId: z.string().min(1).max(64).optional() }).optional(),
    z.array(alertDeliveryViewSchema),
  ),
  'alerts.retry': invoke(deliveryIdSchema, alertDeliveryViewSchema),
  'alerts.dismiss': invoke(deliveryIdSchema, z.void()),
  /** Destinations, rules or deliveries changed: the window reads what it shows again. */
  'alerts.onChange': event(z.object({})),
} as const;
