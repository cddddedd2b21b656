import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../support/temp-dir';
import { repoRoot } from '../../support/paths';
import type { ContenderAnswer, ContenderRequest } from './support/lock-contender';
import { SOAK_MS } from '../../support/time-outs';

/*
 * Taking over a stale outbox lock was check-then-remove, so two contenders could each remove
 * the dead owner's lock, one of them removing the other's fresh lock instead, and both held it (2 trials in 10
 * with 16 contenders). Here 16 real processes race on one stale lock, trial after trial (the dead owner's
 * lock, and an empty one a process left when it died between creating and writing it): exactly one wins each
 * trial, the 15 others are told it is held by the winner, and the takeover leaves nothing behind.
 */

const CONTENDERS = 16;
const TRIALS = 100;

let home: ReturnType<typeof makeTempDir>;
let bundle: string;
const children: ChildProcess[] = [];
const inbox = new Map<ChildProcess, ContenderAnswer[]>();
const waiters = new Map<ChildProcess, () => void>();

function next(child: ChildProcess): Promise<ContenderAnswer> {
  const queued = inbox.get(child)!;
  if (queued.length > 0) return Promise.resolve(queued.shift()!);
  return new Promise((resolve) => waiters.set(child, () => resolve(queued.shift()!)));
}

function send(child: ChildProcess, request: ContenderRequest): void {
  child.send(request);
}

/** A pid that no process has now: one of a process that has just ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

beforeAll(async () => {
  home = makeTempDir('statusdesk-lock-race-');
  bundle = path.join(home.dir, 'lock-contender.cjs');
  await build({
    entryPoints: [path.join(repoRoot, 'test/integration/outbox/support/lock-contender.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: bundle,
    logLevel: 'silent',
  });
  for (let i = 0; i < CONTENDERS; i++) {
    const child = fork(bundle, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    inbox.set(child, []);
    child.on('message', (message: ContenderAnswer) => {
      inbox.get(child)!.push(message);
      const wake = waiters.get(child);
      waiters.delete(child);
      wake?.();
    });
    children.push(child);
  }
  for (const child of children) expect(await next(child)).toEqual({ type: 'ready' });
});

afterAll(async () => {
  for (const child of children) {
    if (child.connected) send(child, { type: 'exit' });
    const exited = child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    child.kill('SIGKILL');
  }
  home.remove();
});

describe('a stale outbox lock, taken over by 16 processes at once', () => {
  it(
    `exactly one process holds it, in each of ${TRIALS} trials`,
    async () => {
      const dir = fs.mkdtempSync(path.join(home.dir, 'data-'));
      const lockPath = path.join(dir, 'outbox.lock');
      const dead = await deadPid();
      const winners: number[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        if (trial % 2 === 0) {
          fs.writeFileSync(lockPath, JSON.stringify({ pid: dead, host: os.hostname(), at: new Date().toISOString(), role: 'cli' }));
        } else {
          // Created, never written: its process died in between.
          fs.writeFileSync(lockPath, '');
          const old = new Date(Date.now() - 10_000);
          fs.utimesSync(lockPath, old, old);
        }
        for (const child of children) send(child, { type: 'try', lockPath });
        const answers = await Promise.all(children.map((child) => next(child)));

        const won = answers.filter((a) => a.type === 'won');
        expect(
          answers.filter((a) => a.type === 'error'),
          `trial ${trial}`,
        ).toEqual([]);
        expect(
          won.map((a) => a.pid),
          `trial ${trial}: winners`,
        ).toHaveLength(1);
        const winner = won[0]!.pid;
        for (const answer of answers) if (answer.type === 'busy') expect(answer.holderPid, `trial ${trial}`).toBe(winner);
        expect(JSON.parse(fs.readFileSync(lockPath, 'utf8')), `trial ${trial}`).toMatchObject({ pid: winner, role: 'cli' });
        // No claim or temp file of the takeover is left beside the lock.
        expect(fs.readdirSync(dir), `trial ${trial}`).toEqual(['outbox.lock']);
        winners.push(winner);

        for (const child of children) send(child, { type: 'release' });
        for (const child of children) expect(await next(child)).toEqual({ type: 'released' });
        expect(fs.readdirSync(dir), `trial ${trial}: released`).toEqual([]);
      }
      // Different processes win: the race is real, not one process always first.
      expect(new Set(winners).size).toBeGreaterThan(1);
    },
    SOAK_MS,
  );
});
