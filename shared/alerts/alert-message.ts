import { z } from 'zod';
import { severitySchema } from '../monitor/severity';

/*
 * What the team is told: one change of a watched page, or a digest of several, in a form every destination
 * formats its own way. Kept in the durable alert queue, so it is parsed again when read back.
 */

export const alertChangeSchema = z.object({
  pageId: z.string(),
  pageName: z.string(),
  /** The public page people open; null when unknown. */
  pageUrl: z.string().nullable(),
  /** The incident, maintenance or notice the change is about; null for a page or service level change. */
  subject: z
    .object({
      kind: z.enum(['incident', 'maintenance', 'notice']),
      id: z.string(),
      title: z.string(),
      url: z.string().nullable(),
    })
    .nullable(),
  /** opened: a new incident or a maintenance that started; resolved: it is over; level: a level moved without one. */
  phase: z.enum(['opened', 'updated', 'resolved', 'level']),
  severity: severitySchema,
  /** One line in people's words ("Major outage: Logins fail"). */
  headline: z.string(),
  /** The latest update's text, when there is one. */
  text: z.string().nullable(),
  /** Names of the services it touches. */
  services: z.array(z.string()),
  /** When the change was seen (ISO 8601, UTC). */
  at: z.string(),
});
export type AlertChange = z.infer<typeof alertChangeSchema>;

export const alertMessageSchema = z.object({
  /**
   * The same change seen by two watchers gets the same key (page, subject, phase, update), so a receiver that
   * deduplicates (PagerDuty, a webhook receiver honouring the delivery id) acts on it once.
   */
  key: z.string(),
  /**
   * Page and incident (or page alone): PagerDuty's dedup_key, so its trigger and its resolve meet; messages
   * with the same incident key are delivered in the order they were queued.
   */
  incidentKey: z.string(),
  /** trigger: something is wrong; resolve: it is over; info: neither (an update, a notice, a digest, a test). */
  action: z.enum(['trigger', 'resolve', 'info']),
  title: z.string(),
  severity: severitySchema,
  /** One change, or several in a digest (many pages at once, or what quiet hours held). */
  changes: z.array(alertChangeSchema).min(1),
  test: z.boolean().default(false),
  createdAt: z.string(),
});
export type AlertMessage = z.infer<typeof alertMessageSchema>;
