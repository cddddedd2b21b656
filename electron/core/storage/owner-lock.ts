import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@shared/errors';
import { ensureDataDir } from '@core/settings/data-dir';
import { fileErrorReason } from '@core/storage/file-system';

/*
 * One process at a time owns a file in the data folder that it appends to and sends from (the outbox, the
 * alert queue): two senders over one file would each send the same entries. The app, the command line and the
 * headless watcher share the data folder, so the second one to start is refused with a clear reason naming the
 * owner (outbox/outbox-lock.ts, alerts/delivery/alert-queue-lock.ts say what each does with it).
 *
 * The lock (`outbox.lock`, `alert-queue.lock`) is created with O_EXCL and names its owner (pid, host, role). A
 * lock whose owner no longer runs (killed, crashed; or created and never written, for longer than a writer
 * takes) is stale and is taken over, and that takeover must be atomic: removing the stale lock and creating a
 * new one is check-then-remove, and two contenders that both judged it stale could each remove it, the slower
 * one removing the faster one's fresh lock, and both would hold the file. So the takeover is:
 *
 * 1. Claim this very stale lock: a file `<lock>.takeover-<identity>.<host>.<pid>`, where the identity
 *    is a digest of the lock's device, inode, mtime and content. A claimant that then finds another live
 *    claim of the same identity withdraws its own and looks again (two at once both withdraw and retry
 *    after a random pause), so at most one live process holds the claim of a given stale lock; a claim
 *    whose process is gone is removed.
 * 2. With the claim, look again: the lock must still be exactly the stale one judged (same identity), else
 *    someone took it over meanwhile and we start again.
 * 3. Write our lock to a temp file and rename it over the lock: the stale lock is replaced in one step,
 *    with no moment without a lock for a newcomer's O_EXCL create to slip into. Only a claimant may remove
 *    or replace a stale lock, and it is the only claimant, so between its look and its rename nobody else
 *    changes the file.
 *
 * Not a lock library: proper-lockfile (the well-kept one; here only a dependency of electron-builder) judges
 * a lock stale by its age, so the holder must touch it every few seconds (the app holds the outbox for days,
 * and a suspended laptop or a blocked event loop would lose it); it does not say who holds it (a command
 * waits for another command but hands its write to the app, by role and pid); and its stale removal is the
 * same remove-then-create this file had. OS locks (flock, LockFileEx) die with their process, which is what
 * we want, but Node has no binding for them without a native addon.
 *
 * Limits: a lock on a shared network folder from another host is trusted as long as it exists; a recycled
 * pid can make a stale lock look held (delete the lock file then).
 */

interface LockInfo {
  pid: number;
  host: string;
  at: string;
  role: string;
}

/** What one kind of lock is: its words and its roles, its errors. */
export interface OwnerLockKind<Role extends string> {
  /** What it guards, in the errors' words: "outbox", "alert queue". */
  what: string;
  /** A role as written in the lock; an unknown or missing one (a lock from before roles) is read as the long-lived one. */
  roleOf: (written: unknown) => Role;
  /** The lock is held by a live process: its pid and role, for the message and the caller's choice. */
  busy: (holderPid: number, holderRole: Role) => Error;
  /** The lock file could not be made (a full disk, a read-only folder). */
  fileError: (lockPath: string, verb: LockFileVerb, cause: unknown) => Error;
  /** This very process holds it already (a second owner built in one process). Default: a conflict saying so. */
  heldInThisProcess?: (holderRole: Role) => Error;
}

export type LockFileVerb = 'created' | 'written' | 'taken over';

type AnyKind = OwnerLockKind<string>;

/** For looking only (whose pid, since when): every role read as it is written. */
const ANY_ROLE: AnyKind = {
  what: 'owner',
  roleOf: (written) => (typeof written === 'string' ? written : ''),
  busy: (pid) => new AppError('conflict', `The lock is held by pid ${pid}.`),
  fileError: (lockPath, verb, cause) => new AppError('storage', `The lock ${lockPath} could not be ${verb}: ${fileErrorReason(cause)}.`, { cause }),
};

/** Locks held by this process, and what each says: a second owner over the same file in one process is refused too. */
const heldHere = new Map<string, LockInfo>();
let exitHookInstalled = false;

/** Between creating the lock and writing its pid, another process leaves it empty for microseconds; one that died there, for ever. */
const EMPTY_LOCK_PATIENCE_MS = 2_000;
/** A takeover claim lives for a few file operations; one of another host's process this old was left by a crash. */
const FOREIGN_CLAIM_PATIENCE_MS = 10_000;
/** Contenders that keep changing the lock under us (each taking it over and dying) for this long: give up. */
const TAKE_TIMEOUT_MS = 10_000;

