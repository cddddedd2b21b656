import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGERDUTY_INFO_NOT_SENT } from '../../../electron/core/alerts/destinations/pagerduty';
import { ALERT_QUEUE_FILE_NAME } from '../../../electron/core/alerts/delivery/queue-store';
import { startAlertsSimulator, type AlertsSimulator } from '../../../simulators/alerts';
import { makeTempDir } from '../../support/temp-dir';
import { FAST_SIM_RATES, KINDS, ROUTING_KEY, WEBHOOK_SECRET, openDelivery, secretFor, untilSettled, untilState, type TestDelivery } from './support/harness';
import { alertMessage } from './support/messages';

let sim: AlertsSimulator;
let home: ReturnType<typeof makeTempDir>;
let opened: TestDelivery[] = [];

beforeEach(async () => {
  sim = await startAlertsSimulator({ ...FAST_SIM_RATES, routingKeys: [ROUTING_KEY], webhookSecret: WEBHOOK_SECRET });
  home = makeTempDir('statusdesk-alerts-');
});
afterEach(async () => {
  for (const { delivery } of opened) await delivery.stop();
  opened = [];
  await sim.stop();
  home.remove();
});

function open(dir = home.dir, kinds = KINDS): TestDelivery {
  const test = openDelivery(dir, sim, undefined, kinds);
  opened.push(test);
  test.delivery.start();
  return test;
}

describe('each destination’s request, as its simulator checks it', () => {
  it.each(KINDS)('%s: the message is accepted in the shape its service documents', async (kind) => {
    const { delivery } = open();
    const id = await delivery.enqueue(`${kind}-1`, alertMessage());
    const view = await delivery.firstOutcome(id);
    expect(view).toMatchObject({ state: 'delivered', attempts: 1, problem: null, kind });
    const [request] = sim.requests();
    expect(request).toMatchObject({ acted: true, status: kind === 'teams' || kind === 'pagerduty' ? 202 : 200 });
  });

  it('Slack shows the incident and its update; Teams a card; PagerDuty an alert; the webhook receiver the signed payload', async () => {
    const { delivery } = open();
    for (const kind of KINDS) await delivery.firstOutcome(await delivery.enqueue(`${kind}-1`, alertMessage()));
    expect(sim.slack.messages[0]!.text).toContain('Acme Cloud: Logins fail');
    expect(sim.teams.cards[0]!.card.version).toBe('1.4');
    expect(sim.pagerDuty.alerts).toEqual([expect.objectContaining({ dedupKey: 'acme/inc-1', status: 'triggered', severity: 'critical' })]);
    expect(sim.webhook.received).toEqual([expect.objectContaining({ key: 'acme/inc-1/trigger/1', action: 'trigger' })]);
  });

  it('PagerDuty: the resolve closes the alert the trigger opened; an update is not sent, and the log says why', async () => {
    const { delivery } = open();
    await delivery.firstOutcome(await delivery.enqueue('pagerduty-1', alertMessage()));
    const update = await delivery.firstOutcome(await delivery.enqueue('pagerduty-1', alertMessage({ n: 2, action: 'info' })));
    await delivery.firstOutcome(await delivery.enqueue('pagerduty-1', alertMessage({ n: 3, action: 'resolve' })));
    expect(update).toMatchObject({ state: 'delivered', attempts: 0, problem: PAGERDUTY_INFO_NOT_SENT });
    expect(sim.pagerDuty.alerts).toEqual([expect.objectContaining({ status: 'resolved', triggers: 1 })]);
    expect(sim.requests('pagerduty')).toHaveLength(2);
  });

  it('PagerDuty: a test is a change event, which pages nobody', async () => {
    const { delivery } = open();
    const view = await delivery.firstOutcome(await delivery.enqueue('pagerduty-1', alertMessage({ action: 'info', test: true })));
    expect(view.state).toBe('delivered');
    expect(sim.pagerDuty.changes).toHaveLength(1);
    expect(sim.pagerDuty.pages()).toBe(0);
  });

  it('two watchers that see the same incident page once, through PagerDuty’s dedup_key and the webhook’s Idempotency-Key', async () => {
    const other = makeTempDir('statusdesk-alerts-second-');
    try {
      const first = open(home.dir, ['pagerduty', 'webhook']);
      const second = open(other.dir, ['pagerduty', 'webhook']);
      for (const { delivery } of [first, second]) {
        for (const kind of ['pagerduty', 'webhook']) await delivery.enqueue(`${kind}-1`, alertMessage());
      }
      await Promise.all([untilSettled(first.delivery), untilSettled(second.delivery)]);
      expect(sim.requests('pagerduty')).toHaveLength(2);
      expect(sim.pagerDuty.pages()).toBe(1);
      expect(sim.pagerDuty.alerts[0]!.triggers).toBe(2);
      expect(sim.requests('webhook')).toHaveLength(2);
      expect(sim.webhook.received).toHaveLength(1);
    } finally {
      for (const { delivery } of opened.splice(0)) await delivery.stop();
      other.remove();
    }
  });
});

