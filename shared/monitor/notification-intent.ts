import { z } from 'zod';
import { severitySchema } from './severity';

/** One native notification to show: at most one per page per poll. */
export const notificationIntentSchema = z.object({
  pageId: z.string(),
  title: z.string(),
  body: z.string(),
  severity: severitySchema,
  /** low: may be shown silently (maintenance, notices, "reachable again"). */
  priority: z.enum(['normal', 'low']),
  /** What a click opens. */
  target: z.object({ pageId: z.string(), incidentId: z.number().int().optional() }),
  /** The events summarised, for the notification centre. */
  eventIds: z.array(z.string()),
  /** It tells only that what was wrong is over (resolved, ended, back up): never critical; it closes the incident's critical alert. */
  ends: z.literal(true).optional(),
  /** A major incident on our own page (critical mode): shown until acknowledged; `sound` off plays none. */
  critical: z.object({ sound: z.boolean() }).optional(),
});

export type NotificationIntent = z.infer<typeof notificationIntentSchema>;
