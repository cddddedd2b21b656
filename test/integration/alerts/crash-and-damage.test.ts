import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_QUEUE_FILE_NAME } from '../../../electron/core/alerts/delivery/queue-store';
import { startAlertsSimulator, type AlertsSimulator } from '../../../simulators/alerts';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';
import { testChildBundle } from '../../support/test-children';
import { FAST_SIM_RATES, ROUTING_KEY, WEBHOOK_SECRET, openDelivery, untilSettled } from './support/harness';
import { alertMessage } from './support/messages';

let sim: AlertsSimulator;
let home: ReturnType<typeof makeTempDir>;

beforeEach(async () => {
  sim = await startAlertsSimulator({ ...FAST_SIM_RATES, routingKeys: [ROUTING_KEY], webhookSecret: WEBHOOK_SECRET });
  home = makeTempDir('statusdesk-alerts-crash-');
});
afterEach(async () => {
  await sim.stop();
  home.remove();
});

const queueFile = () => path.join(home.dir, ALERT_QUEUE_FILE_NAME);

async function queue(messages: ReturnType<typeof alertMessage>[]): Promise<void> {
  const { delivery } = openDelivery(home.dir, sim, undefined, ['webhook']);
  for (const message of messages) await delivery.enqueue('webhook-1', message);
  await delivery.stop();
}

/** Runs the delivery child; kills it with SIGKILL once `killWhen()` says so (checked every few ms), or lets it finish. */
function runChild(killWhen: (() => boolean) | null): Promise<{ signal: NodeJS.Signals | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [testChildBundle('alerts')], {
      cwd: repoRoot,
      env: { ...process.env, ALERTS_DIR: home.dir, ALERTS_SIM_URL: sim.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const poll = killWhen === null ? undefined : setInterval(() => killWhen() && child.kill('SIGKILL'), 3);
    child.on('exit', (_code, signal) => {
      clearInterval(poll);
      resolve({ signal, out, err });
    });
  });
}

describe('a crash while sending', () => {
  it('SIGKILL mid-flush, then a restart: every queued alert reaches the receiver once, in order per incident', async () => {
    const messages = [1, 2, 3].flatMap((n) => Array.from({ length: 8 }, (_, i) => alertMessage({ incident: `inc-${i}`, n })));
    await queue(messages);
    // Slow answers, so the kill lands while requests are in flight.
    sim.setFaults(Array.from({ length: 40 }, () => ({ kind: 'delay' as const, ms: 15, route: 'webhook' as const })));

    const killed = await runChild(() => sim.requests('webhook').length >= 6);
    expect(killed.signal).toBe('SIGKILL');
    expect(sim.webhook.received.length).toBeLessThan(messages.length);

    const finished = await runChild(null);
    expect(finished.out).toContain('done');
    expect(finished.err).toBe('');
    const received = sim.webhook.received.map((payload) => payload.key);
    expect([...received].sort()).toEqual(messages.map((m) => m.key).sort());
    for (let i = 0; i < 8; i++) {
      const ofIncident = received.filter((key) => key.startsWith(`acme/inc-${i}/`));
      expect(ofIncident).toEqual(messages.filter((m) => m.incidentKey === `acme/inc-${i}`).map((m) => m.key));
    }
  });
});

describe('a damaged queue file', () => {
  it('a torn last line (a crash mid-write) is dropped quietly, and what was before it is sent', async () => {
    await queue([alertMessage({ n: 1 }), alertMessage({ n: 2 })]);
    fs.appendFileSync(queueFile(), '{"t":"add","d":{"id":"torn","seq":3,"destin');
    const { delivery, problems } = openDelivery(home.dir, sim, undefined, ['webhook']);
    delivery.start();
    const views = await untilSettled(delivery);
    await delivery.stop();
    expect(views.map((v) => v.state)).toEqual(['delivered', 'delivered']);
    expect(problems).toEqual([]);
    expect(fs.readFileSync(queueFile(), 'utf8').endsWith('\n')).toBe(true);
  });

  it('a damaged line in the middle moves the file aside, says so by name, and sends what can be read', async () => {
    await queue([alertMessage({ n: 1 }), alertMessage({ n: 2, incident: 'inc-2' }), alertMessage({ n: 3, incident: 'inc-3' })]);
    const lines = fs.readFileSync(queueFile(), 'utf8').split('\n');
    lines[2] = '{"t":"add","d":{ this is not json';
    fs.writeFileSync(queueFile(), lines.join('\n'));
    const { delivery, problems } = openDelivery(home.dir, sim, undefined, ['webhook']);
    delivery.start();
    const views = await untilSettled(delivery);
    await delivery.stop();
    expect(views.map((v) => v.state)).toEqual(['delivered', 'delivered']);
    expect(problems).toEqual([expect.stringMatching(/damaged \(1 unreadable line\); it was moved to alert-queue\.corrupt-.*\.jsonl and 2 messages were kept/)]);
    expect(fs.readdirSync(home.dir).filter((name) => name.startsWith('alert-queue.corrupt-'))).toHaveLength(1);
  });
});

describe('Slack’s rate limit', () => {
  it('one message a second per webhook: the simulator never has to answer 429', async () => {
    const slack = await startAlertsSimulator();
    const { delivery } = openDelivery(home.dir, slack, { retry: { backoff: { baseMs: 20, maxMs: 200 } } }, ['slack']);
    try {
      delivery.start();
      for (let i = 0; i < 4; i++) await delivery.enqueue('slack-1', alertMessage({ incident: `inc-${i}` }));
      const views = await untilSettled(delivery);
      expect(views.every((v) => v.state === 'delivered' && v.attempts === 1)).toBe(true);
      const arrivals = slack.requests('slack');
      expect(arrivals.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]!.at - arrivals[i - 1]!.at).toBeGreaterThanOrEqual(1_000);
    } finally {
      await delivery.stop();
      await slack.stop();
    }
  });
});
