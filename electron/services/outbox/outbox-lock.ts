import fs from 'node:fs';
import os from 'node:os';
import { AppError } from '../../../shared/errors';

/** Files locked by this process, so a second OutboxService over the same file in one process is refused too. */
const heldHere = new Set<string>();

interface LockInfo {
  pid: number;
  host: string;
  at: string;
  role: OutboxOwnerRole;
}

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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function justCreated(lockPath: string): boolean {
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs < 2_000;
  } catch {
    return false;
  }
}

function readLock(lockPath: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockInfo>;
    // Locks written before roles existed were the app's or a command's; treat them as the longer-lived app.
    const role = info.role === 'cli' ? 'cli' : 'app';
    return typeof info.pid === 'number' ? { pid: info.pid, host: String(info.host ?? ''), at: String(info.at ?? ''), role } : null;
  } catch {
    return null;
  }
}

/**
 * One process at a time owns the outbox: two senders over one file would each send the same entries. The app
 * and the command line share the data folder, so the second one to start is refused with a clear reason.
 * A lock left by a process that no longer runs (killed, crashed) is taken over.
 * Limits: a lock on a shared network folder from another host is trusted as long as it exists; a recycled
 * pid can make a stale lock look held (delete `outbox.lock` then).
 */
export function acquireOutboxLock(lockPath: string, role: OutboxOwnerRole = 'cli'): () => void {
  if (heldHere.has(lockPath)) throw new AppError('conflict', 'The outbox is already open in this process.');
  const mine: LockInfo = { pid: process.pid, host: os.hostname(), at: new Date().toISOString(), role };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      try {
        fs.writeSync(fd, JSON.stringify(mine));
      } finally {
        fs.closeSync(fd);
      }
      heldHere.add(lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        const current = readLock(lockPath);
        if (current?.pid === mine.pid && current.at === mine.at) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new AppError('storage', 'The outbox lock file could not be created.', { cause: error });
      }
    }
    const holder = readLock(lockPath);
    if (holder === null && justCreated(lockPath)) {
      // Another process created it a moment ago and is writing its pid.
      throw new AppError('conflict', 'Another Statusdesk process is opening the outbox. Try again in a moment.');
    }
    const stale = holder === null || (holder.host === os.hostname() && (holder.pid === process.pid || !alive(holder.pid)));
    if (!stale) throw new OutboxBusyError(holder!.pid, holder!.role);
    fs.rmSync(lockPath, { force: true });
  }
  throw new AppError('storage', 'The outbox lock could not be taken.');
}

/**
 * Opens the outbox, waiting while another process holds it, for up to `timeoutMs`: a command holds it for
 * seconds. With `waitFor`, only a holder of that role is waited for; another (the app) is reported at once.
 */
export async function openWhenFree<T>(
  open: () => Promise<T>,
  options: { timeoutMs: number; intervalMs?: number; waitFor?: OutboxOwnerRole; sleep?: (ms: number) => Promise<void> },
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const giveUpAt = Date.now() + options.timeoutMs;
  for (;;) {
    try {
      return await open();
    } catch (error) {
      if (!(error instanceof OutboxBusyError)) throw error;
      if (options.waitFor !== undefined && error.holderRole !== options.waitFor) throw error;
      if (Date.now() >= giveUpAt) throw error;
      await sleep(options.intervalMs ?? 250);
    }
  }
}
