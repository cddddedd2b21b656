import type { AlertDeliveryView } from '@shared/alerts/alert-delivery';
import type { AlertDestination } from '@shared/alerts/alert-destination';
import type { AlertMessage } from '@shared/alerts/alert-message';
import type { AlertQueueOwnership, AlertsOwnerRole } from './delivery/alert-queue-lock';

/** The secret parts of a destination, as released by the vault for the destination's origin only. */
export interface DestinationSecret {
  /** Slack/Teams: the webhook address; PagerDuty: the Events API address; webhook: the receiver's address. */
  address: string;
  /** PagerDuty: routing key; webhook: signing secret. */
  key?: string;
}

/**
 * The durable alert queue and its sender: at least once, in order per incident key, within each
 * destination's rate limit, with backoff; nothing lost across a crash. Implemented in delivery/alert-delivery.ts.
 */
export interface AlertDeliveryApi {
  /** Appends to the queue file before it resolves; returns the delivery id. */
  enqueue(destinationId: string, message: AlertMessage): Promise<string>;
  list(options?: { limit?: number; destinationId?: string }): AlertDeliveryView[];
  /** Resolves once list() shows the file: read at start, and read again while another process sends. */
  refresh(): Promise<void>;
  /** Resolves with the view after the delivery's first attempt (delivered, queued again, or not delivered). */
  firstOutcome(deliveryId: string): Promise<AlertDeliveryView>;
  retry(deliveryId: string): AlertDeliveryView;
  dismiss(deliveryId: string): void;
  /** Drops a removed destination's messages; returns how many were still undelivered. */
  dropDestination(destinationId: string): number;
  onChange(listener: () => void): () => void;
  /**
   * Takes the data folder's alert queue (one sender per data folder: delivery/alert-queue-lock.ts) and opens it
   * for writing; rejects with AlertsBusyError naming the process that sends. Every write takes it first.
   */
  open(): Promise<void>;
  /** Whether this process sends: known at once after open() is called (the lock is taken synchronously). */
  ownership(): AlertQueueOwnership;
  /** Starts sending what the queue holds (after a crash or a reboot too). */
  start(): void;
  /** Stops taking new attempts; waits for those in flight to finish (SIGTERM), then closes the file. */
  stop(): Promise<void>;
}

export interface AlertDeliveryOptions {
  dataDir: string;
  destinations: () => readonly AlertDestination[];
  /** From the keychain, for the destination's origin; null when missing (the message waits, marked why). */
  secretFor: (destination: AlertDestination) => Promise<DestinationSecret | null>;
  /** A damaged queue file, disk full: told to the user, never silent. */
  reportProblem: (message: string) => void;
  log?: (line: string) => void;
  now?: () => number;
  random?: () => number;
  /** Who this process is, in the lock and in the other process's words. Default 'app'. */
  role?: AlertsOwnerRole;
}
