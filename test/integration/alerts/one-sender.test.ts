import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAlerts } from '../../../electron/core/alerts/alerts-feature';
import { storeDestinationSecret } from '../../../electron/core/alerts/destination-secret';
import { AlertsBusyError, alertQueueLockPath } from '../../../electron/core/alerts/delivery/alert-queue-lock';
import { ALERT_QUEUE_FILE_NAME } from '../../../electron/core/alerts/delivery/queue-store';
import { heldChangesPath } from '../../../electron/core/alerts/routing/held-changes';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { startAlertsSimulator, type AlertsSimulator } from '../../../simulators/alerts';
import { memoryKeychain } from '../../support/memory-keychain';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';
import { testChildBundle } from '../../support/test-children';
import { watchedPage } from '../../unit/monitor/support/pages';
import { baseSummary, pollOf, withIncident } from '../../unit/alerts/support/polls';
import { FAST_SIM_RATES, ROUTING_KEY, WEBHOOK_SECRET } from './support/harness';

/*
 * One sender per data folder: `statusdesk serve` (a real child process) holds the alert queue; the app built
 * on the same folder says who sends, routes nothing, still shows the delivery log, and takes the queue over
 * once the watcher is killed with SIGKILL (its lock left behind, stale).
 */

let sim: AlertsSimulator;
let home: ReturnType<typeof makeTempDir>;
const cleanups: Array<() => Promise<void> | void> = [];

beforeEach(async () => {
  sim = await startAlertsSimulator({ ...FAST_SIM_RATES, routingKeys: [ROUTING_KEY], webhookSecret: WEBHOOK_SECRET });
  home = makeTempDir('statusdesk-alerts-owner-');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await sim.stop();
  home.remove();
});

type Child = ChildProcessByStdio<null, Readable, Readable>;

/** Starts the watcher child; resolves with its pid once it holds the queue and delivered its first message. */
function startWatcher(): Promise<{ child: Child; pid: number; state: string }> {
  const child = spawn(process.execPath, [testChildBundle('alertsOwner')], {
    cwd: repoRoot,
    env: { ...process.env, ALERTS_DIR: home.dir, ALERTS_SIM_URL: sim.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const owner = /owner (\d+) (\w+)\n/.exec(out);
      if (owner) resolve({ child, pid: Number(owner[1]), state: owner[2]! });
    });
    child.on('exit', (code, signal) => reject(new Error(`the watcher child ended (${code ?? signal}) before holding the queue: ${err}`)));
  });
}

async function appAlerts() {
  const vault = new KeyVault(memoryKeychain());
  await storeDestinationSecret(vault, 'webhook-1', { address: `${sim.url}/hooks/team`, key: WEBHOOK_SECRET });
  const settings = new SettingsStore(home.dir);
  settings.update((draft) => {
    draft.alerts.destinations = [{ id: 'webhook-1', name: 'Team webhook', kind: 'webhook', origin: sim.url, timeZone: 'UTC', enabled: true }];
    draft.alerts.rules = [
      { id: 'r1', destinationId: 'webhook-1', pageIds: null, services: [], minSeverity: 'minor', updates: 'all', quietHours: null, enabled: true },
    ];
  });
  const problems: string[] = [];
  const alerts = createAlerts({ dataDir: home.dir, settings, vault, reportProblem: (m) => problems.push(m), role: 'app' });
  cleanups.push(() => alerts.stop());
  return { alerts, problems };
}

const page = watchedPage({ name: 'Acme' });
const incidentPoll = () => pollOf(page, baseSummary(), withIncident('major', 'major', { id: 81 }), '2026-12-02T14:05:00.000Z');

describe('one sender of the alerts per data folder', () => {
  it('the app beside a running watcher: says who sends, routes nothing, shows the log; takes over after kill -9', async () => {
    const watcher = await startWatcher();
    expect(watcher.state).toBe('delivered');
    expect(JSON.parse(fs.readFileSync(alertQueueLockPath(home.dir), 'utf8'))).toMatchObject({ pid: watcher.pid, role: 'serve' });

    const { alerts, problems } = await appAlerts();
    const refused = await alerts.start().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AlertsBusyError);
    expect((refused as AlertsBusyError).message).toBe(
      `Alerts for this data folder are sent by statusdesk serve (pid ${watcher.pid}); here they are only shown.`,
    );
    expect(problems).toEqual([(refused as AlertsBusyError).message]);
    expect(alerts.ownership()).toMatchObject({ state: 'busy', holderPid: watcher.pid, holderRole: 'serve' });

    // Read-only: the delivery log is the watcher's queue.
    await alerts.router.settled();
    expect((await alerts.api.deliveries()).map((d) => [d.title, d.state])).toEqual([['Acme Cloud: Logins fail (1)', 'delivered']]);
    const queueBefore = fs.readFileSync(`${home.dir}/${ALERT_QUEUE_FILE_NAME}`, 'utf8');
    // Routes nothing: neither its queue nor the held file is written, nothing reaches the receiver from here.
    alerts.route(incidentPoll());
    await alerts.router.settled();
    expect(fs.readFileSync(`${home.dir}/${ALERT_QUEUE_FILE_NAME}`, 'utf8')).toBe(queueBefore);
    expect(fs.existsSync(heldChangesPath(home.dir))).toBe(false);
    // A test message from the window is refused with the same words, not queued.
    await expect(alerts.api.test('webhook-1')).rejects.toThrow(/sent by statusdesk serve/);
    expect(sim.webhook.received).toHaveLength(1);

    // kill -9: the watcher's lock stays behind, stale; the app's next start takes it over and sends.
    watcher.child.kill('SIGKILL');
    await new Promise<void>((resolve) => watcher.child.once('exit', () => resolve()));
    expect(fs.existsSync(alertQueueLockPath(home.dir))).toBe(true);
    await alerts.start();
    expect(alerts.ownership()).toEqual({ state: 'owner' });
    expect(JSON.parse(fs.readFileSync(alertQueueLockPath(home.dir), 'utf8'))).toMatchObject({ pid: process.pid, role: 'app' });
    alerts.route(incidentPoll());
    await expect.poll(() => sim.webhook.received.map((payload) => payload.title)).toEqual(['Acme Cloud: Logins fail (1)', expect.stringContaining('Acme')]);
  });

  it('two in one process: the second is told the first sends; stopping the first frees the queue', async () => {
    const first = await appAlerts();
    await first.alerts.start();
    expect(first.alerts.ownership()).toEqual({ state: 'owner' });
    const second = await appAlerts();
    await expect(second.alerts.start()).rejects.toThrow(`Alerts for this data folder are sent by the Statusdesk app (pid ${process.pid})`);
    await first.alerts.stop();
    expect(fs.existsSync(alertQueueLockPath(home.dir))).toBe(false);
    await second.alerts.start();
    expect(second.alerts.ownership()).toEqual({ state: 'owner' });
  });
});
