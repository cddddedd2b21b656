import { z } from 'zod';
import { isoTimeSchema } from '../monitor/iso-time';
import type { NotificationIntent } from '../monitor/notification-intent';

/*
 * Critical mode: a major incident on one of our own pages (a page of the Status Page API, not a provider's
 * public page) is not a notification that fades: it stays on screen until someone acknowledges it (the OS's
 * critical urgency and no time-out where the system has them, and a banner in the window), with a sound the
 * user can turn off.
 */

export const criticalPrefsSchema = z.object({
  enabled: z.boolean(),
  sound: z.boolean(),
});
export type CriticalPrefs = z.infer<typeof criticalPrefsSchema>;
export const DEFAULT_CRITICAL_PREFS: CriticalPrefs = { enabled: true, sound: true };

export const criticalAlertSchema = z.object({
  id: z.string(),
  pageId: z.string(),
  title: z.string(),
  body: z.string(),
  at: isoTimeSchema,
  target: z.object({ pageId: z.string(), incidentId: z.number().int().optional() }),
  /** When the incident was resolved (or the page back up): the alert then says so, in the resolution's words, until acknowledged. */
  resolvedAt: isoTimeSchema.optional(),
});
export type CriticalAlert = z.infer<typeof criticalAlertSchema>;

/** Whether this notification is critical: a major one, of one of our own pages, with critical mode on. */
export function isCritical(intent: Pick<NotificationIntent, 'severity' | 'ends'>, ownPage: boolean, prefs: CriticalPrefs): boolean {
  return prefs.enabled && ownPage && intent.severity === 'major' && intent.ends !== true;
}