describe('refusals end as not delivered, with the reason in words', () => {
  it('Slack: an archived channel', async () => {
    sim.setSlackHookState(secretFor(sim, 'slack').address, 'archived');
    const { delivery } = open();
    const view = await delivery.firstOutcome(await delivery.enqueue('slack-1', alertMessage()));
    expect(view).toMatchObject({ state: 'not_delivered', attempts: 1, problem: expect.stringContaining('archived (channel_is_archived)') });
  });

  it('Teams: a workflow that was deleted', async () => {
    sim.setTeamsWorkflowState('a1b2c3d4e5f6', 'deleted');
    const { delivery } = open();
    const view = await delivery.firstOutcome(await delivery.enqueue('teams-1', alertMessage()));
    expect(view).toMatchObject({ state: 'not_delivered', problem: expect.stringContaining('no longer exists') });
  });

  it('PagerDuty: an unknown routing key is an invalid event', async () => {
    const test = open();
    test.secrets.set('pagerduty-1', { address: sim.pagerDutyUrl, key: 'X'.repeat(32) });
    const view = await test.delivery.firstOutcome(await test.delivery.enqueue('pagerduty-1', alertMessage()));
    expect(view).toMatchObject({ state: 'not_delivered', problem: expect.stringContaining('Invalid routing key') });
  });

  it('webhook: a receiver holding another secret refuses the signature', async () => {
    sim.setWebhookSecret('team', 'another-secret-entirely');
    const { delivery } = open();
    const view = await delivery.firstOutcome(await delivery.enqueue('webhook-1', alertMessage()));
    expect(view).toMatchObject({ state: 'not_delivered', problem: expect.stringContaining('signing secret') });
  });

  it('an address that is not at the origin the secret is bound to is never sent to', async () => {
    const test = open();
    test.secrets.set('slack-1', { address: 'http://127.0.0.2:9/services/T/B/X' });
    const view = await test.delivery.firstOutcome(await test.delivery.enqueue('slack-1', alertMessage()));
    expect(view).toMatchObject({ state: 'not_delivered', problem: expect.stringContaining(`not at ${sim.url}`) });
    expect(sim.requests()).toHaveLength(0);
  });

  it('a not-delivered message is sent again from the start on retry, and can then be dismissed', async () => {
    sim.setSlackHookState(secretFor(sim, 'slack').address, 'revoked');
    const { delivery } = open();
    const id = await delivery.enqueue('slack-1', alertMessage());
    await delivery.firstOutcome(id);
    sim.setSlackHookState(secretFor(sim, 'slack').address, 'active');
    expect(delivery.retry(id)).toMatchObject({ state: 'queued', attempts: 0, problem: null });
    await untilState(delivery, id, ['delivered']);
    delivery.dismiss(id);
    expect(delivery.list()).toEqual([]);
  });
});

describe('a destination without its secret', () => {
  it('waits with the problem named, and sends once the secret is back', async () => {
    const test = open();
    test.secrets.set('slack-1', null);
    const id = await test.delivery.enqueue('slack-1', alertMessage());
    const view = await test.delivery.firstOutcome(id);
    expect(view).toMatchObject({ state: 'queued', attempts: 0, problem: expect.stringContaining('keychain holds no address') });
    test.secrets.set('slack-1', secretFor(sim, 'slack'));
    await untilState(test.delivery, id, ['delivered']);
    expect(sim.slack.messages).toHaveLength(1);
  });
});

describe('nothing secret reaches the queue file', () => {
  it('holds no hook address, routing key or signing secret, whatever happened', async () => {
    sim.addFaults({ kind: 'status', status: 500, route: 'slack' }, { kind: 'reset', applied: false, route: 'pagerduty' });
    const { delivery } = open();
    for (const kind of KINDS) await delivery.enqueue(`${kind}-1`, alertMessage());
    const views = await untilSettled(delivery);
    expect(views.every((v) => v.state === 'delivered')).toBe(true);
    await delivery.stop();
    const file = fs.readFileSync(path.join(home.dir, ALERT_QUEUE_FILE_NAME), 'utf8');
    for (const secret of [secretFor(sim, 'slack').address, 'simulatedhooksecret0001', 'simulatedworkflowsignature', ROUTING_KEY, WEBHOOK_SECRET]) {
      expect(file).not.toContain(secret);
    }
    expect(JSON.stringify(views)).not.toContain(ROUTING_KEY);
  });
});

describe('stopping (SIGTERM)', () => {
  it('finishes the attempt in flight and writes its outcome before closing the file', async () => {
    sim.setFaults([{ kind: 'delay', ms: 200, route: 'webhook' }]);
    const { delivery } = open();
    const id = await delivery.enqueue('webhook-1', alertMessage());
    // The receiver has the request (its delay fault was taken) and has not answered yet.
    await expect.poll(() => sim.pendingFaults()).toBe(0);
    await delivery.stop();
    expect(sim.webhook.received).toHaveLength(1);
    const reopened = openDelivery(home.dir, sim);
    await reopened.delivery.ready();
    expect(reopened.delivery.list()).toEqual([expect.objectContaining({ id, state: 'delivered', attempts: 1 })]);
  });
});
