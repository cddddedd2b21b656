import type { AlertDestination, NewAlertDestination } from '@shared/alerts/alert-destination';
import type { AlertDeliveryView } from '@shared/alerts/alert-delivery';
import type { AlertRuleInput, AlertRule } from '@shared/alerts/alert-rule';
import type { AlertsView } from '@shared/alerts/alerts-view';

/**
 * The team alerts as the window (IPC) and the command line (`statusdesk alerts`, `statusdesk serve`) use
 * them: one set of use cases over the settings file, the keychain and the durable alert queue.
 */
export interface AlertsApi {
  view(): Promise<AlertsView>;
  /** Checks the address for its kind, binds the secret to its origin in the keychain, then saves the destination. */
  addDestination(input: NewAlertDestination): Promise<AlertDestination>;
  updateDestination(id: string, patch: Partial<Pick<AlertDestination, 'name' | 'timeZone' | 'enabled'>>): Promise<AlertDestination>;
  /** Removes it, its rules, its keychain secret and its queued messages (said in the result). */
  removeDestination(id: string): Promise<{ droppedMessages: number }>;
  /** Adds (no id) or replaces (same id) a rule. */
  saveRule(rule: Omit<AlertRuleInput, 'id'> & { id?: string }): Promise<AlertRule>;
  removeRule(id: string): Promise<void>;
  /** Queues a test message and waits for its first attempt's outcome (delivered, or why not). */
  test(destinationId: string): Promise<AlertDeliveryView>;
  /** Newest first. */
  deliveries(options?: { limit?: number; destinationId?: string }): Promise<AlertDeliveryView[]>;
  /** Sends a not-delivered message again from the start. */
  retry(deliveryId: string): Promise<AlertDeliveryView>;
  /** Removes a not-delivered message from the log. */
  dismiss(deliveryId: string): Promise<void>;
  /** Called after any change of destinations, rules or deliveries; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}
