import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseOutboxLog } from '@core/outbox/log-format';
import { OUTBOX_FILE_NAME } from '@core/outbox/outbox-store';
import { fileErrorReason } from '@core/storage/file-system';
import type { DoctorCheck } from './doctor-check';
import { countWords } from '@shared/people-words/count-words';
import { writeStateWords } from '@shared/people-words/write-state-words';
import { OUTBOX_STATES } from '@shared/outbox/entry-view';

/*
 * The doctor's checks of the data folder, read only: nothing here takes the outbox lock or writes a file the
 * app or another command may hold (the one file written is a probe of our own, removed at once).
 */

/** Less free space than this and the outbox and the settings may fail to write. */
const LOW_SPACE_BYTES = 100 * 1024 * 1024;
/** A pending write older than this has waited through many flushes: something holds it back. */
const STUCK_AFTER_MS = 60 * 60_000;

const gb = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);

/** Exists (or can be made), is a folder, can be written, has room. */
export function checkDataFolder(dataDir: string): DoctorCheck {
  const name = 'data folder';
  const fix = `set STATUSDESK_HOME to a folder you can write, or repair ${dataDir}`;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return { name, ok: false, detail: `${dataDir} cannot be read: ${fileErrorReason(error)}`, fix };
    return { name, ok: true, detail: `${dataDir} does not exist yet; the first command or the app makes it (readable by you only)` };
  }
  if (!stat.isDirectory()) return { name, ok: false, detail: `${dataDir} is a file, not a folder`, fix };
  const probe = path.join(dataDir, `.doctor-${process.pid}`);
  try {
    fs.writeFileSync(probe, 'statusdesk doctor\n', { mode: 0o600 });
    fs.rmSync(probe, { force: true });
  } catch (error) {
    return { name, ok: false, detail: `${dataDir} cannot be written: ${fileErrorReason(error)}`, fix };
  }
  let free: number | null = null;
  try {
    const space = fs.statfsSync(dataDir);
    free = space.bavail * space.bsize;
  } catch {
    // statfs is not everywhere (old kernels, some network folders): the write above is what matters.
  }
  if (free !== null && free < LOW_SPACE_BYTES)
    return { name, ok: false, detail: `${dataDir}: only ${gb(free)} free`, fix: 'free some space on that disk: queued writes and settings need it' };
  return { name, ok: true, detail: `${dataDir}: writable${free === null ? '' : `, ${gb(free)} free`}` };
}

interface LockInfo {
  pid: number;
  host: string;
  at: string;
  role: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the outbox now: nobody, the app, a command, or a process that is gone (taken over at the next start). */
export function checkOutboxLock(dataDir: string): DoctorCheck {
  const name = 'outbox lock';
  const file = path.join(dataDir, 'outbox.lock');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR')
      return { name, ok: true, detail: 'free: no process holds the outbox' };
    return { name, ok: false, detail: `${file} cannot be read: ${fileErrorReason(error)}`, fix: `quit Statusdesk, then delete ${file}` };
  }
  let info: Partial<LockInfo> | null;
  try {
    info = JSON.parse(text) as Partial<LockInfo>;
  } catch {
    info = null;
  }
  if (!info || typeof info.pid !== 'number')
    return { name, ok: false, detail: `${file} names no owner (damaged)`, fix: `quit Statusdesk and any statusdesk command, then delete ${file}` };
  const who = info.role === 'app' ? 'the Statusdesk app' : 'a statusdesk command';
  const since = info.at ? ` since ${info.at}` : '';
  if (info.host && info.host !== os.hostname()) return { name, ok: true, detail: `held by ${who} on ${info.host} (pid ${info.pid})${since}` };
  if (alive(info.pid)) return { name, ok: true, detail: `held by ${who} (pid ${info.pid})${since}` };
  return { name, ok: true, detail: `left by ${who} (pid ${info.pid}) that is no longer running; the next to open the outbox takes it over` };
}

interface EntryState {
  id: string;
  state: string;
  createdAt: string;
  operation: string;
}

/** Damaged records, and writes that wait for a person or have waited too long. */
export function checkOutboxFile(dataDir: string, now: number = Date.now()): DoctorCheck {
  const name = 'outbox';
  const file = path.join(dataDir, OUTBOX_FILE_NAME);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { name, ok: true, detail: 'empty: nothing queued' };
    return { name, ok: false, detail: `${file} cannot be read: ${fileErrorReason(error)}`, fix: `check the permissions of ${file}` };
  }
  const parsed = parseOutboxLog(bytes);
  if (parsed.header === 'newer')
    return { name, ok: false, detail: `${file} was written by a newer Statusdesk`, fix: 'update statusdesk (this version leaves the file alone)' };
  const entries = new Map<string, EntryState>();
  for (const record of parsed.records) {
    if (record.t === 'add')
      entries.set(record.entry.id, { id: record.entry.id, state: record.entry.state, createdAt: record.entry.createdAt, operation: record.entry.operation });
    else if (record.t === 'state') {
      const entry = entries.get(record.id);
      if (entry) entry.state = record.state;
    } else if (record.t === 'remove') entries.delete(record.id);
  }
  const count = (state: string) => [...entries.values()].filter((entry) => entry.state === state).length;
  const stuck = [...entries.values()].filter((entry) => entry.state === 'pending' && now - Date.parse(entry.createdAt) > STUCK_AFTER_MS);
  const counts = OUTBOX_STATES.map((state) => [state, count(state)] as const)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${n} ${writeStateWords(state)}`);
  const summary = `${countWords(entries.size, 'write')}${counts.length > 0 ? `: ${counts.join(', ')}` : ''}`;
  const problems: string[] = [];
  const fixes: string[] = [];
  const short = parsed.shortBatches.reduce((sum, batch) => sum + batch.size - batch.found, 0);
  if (short > 0) {
    problems.push(
      `${countWords(short, 'write')} missing from ${countWords(parsed.shortBatches.length, 'batch', 'batches')} queued together (a line lost in the middle of the file)`,
    );
    fixes.push('statusdesk outbox list moves the file aside (kept as a copy), keeps every write it can read and names what was lost');
  }
  if (parsed.invalidLines > 0 || (parsed.header === 'missing' && bytes.length > 0)) {
    problems.push(`${countWords(parsed.invalidLines, 'damaged record')}${parsed.header === 'missing' ? ', no header' : ''} (the rest can be read)`);
    fixes.push('statusdesk outbox list moves the damaged file aside (kept as a copy) and keeps every write it can read');
  }
  const waitingForYou = count('failed') + count('conflict') + count('needs_look');
  if (waitingForYou > 0) {
    problems.push(`${countWords(waitingForYou, 'write')} ${waitingForYou === 1 ? 'waits' : 'wait'} for your decision (failed, conflict or needs a look)`);
    fixes.push('statusdesk outbox list, then retry, drop or resolve each (or the Outbox screen)');
  }
  if (stuck.length > 0) {
    const oldest = stuck.map((entry) => entry.createdAt).sort()[0]!;
    problems.push(`${countWords(stuck.length, 'write')} pending for more than an hour (oldest queued ${oldest})`);
    fixes.push('statusdesk outbox flush says why they wait');
  }
  if (problems.length === 0) return { name, ok: true, detail: summary };
  return { name, ok: false, detail: `${summary}; ${problems.join('; ')}`, fix: fixes.join('; ') };
}
