import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openStatusPageOutbox } from '../electron/core/outbox/create-statuspal-outbox';
import { envAccountId } from '../electron/core/outbox/statuspal/targets';
import { buildCli } from '../scripts/build-cli';
import { REFUSED_API_BASE_URL } from '../test/support/refused-address';

/*
 * Queueing offline with a long queue: one `statusdesk incidents create` (the real binary, spawn to exit) against a
 * server that refuses connections, the 5,000th write (a copy of a folder with 4,999 waiting) against the first (a
 * fresh folder), interleaved, the median of each round's ratio over `runs` rounds after a warm-up: this machine's
 * speed drifts by a fifth over a minute, which a round's two commands share and the medians of each side do not.
 * The 4,999 are queued in one process (nothing sent), so the file has one line per write where offline commands
 * leave three (their one attempt each). The folder is then opened once more, as the 4,999th command would have:
 * that open writes the index of what it read (outbox.checked.json: the marker and the state, checked-prefix.ts and
 * prefix-index.ts), so the 5,000th reads the index and none of the lines, and holds each queued write as its header
 * (entry-table.ts). What still grows with the queue is reading and summing the file, parsing the index, the tables
 * built from it, a look at each header when tracking servers and counting states, and the garbage collector
 * (docs/benchmarks.md). The copy is flushed to disk before it is timed, as the file of earlier commands would be
 * (each fsyncs what it writes): otherwise the 5,000th write's one fsync wrote the whole copy.
 * Run: npx tsx bench/outbox-offline.bench.ts
 */

export const OUTBOX_OFFLINE_BUDGET = 1.2;

export interface OutboxOfflineBenchResult {
  name: 'outbox-offline';
  queued: number;
  /** Medians of each side. */
  firstMs: number;
  lastMs: number;
  /** The median of the rounds' ratios (the 5,000th write over the first of the same round). */
  ratio: number;
  runs: number;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repoRoot, 'bin/statusdesk.js');
const KEY = 'bench-key-0000';

function timed(args: string[], home: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, STATUSDESK_HOME: home, STATUSDESK_API_KEY: KEY }, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`statusdesk ${args.join(' ')} exited ${code}`))));
  });
}

function flushToDisk(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `statusdesk-offline-${name}-`));

/** `count` creates waiting in a fresh folder, each its own add (group commit writes them in a few fsyncs). */
async function folderWithWaiting(count: number, baseUrl: string): Promise<string> {
  const dir = tempDir('waiting');
  const { outbox } = await openStatusPageOutbox({ dataDir: dir, env: { STATUSDESK_API_KEY: KEY } });
  const accountId = envAccountId(baseUrl);
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      outbox.enqueue({
        accountId,
        server: { baseUrl, keyFrom: 'env' },
        operation: 'createIncident',
        input: { subdomain: 'acme', incident: { type: 'minor', title: `Offline ${i}` } },
      }),
    ),
  );
  await outbox.stop();
  const { outbox: reopened } = await openStatusPageOutbox({ dataDir: dir, env: { STATUSDESK_API_KEY: KEY } });
  await reopened.stop();
  return dir;
}

export async function runOutboxOfflineBench(options: { queued?: number; runs?: number } = {}): Promise<OutboxOfflineBenchResult> {
  const queued = options.queued ?? 5_000;
  const runs = options.runs ?? 21;
  await buildCli();
  const offline = REFUSED_API_BASE_URL;
  const waiting = await folderWithWaiting(queued - 1, offline);
  const args = (title: string) => ['--base-url', offline, 'incidents', 'create', 'acme', '--title', title, '--type', 'minor'];
  const first: number[] = [];
  const last: number[] = [];
  try {
    for (let r = -1; r < runs; r++) {
      const empty = tempDir('first');
      const copy = tempDir('last');
      for (const name of ['outbox.jsonl', 'outbox.checked.json']) {
        fs.copyFileSync(path.join(waiting, name), path.join(copy, name));
        flushToDisk(path.join(copy, name));
      }
      const a = await timed(args('The first'), empty);
      const b = await timed(args(`The ${queued}th`), copy);
      for (const dir of [empty, copy]) fs.rmSync(dir, { recursive: true, force: true });
      if (r < 0) continue;
      first.push(a);
      last.push(b);
    }
  } finally {
    fs.rmSync(waiting, { recursive: true, force: true });
  }
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return {
    name: 'outbox-offline',
    queued,
    firstMs: round1(median(first)),
    lastMs: round1(median(last)),
    ratio: Math.round(median(last.map((ms, i) => ms / first[i]!)) * 1000) / 1000,
    runs,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runOutboxOfflineBench();
  console.log(JSON.stringify(result, null, 2));
  console.log(`the ${result.queued.toLocaleString('en-US')}th offline write against the first: ${result.ratio}× (aim ≤ ${OUTBOX_OFFLINE_BUDGET}×)`);
}
