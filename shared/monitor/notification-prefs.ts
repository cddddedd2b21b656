import { z } from 'zod';
import { isoTimeSchema } from './iso-time';
import { severitySchema } from './severity';

/** Global notification settings; per-page mute and follow live on WatchedPage. */
export const notificationPrefsSchema = z.object({
  enabled: z.boolean().default(true),
  /** Events below this never notify (followed incidents excepted). Incidents only by default. */
  minSeverity: severitySchema.default('minor'),
  /** "Pause for an hour": nothing notifies before this instant. */
  pausedUntil: isoTimeSchema.nullable().optional(),
});

export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = { enabled: true, minSeverity: 'minor', pausedUntil: null };

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
