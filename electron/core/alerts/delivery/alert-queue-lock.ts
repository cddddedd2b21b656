import path from 'node:path';
import { AppError } from '@shared/errors';
import { fileErrorReason } from '@core/storage/file-system';
import { acquireOwnerLock, type LockFileVerb, type OwnerLockKind } from '@core/storage/owner-lock';

/*
 * One process per data folder routes and sends the team alerts: the desktop app and `statusdesk serve` may
 * share a data folder, and two of them appending to and sending from alert-queue.jsonl would send each alert
 * twice and interleave their lines. The first to open the queue for writing holds `alert-queue.lock` (the
 * outbox's lock mechanism, storage/owner-lock.ts) until it stops; a killed owner's lock is taken over. The
 * other one still reads the queue (the delivery log), and says who sends.
 */

const ALERT_QUEUE_LOCK_FILE_NAME = 'alert-queue.lock';

/** Who sends the alerts: the desktop app, the headless watcher, or a command (`statusdesk alerts test`) for a moment. */
export type AlertsOwnerRole = 'app' | 'serve' | 'cli';

const ROLE_WORDS: Record<AlertsOwnerRole, string> = {
  app: 'the Statusdesk app',
  serve: 'statusdesk serve',
  cli: 'a statusdesk command',
};

/** Another process (or another owner in this one) routes and sends the alerts of this data folder. */
export class AlertsBusyError extends AppError {
  readonly holderPid: number;
  readonly holderRole: AlertsOwnerRole;

  constructor(holderPid: number, holderRole: AlertsOwnerRole) {
    super('conflict', `Alerts for this data folder are sent by ${ROLE_WORDS[holderRole]} (pid ${holderPid}); here they are only shown.`);
    this.name = 'AlertsBusyError';
    this.holderPid = holderPid;
    this.holderRole = holderRole;
  }
}

const ALERT_QUEUE_LOCK: OwnerLockKind<AlertsOwnerRole> = {
  what: 'alert queue',
  roleOf: (written) => (written === 'serve' || written === 'cli' ? written : 'app'),
  busy: (pid, role) => new AlertsBusyError(pid, role),
  fileError: (lockPath: string, verb: LockFileVerb, cause: unknown) =>
    new AppError('storage', `The alert queue lock ${lockPath} could not be ${verb}: ${fileErrorReason(cause)}.`, { cause }),
  heldInThisProcess: (role) => new AlertsBusyError(process.pid, role),
};

/** Whether this process sends the data folder's alerts: not asked yet, yes, or another one does (in words). */
export type AlertQueueOwnership =
  { state: 'unopened' } | { state: 'owner' } | { state: 'busy'; holderPid: number; holderRole: AlertsOwnerRole; problem: string };

export function alertQueueLockPath(dataDir: string): string {
  return path.join(dataDir, ALERT_QUEUE_LOCK_FILE_NAME);
}

/** Takes the data folder's alert queue, or throws AlertsBusyError naming its live owner. Returns the release. */
export function acquireAlertQueueLock(dataDir: string, role: AlertsOwnerRole): () => void {
  return acquireOwnerLock(alertQueueLockPath(dataDir), role, ALERT_QUEUE_LOCK);
}
