import { z } from 'zod';
import { isoTimeSchema } from './iso-time';
import { severitySchema } from './severity';

/** Global notification settings; per-page mute and follow live on WatchedPage. */
export const notificationPrefsSchema = z.object({
  enabled: z.boolean().default(true),
  /** Events below this never notify (followed incidents excepted). Incidents only by default. */
  minSeverity: severitySchema.default('minor'),
  /**
   * A maintenance starting and ending notifies whatever its type's level (an emergency maintenance is typed
   * "scheduled", below the default minimum); off, they follow the minimum like everything else.
   */
  maintenanceStartEnd: z.boolean().default(true),
  /** "Pause for an hour": nothing notifies before this instant. */
  pausedUntil: isoTimeSchema.nullable().optional(),
});

export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** A change from the window: only what is given changes (no defaults, which would reset the rest). */
export const notificationPrefsChangeSchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    minSeverity: severitySchema.optional(),
    maintenanceStartEnd: z.boolean().optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'Name at least one setting to change.');

export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = { enabled: true, minSeverity: 'minor', maintenanceStartEnd: true, pausedUntil: null };

export function notificationsPausedAt(prefs: NotificationPrefs, nowMs: number): boolean {
  if (!prefs.pausedUntil) return false;
  const until = Date.parse(prefs.pausedUntil);
  return Number.isFinite(until) && until > nowMs;
}

/** The tray's "pause for an hour": a new prefs object, paused until now + durationMs. */
export function pauseNotifications(prefs: NotificationPrefs, nowMs: number, durationMs: number): NotificationPrefs {
  return { ...prefs, pausedUntil: new Date(nowMs + durationMs).toISOString() };
}

export function resumeNotifications(prefs: NotificationPrefs): NotificationPrefs {
  return { ...prefs, pausedUntil: null };
}
