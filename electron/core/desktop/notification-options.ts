import type { NotificationIntent } from '@shared/monitor/notification-intent';

/** What Electron's Notification is built with (the fields of its constructor options we use). */
interface NativeNotificationOptions {
  title: string;
  body: string;
  silent: boolean;
  urgency?: 'normal' | 'critical' | 'low';
  timeoutType?: 'default' | 'never';
}

/**
 * A notification intent as Electron's options: a low-priority one is silent; a critical one (a major incident
 * on our own page) asks for the OS's critical urgency (Linux) and no time-out (Linux, Windows), so it stays
 * until the user deals with it, and plays the system's sound unless the user turned it off.
 */
export function nativeNotificationOptions(intent: NotificationIntent): NativeNotificationOptions {
  const base = { title: intent.title, body: intent.body, silent: intent.priority === 'low' };
  if (!intent.critical) return base;
  return { ...base, silent: !intent.critical.sound, urgency: 'critical', timeoutType: 'never' };
}
