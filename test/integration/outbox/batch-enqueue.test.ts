import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import { nodeFileSystem, type DurableFileSystem } from '../../../electron/core/storage/file-system';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { checkOutboxFile } from '../../../electron/cli/commands/doctor-disk';
import { openTestOutbox, resetLimiters, simAccounts } from './support/harness';
import { SOAK_MS } from '../../support/time-outs';
import { testChildBundle } from '../../support/test-children';

/*
 * A batch enqueue: many writes in one file write and one fsync, in the order given after the
 * writes before it, all or none — refused whole when one write is not valid, and gone whole when a crash cuts
 * its lines (a kill mid-write), never half kept.
 */

const CHILD = testChildBundle('batch');

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
let outbox: OutboxService | undefined;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  await outbox?.stop();
  outbox = undefined;
  home?.remove();
  resetLimiters();
});

/** node:fs, counting the writes and fsyncs made on the outbox file. */
function countingDisk(): DurableFileSystem & { writes: number; syncs: number } {
  const disk = {
    writes: 0,
    syncs: 0,
    async open(filePath: string, flags: 'a' | 'w', mode: number) {
      const file = await nodeFileSystem.open(filePath, flags, mode);
      return {
        write: (buffer: Uint8Array, offset: number, length: number) => {
          disk.writes++;
          return file.write(buffer, offset, length);
        },
        sync: () => {
          disk.syncs++;
          return file.sync();
        },
        truncate: (length: number) => file.truncate(length),
        stat: () => file.stat(),
        close: () => file.close(),
      };
    },
  };
  return disk;
}

const point = (accountId: string, metricId: number, i: number) => ({
  accountId,
  operation: 'addMetricEntry',
  input: { subdomain: 'acme', metricId, entry: { time: 1717200000 + i * 300, value: i } },
});

