import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertDestinationKind } from '../../../shared/alerts/alert-destination';
import { startAlertsSimulator, type AlertSimFault, type AlertsSimulator } from '../../../simulators/alerts';
import { makeTempDir } from '../../support/temp-dir';
import { FAST_SIM_RATES, KINDS, ROUTING_KEY, WEBHOOK_SECRET, openDelivery, untilSettled, untilState, type TestDelivery } from './support/harness';
import { alertMessage } from './support/messages';

/*
 * The outbox's fault matrix, for alerts: a 5xx, a reset before and after the receiver acted, a 429 with
 * Retry-After, a hang until the time-out. Each ends delivered; where the receiver deduplicates (PagerDuty's
 * dedup_key, the webhook's Idempotency-Key) it acted exactly once, elsewhere at least once.
 */

let sim: AlertsSimulator;
let home: ReturnType<typeof makeTempDir>;
let test: TestDelivery;

beforeEach(async () => {
  sim = await startAlertsSimulator({ ...FAST_SIM_RATES, routingKeys: [ROUTING_KEY], webhookSecret: WEBHOOK_SECRET });
  home = makeTempDir('statusdesk-alerts-faults-');
  test = openDelivery(home.dir, sim);
  test.delivery.start();
});
afterEach(async () => {
  await test.delivery.stop();
  await sim.stop();
  home.remove();
});

const FAULTS: Array<[string, (route: AlertDestinationKind) => AlertSimFault, { repeatsActed: boolean }]> = [
  ['a 503', (route) => ({ kind: 'status', status: 503, route }), { repeatsActed: false }],
  ['a 502 after the receiver acted', (route) => ({ kind: 'status', status: 502, applied: true, route }), { repeatsActed: true }],
  ['a reset before the receiver acted', (route) => ({ kind: 'reset', applied: false, route }), { repeatsActed: false }],
  ['a reset after the receiver acted', (route) => ({ kind: 'reset', applied: true, route }), { repeatsActed: true }],
  ['a 429 with Retry-After', (route) => ({ kind: 'status', status: 429, retryAfter: '1', route }), { repeatsActed: false }],
  ['a hang until the time-out', (route) => ({ kind: 'hang', route }), { repeatsActed: false }],
];

/** Times the receiver acted on the message: posted it, or opened or merged its alert. */
function acted(kind: AlertDestinationKind): number {
  return sim.requests(kind).filter((r) => r.acted).length;
}

describe.each(KINDS)('%s under faults', (kind) => {
  it.each(FAULTS)('%s: delivered in the end, %s', async (_name, fault, { repeatsActed }) => {
    sim.setFaults([fault(kind)]);
    const id = await test.delivery.enqueue(`${kind}-1`, alertMessage());
    const first = await test.delivery.firstOutcome(id);
    expect(first).toMatchObject({ state: 'queued', attempts: 1, problem: expect.stringMatching(/^Not delivered yet: /) });
    const view = await untilState(test.delivery, id, ['delivered']);
    expect(view.attempts).toBe(2);
    const requests = sim.requests(kind);
    expect(requests).toHaveLength(2);
    if (kind === 'pagerduty') {
      expect(sim.pagerDuty.pages()).toBe(1);
      expect(sim.pagerDuty.alerts[0]!.triggers).toBe(repeatsActed ? 2 : 1);
    } else if (kind === 'webhook') {
      expect(sim.webhook.received).toHaveLength(1);
    } else {
      // No deduplication at Slack or Teams: at least once, twice when the first had already been posted.
      expect(acted(kind)).toBe(repeatsActed ? 2 : 1);
    }
    if (fault(kind).kind === 'status' && (fault(kind) as { status: number }).status === 429) {
      // Retry-After: 1 was waited out in full (a lower bound the pacing guarantees, never an upper one).
      expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(1_000);
    }
  });
});

describe('order per incident under faults', () => {
  it.each(KINDS)('%s: the updates of one incident arrive in the order queued; another incident does not wait for them', async (kind) => {
    sim.setFaults([
      { kind: 'status', status: 500, route: kind },
      { kind: 'reset', applied: false, route: kind },
      { kind: 'status', status: 503, route: kind },
    ]);
    const updates = [1, 2, 3].map((n) => alertMessage({ n, action: kind === 'pagerduty' && n > 1 ? 'resolve' : 'trigger' }));
    for (const message of updates) await test.delivery.enqueue(`${kind}-1`, message);
    const other = await test.delivery.enqueue(`${kind}-1`, alertMessage({ incident: 'inc-2' }));
    const views = await untilSettled(test.delivery);
    expect(views.every((v) => v.state === 'delivered')).toBe(true);
    const accepted = sim.requests(kind).filter((r) => r.acted);
    const keys = accepted.map((r) => {
      const body = r.body as Record<string, unknown>;
      if (kind === 'webhook') return body.key;
      if (kind === 'pagerduty') return `${body.dedup_key as string}/${body.event_action as string}`;
      const text = JSON.stringify(body);
      return text.includes('inc-2') ? 'inc-2' : text.match(/\(update \d\)/)?.[0];
    });
    const ofFirst = keys.filter((key) => !String(key).includes('inc-2'));
    if (kind === 'webhook') expect(ofFirst).toEqual(updates.map((m) => m.key));
    else if (kind === 'pagerduty') expect(ofFirst.slice(0, 2)).toEqual(['acme/inc-1/trigger', 'acme/inc-1/resolve']);
    else expect(ofFirst).toEqual(['(update 1)', '(update 2)', '(update 3)']);
    expect(views.find((v) => v.id === other)!.attempts).toBeGreaterThanOrEqual(1);
  });
});
