import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCli } from '../electron/cli/program';
import { openStatusPageOutbox } from '../electron/core/outbox/create-statuspal-outbox';
import { parseOutboxLog } from '../electron/core/outbox/log-format';
import { envAccountId } from '../electron/core/outbox/statuspal/targets';
import { clearRateLimiters } from '../electron/core/statuspal-client/rate-limiter';
import { startStatusPageSimulator } from '../simulators/statuspal';
import { buildCli } from '../scripts/build-cli';
import { REFUSED_API_BASE_URL } from '../test/support/refused-address';

/*
 * The outbox over months (docs/architecture.md: queueing the 500th offline write costs ≤ 1.5× the first; after 5,000 sends
 * the file holds ≤ 200 sent entries and `outbox list` takes ≤ 1.2× a fresh outbox). The file
 * was never compacted in normal use (20,001 lines after 5,000 sends, every one listed), and each offline command
 * attempted the writes already waiting, a record and an fsync each.
 *
 * - 5,000 sends: 50 sessions against the simulator, each opening the outbox from its file as a command or a
 *   restarted app does, queueing 100 creates and flushing them. Then the file's sent entries (replayed from its
 *   records), its size against the same file after the first 200 sends (when the kept sent writes first fill
 *   up), and `statusdesk outbox list` (the real binary, spawn to exit) against the same on a fresh outbox,
 *   interleaved, median of `runs` after a warm-up.
 * - Offline: 499 `statusdesk incidents create` run (in this process) against a server that refuses
 *   connections; then the command (the real binary) that queues the 1st write (a fresh folder each time) and
 *   the 500th (a copy of the folder with 499 waiting each time), interleaved, median of `runs`.
 * Run: npx tsx bench/outbox-months.bench.ts
 */

export const OUTBOX_MONTHS_BUDGETS = { sentKept: 200, listRatio: 1.2, queueRatio: 1.5 } as const;

export interface OutboxMonthsBenchResult {
  name: 'outbox-months';
  sends: number;
  /** Sent entries the file holds after them (replayed from its records). */
  sentInFile: number;
  fileLines: number;
  fileBytes: number;
  /** The same file after the first 200 sends. */
  fileBytesAt200: number;
  listMs: number;
  freshListMs: number;
  listRatio: number;
  /** Rows `outbox list --json` printed after the 5,000 sends. */
  listedSent: number;
  queued: number;
  firstQueueMs: number;
  lastQueueMs: number;
  queueRatio: number;
  /** Lines the 500th command added to the file (its write, and at most one attempt of the writes waiting). */
  linesAddedByLast: number;
  runs: number;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repoRoot, 'bin/statusdesk.js');

function timed(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve({ ms: performance.now() - started, stdout }) : reject(new Error(`statusdesk ${args.join(' ')} exited ${code}: ${stderr.trim()}`)),
    );
  });
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round1 = (v: number) => Math.round(v * 10) / 10;
const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `statusdesk-months-${name}-`));

/** Sent entries of an outbox file, replayed from its records as any reader would. */
function sentEntriesIn(file: string): number {
  const states = new Map<string, string>();
  for (const record of parseOutboxLog(fs.readFileSync(file)).records) {
    if (record.t === 'add') states.set(record.entry.id, record.entry.state);
    else if (record.t === 'state' && states.has(record.id)) states.set(record.id, record.state);
    else if (record.t === 'remove') states.delete(record.id);
  }
  return [...states.values()].filter((state) => state === 'sent').length;
}

