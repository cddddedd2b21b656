import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../../support/paths';
import { WAITS_MS } from '../../../support/time-outs';

/** The real `statusdesk` binary (the bundle the integration setup built) in a process of its own. */
export interface CliChild {
  child: ChildProcess;
  /** What it has printed so far. */
  stdout: () => string;
  stderr: () => string;
  /** Its exit code (128 + n when a signal ended it without a handler) and its whole output. */
  exited: Promise<{ code: number; stdout: string; stderr: string }>;
}

export function startCli(args: string[], env: Record<string, string>): CliChild {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code: code ?? 128 + (signal ? os.constants.signals[signal] : 0), stdout, stderr })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * Waits until `check` is true (polled every 20 ms), or fails after `timeoutMs` saying what it waited for: by
 * default as long as the test itself may run, since a spawned command can take many seconds to start on a busy
 * machine (the test's time-out still ends a wait that never comes).
 */
export async function until(check: () => boolean, what: string, timeoutMs = WAITS_MS): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Another statusdesk command (or, with role app, the app) holding the outbox: a live process whose lock
 * `outbox.lock` is, as a command's for as long as it runs; it takes its lock away and ends when released (releaseOutbox), or when
 * killed. Never after a fixed time: how long a command takes to start on a busy machine is not known.
 */
export function holdOutbox(dataDir: string, role: 'cli' | 'app' = 'cli'): ChildProcess {
  const lockPath = path.join(dataDir, 'outbox.lock');
  const script = [
    "const fs = require('fs');",
    "const os = require('os');",
    `const lock = ${JSON.stringify(lockPath)};`,
    `fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString(), role: '${role}' }), { flag: 'wx' });`,
    "process.stdout.write('holding\\n');",
    "process.stdin.on('data', () => { fs.rmSync(lock, { force: true }); process.exit(0); });",
  ].join('\n');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
}

/** The holder takes its lock away and ends, as a command does when it is done. */
export function releaseOutbox(holder: ChildProcess): void {
  holder.stdin!.write('release\n');
}

/** Resolves once the holder has written its lock. */
export function holding(holder: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    holder.stdout!.once('data', () => resolve());
    holder.once('exit', (code) => reject(new Error(`the holder ended (${code}) before it held the outbox`)));
  });
}
