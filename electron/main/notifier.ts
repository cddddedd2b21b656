import { Notification } from 'electron';
import type { NotificationIntent } from '@shared/monitor/notification-intent';
import { nativeNotificationOptions } from '@core/desktop/notification-options';

/** Shows the monitor's notification intents; a click opens the incident in the window. */
export function createNotifier(onClick: (target: NotificationIntent['target']) => void): (intent: NotificationIntent) => void {
  // Keep references until closed: a garbage-collected Notification loses its click handler.
  const live = new Set<Notification>();
  return (intent) => {
    if (!Notification.isSupported()) return;
    const notification = new Notification(nativeNotificationOptions(intent));
    live.add(notification);
    notification.on('click', () => onClick(intent.target));
    notification.on('close', () => live.delete(notification));
    notification.show();
  };
}