/** This host in file names: a claim's pid is only checked on the host that wrote it. */
const HOST_TAG = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A short synchronous pause: taking the lock is synchronous, and the wait is for another process's next write. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function parseLock(text: string, kind: AnyKind): LockInfo | null {
  try {
    const info = JSON.parse(text) as Partial<Record<keyof LockInfo, unknown>>;
    const role = kind.roleOf(info.role);
    const pid = info.pid;
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? { pid, host: String(info.host ?? ''), at: String(info.at ?? ''), role } : null;
  } catch {
    return null;
  }
}

/** One look at the lock file: who holds it, and what tells this very file from any lock written later. */
interface LockSighting {
  /** Device, inode, modification time and content: a lock created or written later differs in at least one. */
  identity: string;
  holder: LockInfo | null;
  ageMs: number;
}

function sight(lockPath: string, kind: AnyKind): LockSighting | null {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new AppError('storage', `The ${kind.what} lock ${lockPath} could not be read: ${fileErrorReason(error)}.`, { cause: error });
  }
  try {
    // One open file for the stat and the content, so both are of the same file even if it is replaced meanwhile.
    const stat = fs.fstatSync(fd, { bigint: true });
    const text = fs.readFileSync(fd, 'utf8');
    return { identity: `${stat.dev}:${stat.ino}:${stat.mtimeNs}:${text}`, holder: parseLock(text, kind), ageMs: Date.now() - Number(stat.mtimeMs) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether the owner a lock names is gone: on this host, and not running (our own pid: an earlier process's). */
function ownerIsGone(holder: LockInfo): boolean {
  return holder.host === os.hostname() && (holder.pid === process.pid || !alive(holder.pid));
}

/** Writes the lock's content into `fd`; on failure the file is taken away again (`created`) and the cause named. */
function writeLock(lockPath: string, created: string, fd: number, info: LockInfo, kind: AnyKind): void {
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
    fs.rmSync(created, { force: true });
    throw kind.fileError(lockPath, 'written', error);
  }
  fs.closeSync(fd);
}

/** Creates the lock if there is none (O_EXCL: of any number of processes, exactly one creates it). */
function tryCreate(lockPath: string, mine: LockInfo, kind: AnyKind, folderMade = false): boolean {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, 'wx', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'ENOENT' || folderMade) {
      throw kind.fileError(lockPath, 'created', error);
    }
    // A fresh install: the data folder does not exist yet. Created private, as every entry point does.
    ensureDataDir(path.dirname(lockPath));
    return tryCreate(lockPath, mine, kind, true);
  }
  writeLock(lockPath, lockPath, fd, mine, kind);
  return true;
}

/** `<lock>.takeover-<identity>.<host>.<pid>` (`outbox.lock.takeover-…`): the claim of one process on one stale lock. */
function claimPrefix(lockPath: string, identity: string): string {
  return `${path.basename(lockPath)}.takeover-${createHash('sha256').update(identity).digest('hex').slice(0, 16)}.`;
}

const CLAIM_OWNER = /^([0-9a-f]{8})\.(\d+)$/;
/** After `<lock name>.`: a claim (`takeover-<identity>.<host>.<pid>`) or a temp file (`<host>.<pid>.<random>.tmp`). */
const LEFTOVER = /^(?:takeover-[0-9a-f]{16}\.([0-9a-f]{8})\.(\d+)|([0-9a-f]{8})\.(\d+)\.[0-9a-f]{8}\.tmp)$/;

/** Whether a claim or temp file's process is gone: on this host by its pid, on another by the file's age. */
function leftBehind(dir: string, name: string, hostTag: string, pid: number): boolean {
  if (hostTag === HOST_TAG) return pid !== process.pid && !alive(pid);
  try {
    return Date.now() - fs.statSync(path.join(dir, name)).mtimeMs > FOREIGN_CLAIM_PATIENCE_MS;
  } catch {
    return true;
  }
}

/**
 * Claims the takeover of the stale lock seen as `identity`; returns the claim's release, or null when another
 * live process claims it too (it may be the one to take it over; look again after a pause).
 */
function claimTakeover(lockPath: string, identity: string, kind: AnyKind): (() => void) | null {
  const dir = path.dirname(lockPath);
  const prefix = claimPrefix(lockPath, identity);
  const mineName = `${prefix}${HOST_TAG}.${process.pid}`;
  const minePath = path.join(dir, mineName);
  try {
    fs.writeFileSync(minePath, '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // EEXIST: left by an earlier process that had our pid; it is ours now.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw kind.fileError(lockPath, 'taken over', error);
    }
  }
  const release = () => fs.rmSync(minePath, { force: true });
  // Our claim exists now: a contender that claims after this point sees it and withdraws, as we do for theirs.
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(prefix) || name === mineName) continue;
    const owner = CLAIM_OWNER.exec(name.slice(prefix.length));
    if (owner && leftBehind(dir, name, owner[1]!, Number(owner[2]))) {
      fs.rmSync(path.join(dir, name), { force: true });
      continue;
    }
    release();
    return null;
  }
  return release;
}

