import { AppError } from '@shared/errors';
import { fileErrorReason } from '@core/storage/file-system';
import { acquireOwnerLock, type LockFileVerb, type OwnerLockKind } from '@core/storage/owner-lock';

/*
 * One process at a time owns the outbox (`outbox.lock`, storage/owner-lock.ts): the app and the command line
 * share the data folder, so the second one to start is refused with a clear reason (a command waits for
 * another command, or hands its write over to the app: outbox-handoff.ts).
 */

/** Who owns the outbox: the desktop app (for as long as it runs) or a command (for a few seconds). */
export type OutboxOwnerRole = 'app' | 'cli';

/** The outbox is owned by another running process: its pid and role, for the message and the caller's choice. */
export class OutboxBusyError extends AppError {
  readonly holderPid: number;
  readonly holderRole: OutboxOwnerRole;

  constructor(holderPid: number, holderRole: OutboxOwnerRole) {
    const who = holderRole === 'app' ? `The Statusdesk app (pid ${holderPid})` : `Another statusdesk command (pid ${holderPid})`;
    super('conflict', `${who} is using the outbox. Quit it, or wait until it is done.`);
    this.name = 'OutboxBusyError';
    this.holderPid = holderPid;
    this.holderRole = holderRole;
  }
}

/** The lock file could not be made (a full disk, a read-only folder): the outbox can still be read, never written. */
export class OutboxLockFileError extends AppError {
  /** "the disk is full (ENOSPC): the outbox lock /…/outbox.lock could not be written" */
  readonly words: string;

  constructor(lockPath: string, verb: LockFileVerb, cause: unknown) {
    super('storage', `The outbox lock ${lockPath} could not be ${verb}: ${fileErrorReason(cause)}.`, { cause });
    this.name = 'OutboxLockFileError';
    this.words = `${fileErrorReason(cause)}: the outbox lock ${lockPath} could not be ${verb}`;
  }
}

const OUTBOX_LOCK: OwnerLockKind<OutboxOwnerRole> = {
  what: 'outbox',
  // Locks written before roles existed were the app's or a command's; treat them as the longer-lived app.
  roleOf: (written) => (written === 'cli' ? 'cli' : 'app'),
  busy: (pid, role) => new OutboxBusyError(pid, role),
  fileError: (lockPath, verb, cause) => new OutboxLockFileError(lockPath, verb, cause),
};

/** Takes the outbox lock, or throws OutboxBusyError naming its live owner. Returns the release. */
export function acquireOutboxLock(lockPath: string, role: OutboxOwnerRole = 'cli'): () => void {
  return acquireOwnerLock(lockPath, role, OUTBOX_LOCK);
}

/**
 * Opens the outbox, waiting while another process holds it, for up to `timeoutMs`: a command holds it for
 * seconds. With `waitFor`, only a holder of that role is waited for; another (the app) is reported at once.
 * `onBusy` hears of each wait (how long so far) before it sleeps: the command line says whom it waits for.
 */
export async function openWhenFree<T>(
  open: () => Promise<T>,
  options: {
    timeoutMs: number;
    intervalMs?: number;
    waitFor?: OutboxOwnerRole;
    sleep?: (ms: number) => Promise<void>;
    onBusy?: (holder: OutboxBusyError, waitedMs: number) => void | Promise<void>;
  },
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const started = Date.now();
  const giveUpAt = started + options.timeoutMs;
  for (;;) {
    try {
      return await open();
    } catch (error) {
      if (!(error instanceof OutboxBusyError)) throw error;
      if (options.waitFor !== undefined && error.holderRole !== options.waitFor) throw error;
      if (Date.now() >= giveUpAt) throw error;
      await options.onBusy?.(error, Date.now() - started);
      await sleep(options.intervalMs ?? 250);
    }
  }
}
