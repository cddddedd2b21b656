import fs from 'node:fs';
import os from 'node:os';
import { AppError } from '../../../shared/errors';
import { fileErrorReason } from '../storage/file-system';

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

/** Between creating the lock and writing its pid, another process leaves it empty for microseconds; one that died there, for ever. */
const EMPTY_LOCK_PATIENCE_MS = 2_000;

function ageMs(lockPath: string): number | null {
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs;
  } catch {
    return null;
  }
}

/** A short synchronous pause: taking the lock is synchronous, and the wait is for another process's next write. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The lock's holder, waiting while the lock is freshly created and still empty; null when it stays empty or goes. */
function holderOf(lockPath: string): LockInfo | null {
  for (;;) {
    const holder = readLock(lockPath);
    if (holder !== null) return holder;
    const age = ageMs(lockPath);
    if (age === null || age >= EMPTY_LOCK_PATIENCE_MS) return null;
    pause(Math.min(25, EMPTY_LOCK_PATIENCE_MS - age));
  }
}

function writeLock(lockPath: string, fd: number, info: LockInfo): void {
  const bytes = Buffer.from(JSON.stringify(info), 'utf8');
  try {
    let done = 0;
    while (done < bytes.length) {
      const written = fs.writeSync(fd, bytes, done, bytes.length - done);
      if (written <= 0) throw Object.assign(new Error('no space left on device (the write stopped short)'), { code: 'ENOSPC' });
      done += written;
    }
  } catch (error) {
    // An empty or cut lock would make every other process wait for nobody: take it away again.
    fs.closeSync(fd);
    fs.rmSync(lockPath, { force: true });
    throw new AppError('storage', `The outbox lock ${lockPath} could not be written: ${fileErrorReason(error)}.`, { cause: error });
  }
  fs.closeSync(fd);
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
      writeLock(lockPath, fd, mine);
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
      if (error instanceof AppError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new AppError('storage', `The outbox lock ${lockPath} could not be created: ${fileErrorReason(error)}.`, { cause: error });
      }
    }
    const holder = holderOf(lockPath);
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