/** Replaces the lock in one step (rename over it) with ours, written whole in a temp file first. */
function replaceWithMine(lockPath: string, mine: LockInfo, kind: AnyKind): void {
  const temp = `${lockPath}.${HOST_TAG}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  let fd: number;
  try {
    fd = fs.openSync(temp, 'wx', 0o600);
  } catch (error) {
    throw kind.fileError(lockPath, 'taken over', error);
  }
  writeLock(lockPath, temp, fd, mine, kind);
  try {
    fs.renameSync(temp, lockPath);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw kind.fileError(lockPath, 'taken over', error);
  }
}

/** Takes over the stale lock `judged`; false when another process claims it, or it changed since it was judged. */
function takeOver(lockPath: string, judged: LockSighting, mine: LockInfo, kind: AnyKind): boolean {
  const release = claimTakeover(lockPath, judged.identity, kind);
  if (release === null) return false;
  try {
    const now = sight(lockPath, kind);
    if (now === null || now.identity !== judged.identity) return false;
    replaceWithMine(lockPath, mine, kind);
    return true;
  } finally {
    release();
  }
}

/** Claims and temp files of processes that died in the middle of a takeover. */
function sweepLeftovers(lockPath: string): void {
  const dir = path.dirname(lockPath);
  const prefix = `${path.basename(lockPath)}.`;
  for (const name of fs.readdirSync(dir)) {
    const match = name.startsWith(prefix) ? LEFTOVER.exec(name.slice(prefix.length)) : null;
    if (!match) continue;
    const hostTag = match[1] ?? match[3]!;
    const pid = Number(match[2] ?? match[4]);
    if (leftBehind(dir, name, hostTag, pid)) fs.rmSync(path.join(dir, name), { force: true });
  }
}

function removeIfMine(lockPath: string, mine: LockInfo): void {
  try {
    // Only pid and time are compared: any kind reads them alike.
    const current = sight(lockPath, ANY_ROLE)?.holder;
    if (current?.pid === mine.pid && current.at === mine.at) fs.rmSync(lockPath, { force: true });
  } catch {
    // Unreadable now: whoever looks next judges it by its pid, which is gone once we are.
  }
}

/** However the process ends (a command's exit after Ctrl-C, the app's quit), its locks go with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const [lockPath, mine] of heldHere) removeIfMine(lockPath, mine);
    heldHere.clear();
  });
}

function hold(lockPath: string, mine: LockInfo): () => void {
  heldHere.set(lockPath, mine);
  installExitHook();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(lockPath);
    removeIfMine(lockPath, mine);
  };
}

/**
 * Takes the lock at `lockPath` for `role`, or throws `kind.busy` naming its live owner. A stale lock is taken
 * over atomically (see the top of this file). Returns the release.
 */
export function acquireOwnerLock<Role extends string>(lockPath: string, role: Role, kind: OwnerLockKind<Role>): () => void {
  const generic = kind as unknown as AnyKind;
  const here = heldHere.get(lockPath);
  if (here) throw kind.heldInThisProcess?.(kind.roleOf(here.role)) ?? new AppError('conflict', `The ${kind.what} is already open in this process.`);
  const mine: LockInfo = { pid: process.pid, host: os.hostname(), at: new Date().toISOString(), role };
  const giveUpAt = Date.now() + TAKE_TIMEOUT_MS;
  while (Date.now() < giveUpAt) {
    if (tryCreate(lockPath, mine, generic)) return hold(lockPath, mine);
    const seen = sight(lockPath, generic);
    if (seen === null) continue; // released between our create and our look
    if (seen.holder === null && seen.ageMs < EMPTY_LOCK_PATIENCE_MS) {
      // Freshly created, its owner not written yet: wait for it.
      pause(Math.max(1, Math.min(25, EMPTY_LOCK_PATIENCE_MS - seen.ageMs)));
      continue;
    }
    if (seen.holder !== null && !ownerIsGone(seen.holder)) throw kind.busy(seen.holder.pid, kind.roleOf(seen.holder.role));
    if (takeOver(lockPath, seen, mine, generic)) {
      sweepLeftovers(lockPath);
      return hold(lockPath, mine);
    }
    // Another contender is taking it over, or did: look again shortly, at a time of our own.
    pause(1 + Math.random() * 10);
  }
  throw new AppError(
    'storage',
    `The ${kind.what} lock ${lockPath} could not be taken: it kept changing for ${TAKE_TIMEOUT_MS / 1000} s (delete it if no Statusdesk runs).`,
  );
}
