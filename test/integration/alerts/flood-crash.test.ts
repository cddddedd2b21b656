import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gatheredJournalPath } from '../../../electron/core/alerts/routing/gathered-journal';
import { startAlertsSimulator, type AlertsSimulator } from '../../../simulators/alerts';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';
import { testChildBundle } from '../../support/test-children';
import { FAST_SIM_RATES } from './support/harness';

/*
 * kill -9 inside the flood's gathering window: a real process (flood-child.ts, built as `statusdesk serve`
 * builds the alerts) routes a burst of polls and is killed with SIGKILL while the rest of the burst waits for
 * its digest; a new process on the same data folder sends that digest, with every change in it.
 */

const PAGES = 13;
let sim: AlertsSimulator;
let home: ReturnType<typeof makeTempDir>;
const cleanups: Array<() => Promise<void> | void> = [];

beforeEach(async () => {
  sim = await startAlertsSimulator(FAST_SIM_RATES);
  home = makeTempDir('statusdesk-alerts-flood-');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await sim.stop();
  home.remove();
});

/** Runs the child; with `killOn`, kills it with SIGKILL once its output has that line. */
function runChild(mode: 'burst' | 'resume', killOn: string | null): Promise<{ signal: NodeJS.Signals | null; out: string; err: string }> {
  const child = spawn(process.execPath, [testChildBundle('alertsFlood')], {
    cwd: repoRoot,
    env: { ...process.env, ALERTS_DIR: home.dir, ALERTS_SIM_URL: sim.url, FLOOD_SLACK_HOOK: sim.slackHookUrl(), FLOOD_MODE: mode, FLOOD_PAGES: String(PAGES) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return new Promise((resolve) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (killOn !== null && out.includes(`${killOn}\n`)) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) => resolve({ signal, out, err }));
  });
}

const names = Array.from({ length: PAGES }, (_, i) => `Flood page ${String(i).padStart(2, '0')}`);

describe('a kill -9 inside the flood’s gathering window', () => {
  it('loses nothing: the next process on the folder sends the digest with every gathered change', async () => {
    const killed = await runChild('burst', 'gathered');
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.err).toBe('');
    // Ten changes were only gathered when the process died: on disk, not in any message.
    const journal = fs
      .readFileSync(gatheredJournalPath(home.dir), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { w?: string; done?: string });
    const done = new Set(journal.map((line) => line.done));
    expect(journal.filter((line) => line.w !== undefined && !done.has(line.w))).toHaveLength(PAGES - 3);
    expect(sim.slack.messages.filter((m) => JSON.stringify(m).includes('Many pages changed'))).toEqual([]);

    const resumed = await runChild('resume', null);
    expect(resumed.err).toBe('');
    expect(resumed.out).toContain('done');
    const digests = sim.slack.messages.filter((m) => JSON.stringify(m).includes('Many pages changed'));
    expect(digests).toHaveLength(1);
    const digest = JSON.stringify(digests[0]);
    expect(digest).toContain(`Many pages changed: ${PAGES - 3} changes on ${PAGES - 3} pages`);
    // Every page of the burst reached Slack: three alone (at least once), the other ten in the digest.
    const everything = JSON.stringify(sim.slack.messages);
    for (const name of names) expect(everything, name).toContain(name);
    const alone = names.filter((name) => !digest.includes(name));
    expect(alone).toHaveLength(3);
    expect(fs.readFileSync(gatheredJournalPath(home.dir), 'utf8')).toBe('');
  });
});