describe('outbox batch enqueue', () => {
  it(
    'queues 1,000 writes in one write and one fsync, after the writes before them, and sends each metric’s points once each',
    async () => {
      home = makeTempDir('statusdesk-outbox-batch-');
      const { accountId, accounts } = simAccounts(sim);
      const disk = countingDisk();
      const second = sim.addMetric({ page: 'acme', name: 'Queue depth' }).id;
      outbox = await openTestOutbox(home.dir, accounts, { fileSystem: disk });
      const before = await outbox.enqueue(point(accountId, 1, 0));
      const changes: string[] = [];
      outbox.onChange((change) => changes.push(change.type === 'added' ? `added ${change.entries.length}` : change.type));
      const [writes, syncs] = [disk.writes, disk.syncs];
      const results = await outbox.enqueueMany([
        ...Array.from({ length: 500 }, (_, i) => point(accountId, 1, i + 1)),
        ...Array.from({ length: 500 }, (_, i) => point(accountId, second, i)),
      ]);
      expect([disk.writes - writes, disk.syncs - syncs]).toEqual([1, 1]);
      expect(changes.filter((c) => c !== 'status')).toEqual(['added 1000']);
      const after = await outbox.enqueue(point(accountId, second, 500));
      const seqs = outbox.list().map((e) => [e.id, e.seq] as const);
      expect(seqs.map(([id]) => id)).toEqual([before.id, ...results.map((r) => r.id), after.id]);
      expect(seqs.map(([, seq]) => seq)).toEqual([...seqs.map(([, seq]) => seq)].sort((a, b) => a - b));

      // Each point of each metric sent once (several at a time: a point carries its own time, so order of arrival is free).
      outbox.start();
      const report = await outbox.flush({ timeoutMs: 240_000 });
      expect(report).toMatchObject({ settled: true, pending: 0, failed: 0 });
      const sent = sim.writeLog({ op: 'metrics.entries.create' });
      expect(sent).toHaveLength(1_002);
      for (const metric of [1, second]) {
        const times = sent.filter((w) => w.path.endsWith(`/metrics/${metric}/entries`)).map((w) => (w.body as { entry: { time: number } }).entry.time);
        expect(times.sort((a, b) => a - b)).toEqual(Array.from({ length: 501 }, (_, i) => 1717200000 + i * 300));
      }
    },
    SOAK_MS,
  );

  it('refuses the whole batch when one write is not valid, naming it; a retried batch (same ids) is not queued twice', async () => {
    home = makeTempDir('statusdesk-outbox-batch-');
    const { accountId, accounts } = simAccounts(sim);
    await sim.goOffline();
    try {
      outbox = await openTestOutbox(home.dir, accounts);
      const syncs = outbox.syncCount;
      const writes = Array.from({ length: 10 }, (_, i) => point(accountId, 1, i));
      const bad = [...writes.slice(0, 6), { ...writes[6]!, operation: 'addMetricEntries' }, ...writes.slice(7)];
      const refusal = await outbox.enqueueMany(bad).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ name: 'BatchWriteError', code: 'invalid_input', index: 6 });
      expect((refusal as Error).message).toMatch(/^Write 7 of 10 is not valid, so none of them was queued: /);
      const noTime = [...writes.slice(0, 2), { ...writes[2]!, input: { subdomain: 'acme', metricId: 1, entry: { value: 1 } } }];
      await expect(outbox.enqueueMany(noTime)).rejects.toMatchObject({ index: 2, message: expect.stringMatching(/^Write 3 of 3 /) });
      expect([outbox.list(), outbox.syncCount]).toEqual([[], syncs]);

      const withIds = writes.map((w, i) => ({ ...w, id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
      const first = await outbox.enqueueMany(withIds);
      const again = await outbox.enqueueMany(withIds);
      expect(again).toEqual(first);
      expect(outbox.list()).toHaveLength(10);
    } finally {
      await sim.goOnline();
    }
  });

  it('a batch cut anywhere in its lines by a crash is gone whole on the next start; the writes before it stay', async () => {
    home = makeTempDir('statusdesk-outbox-batch-');
    const { accountId, accounts } = simAccounts(sim);
    await sim.goOffline();
    try {
      outbox = await openTestOutbox(home.dir, accounts);
      const kept = await outbox.enqueue(point(accountId, 1, 0));
      await outbox.stop();
      outbox = undefined;
      const file = path.join(home.dir, 'outbox.jsonl');
      const start = fs.statSync(file).size;
      outbox = await openTestOutbox(home.dir, accounts);
      await outbox.enqueueMany(Array.from({ length: 5 }, (_, i) => point(accountId, 1, i + 1)));
      await outbox.stop();
      outbox = undefined;
      const whole = fs.readFileSync(file);
      const lineEnds = [...whole.subarray(start).entries()].filter(([, b]) => b === 0x0a).map(([i]) => start + i + 1);
      expect(lineEnds).toHaveLength(5);
      // Every place a kill could stop the write: after each whole line but the last, and in the middle of each.
      const cuts = [...lineEnds.slice(0, -1), ...lineEnds.map((end) => end - 40)];
      for (const cut of cuts) {
        fs.writeFileSync(file, whole.subarray(0, cut));
        outbox = await openTestOutbox(home.dir, accounts);
        expect(outbox.list().map((e) => e.id)).toEqual([kept.id]);
        await outbox.stop();
        outbox = undefined;
        // The file was rewritten without the cut batch: opened again, it is the same.
        outbox = await openTestOutbox(home.dir, accounts);
        expect([outbox.list().length, outbox.loadReport.tornTail]).toEqual([1, false]);
        await outbox.stop();
        outbox = undefined;
      }
      fs.writeFileSync(file, whole);
      outbox = await openTestOutbox(home.dir, accounts);
      expect(outbox.list()).toHaveLength(6);
    } finally {
      await sim.goOnline();
    }
  });

  it('damage in the middle of a batch keeps every write that can be read, names what was lost, and doctor says so', async () => {
    home = makeTempDir('statusdesk-outbox-batch-');
    const { accountId, accounts } = simAccounts(sim);
    await sim.goOffline();
    try {
      outbox = await openTestOutbox(home.dir, accounts);
      await outbox.enqueueMany(Array.from({ length: 20 }, (_, i) => point(accountId, 7, i)));
      const after = await outbox.enqueue(point(accountId, 1, 0));
      await outbox.stop();
      outbox = undefined;
      const file = path.join(home.dir, 'outbox.jsonl');
      const whole = fs.readFileSync(file, 'utf8');
      const lines = whole.split('\n');
      const batchLines = lines.flatMap((line, i) => (line.includes('"batch"') ? [i] : []));
      expect(batchLines).toHaveLength(20);

      // One line of the batch gone, with a write after the batch: not a crash, which cuts only the end.
      fs.writeFileSync(file, lines.filter((_, i) => i !== batchLines[10]).join('\n'));
      expect(checkOutboxFile(home.dir)).toMatchObject({ ok: false, detail: expect.stringMatching(/1 write missing from 1 batch queued/) });
      outbox = await openTestOutbox(home.dir, accounts);
      expect(outbox.list()).toHaveLength(20);
      expect(outbox.list().at(-1)!.id).toBe(after.id);
      expect(outbox.loadReport.problem).toMatch(
        /1 of the 20 writes queued together \(one of them: Data point for metric #7\) could not be read and was lost: write it again; the other 19 were kept\./,
      );
      await outbox.stop();
      outbox = undefined;

      // A block of zeros over three of the batch's lines, the batch last in the file: the damage is inside it, so
      // it is not a torn end either.
      const cut = lines.slice(0, batchLines[19]! + 1).join('\n') + '\n';
      const from = cut.indexOf(lines[batchLines[5]!]!);
      const to = cut.indexOf(lines[batchLines[8]!]!);
      fs.writeFileSync(file, cut.slice(0, from) + '\0'.repeat(to - from - 1) + cut.slice(to - 1));
      outbox = await openTestOutbox(home.dir, accounts);
      expect(outbox.list()).toHaveLength(17);
      expect(outbox.loadReport.problem).toMatch(/3 of the 20 writes queued together .* the other 17 were kept\./);
      await outbox.stop();
      outbox = undefined;
    } finally {
      await sim.goOnline();
    }
  });

  it(
    'a process killed while it queues batches of 1,000 leaves every batch whole or absent, and every acknowledged one whole',
    async () => {
      home = makeTempDir('statusdesk-outbox-batch-kill-');
      const baseUrl = 'http://127.0.0.1:9'; // refused: nothing is sent, the entries stay as written
      for (const delayMs of [0, 7, 23]) {
        const acknowledged = await new Promise<number>((resolve, reject) => {
          const child = spawn(process.execPath, [CHILD], {
            env: { ...process.env, OUTBOX_DIR: home.dir, BASE_URL: baseUrl },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let last = 0;
          let stderr = '';
          child.stdout.on('data', (chunk: Buffer) => {
            for (const match of chunk.toString().matchAll(/queued (\d+)/g)) last = Number(match[1]);
            // Killed while the next batch is on its way to the disk.
            if (last >= 2) setTimeout(() => child.kill('SIGKILL'), delayMs);
          });
          child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
          child.on('error', reject);
          child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(last) : reject(new Error(`the child ended on its own: ${stderr}`))));
        });
        const { accounts } = simAccounts(sim);
        outbox = await openTestOutbox(home.dir, accounts);
        const perMetric = new Map<number, number>();
        for (const entry of outbox.list()) {
          const metric = entry.input.metricId as number;
          perMetric.set(metric, (perMetric.get(metric) ?? 0) + 1);
        }
        expect([...perMetric.values()].every((n) => n === 1_000)).toBe(true);
        expect(perMetric.size).toBeGreaterThanOrEqual(acknowledged);
        await outbox.stop();
        outbox = undefined;
        fs.rmSync(path.join(home.dir, 'outbox.jsonl'), { force: true });
      }
    },
    SOAK_MS,
  );
});