/** A copy already on disk, as a file written days ago is: else the command's first fsync would write the copy out too. */
function copyDurably(from: string, to: string): void {
  fs.copyFileSync(from, to);
  const fd = fs.openSync(to, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

async function sendMany(sends: number, log: (line: string) => void): Promise<{ dir: string; bytesAt200: number }> {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  const dir = tempDir('sent');
  const env = { STATUSDESK_API_KEY: sim.keys.demoReadWrite };
  let bytesAt200 = 0;
  try {
    for (let done = 0; done < sends;) {
      const { outbox } = await openStatusPageOutbox({ dataDir: dir, env, requestTimeoutMs: 10_000 });
      outbox.start();
      for (let i = 0; i < 100 && done < sends; i++, done++) {
        await outbox.enqueue({
          accountId: envAccountId(sim.baseUrl),
          server: { baseUrl: sim.baseUrl, keyFrom: 'env' },
          operation: 'createIncident',
          input: {
            subdomain: 'acme',
            incident: { type: 'minor', title: `Incident ${done}`, updates: [{ type: 'issue', description: `Investigating ${done}` }] },
          },
        });
      }
      const report = await outbox.flush({ timeoutMs: 60_000 });
      await outbox.stop();
      if (report.pending + report.failed + report.inFlight > 0) throw new Error(`the flush left writes: ${JSON.stringify(report)}`);
      if (done === 200) bytesAt200 = fs.statSync(path.join(dir, 'outbox.jsonl')).size;
      if (done % 1_000 === 0) log(`${done} sent`);
    }
  } finally {
    await sim.close();
  }
  return { dir, bytesAt200 };
}

async function queueOffline(count: number, baseUrl: string): Promise<string> {
  const dir = tempDir('offline');
  for (let i = 0; i < count; i++) {
    // Each command is its own process in real use: the accounts' rate limiters start empty for each.
    clearRateLimiters();
    const code = await runCli(['--base-url', baseUrl, 'incidents', 'create', 'acme', '--title', `Offline ${i}`, '--type', 'minor'], {
      stdout: () => undefined,
      stderr: () => undefined,
      env: { STATUSDESK_HOME: dir, STATUSDESK_API_KEY: 'bench-key-0000' },
    });
    if (code !== 0) throw new Error(`queueing offline write ${i} exited ${code}`);
  }
  return dir;
}

export async function runOutboxMonthsBench(
  options: { sends?: number; queued?: number; runs?: number; log?: (line: string) => void } = {},
): Promise<OutboxMonthsBenchResult> {
  const sends = options.sends ?? 5_000;
  const queued = options.queued ?? 500;
  const runs = options.runs ?? 9;
  const log = options.log ?? (() => undefined);
  await buildCli();

  const { dir: sentDir, bytesAt200 } = await sendMany(sends, log);
  const file = path.join(sentDir, 'outbox.jsonl');
  const fresh = tempDir('fresh');
  const list: number[] = [];
  const freshList: number[] = [];
  for (let r = -1; r < runs; r++) {
    const f = await timed(['outbox', 'list'], { STATUSDESK_HOME: fresh });
    const l = await timed(['outbox', 'list'], { STATUSDESK_HOME: sentDir });
    if (r < 0) continue;
    freshList.push(f.ms);
    list.push(l.ms);
  }
  const listedSent = (
    JSON.parse((await timed(['--json', 'outbox', 'list'], { STATUSDESK_HOME: sentDir })).stdout) as { entries: { state: string }[] }
  ).entries.filter((e) => e.state === 'sent').length;

  const offline = REFUSED_API_BASE_URL;
  log(`queueing ${queued - 1} writes offline`);
  const waiting = await queueOffline(queued - 1, offline);
  const queueArgs = (title: string) => ['--base-url', offline, 'incidents', 'create', 'acme', '--title', title, '--type', 'minor'];
  const env = (dir: string) => ({ STATUSDESK_HOME: dir, STATUSDESK_API_KEY: 'bench-key-0000' });
  const first: number[] = [];
  const last: number[] = [];
  let linesAddedByLast = 0;
  const lines = (dir: string) => fs.readFileSync(path.join(dir, 'outbox.jsonl'), 'utf8').split('\n').length;
  for (let r = -1; r < runs; r++) {
    const empty = tempDir('first');
    const copy = tempDir('last');
    // The folder as the 499th command left it: the file, and the index of it that an open wrote beside it.
    for (const name of ['outbox.jsonl', 'outbox.checked.json'])
      if (fs.existsSync(path.join(waiting, name))) copyDurably(path.join(waiting, name), path.join(copy, name));
    const a = await timed(queueArgs('The first'), env(empty));
    const before = lines(copy);
    const b = await timed(queueArgs('The 500th'), env(copy));
    linesAddedByLast = lines(copy) - before;
    for (const dir of [empty, copy]) fs.rmSync(dir, { recursive: true, force: true });
    if (r < 0) continue;
    first.push(a.ms);
    last.push(b.ms);
  }
  const result: OutboxMonthsBenchResult = {
    name: 'outbox-months',
    sends,
    sentInFile: sentEntriesIn(file),
    fileLines: fs.readFileSync(file, 'utf8').trimEnd().split('\n').length,
    fileBytes: fs.statSync(file).size,
    fileBytesAt200: bytesAt200,
    listMs: round1(median(list)),
    freshListMs: round1(median(freshList)),
    listRatio: Math.round((median(list) / median(freshList)) * 1000) / 1000,
    listedSent,
    queued,
    firstQueueMs: round1(median(first)),
    lastQueueMs: round1(median(last)),
    queueRatio: Math.round((median(last) / median(first)) * 1000) / 1000,
    linesAddedByLast,
    runs,
  };
  for (const dir of [sentDir, fresh, waiting]) fs.rmSync(dir, { recursive: true, force: true });
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runOutboxMonthsBench({ log: (line) => console.error(`outbox-months: ${line}`) });
  console.log(JSON.stringify(result, null, 2));
}
