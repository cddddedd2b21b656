import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertDestination } from '../../../shared/alerts/alert-destination';
import { alertMessageSchema, type AlertMessage } from '../../../shared/alerts/alert-message';
import { alertRuleSchema, type AlertRuleInput } from '../../../shared/alerts/alert-rule';
import type { AlertSettings } from '../../../shared/alerts/alert-settings';
import { AlertRouter } from '../../../electron/core/alerts/routing/alert-router';
import { MAX_DIGEST_CHANGES } from '../../../electron/core/alerts/routing/alert-messages';
import { HeldChanges, heldChangesPath } from '../../../electron/core/alerts/routing/held-changes';
import { makeTempDir } from '../../support/temp-dir';
import { FakeClock } from '../monitor/support/fake-clock';
import { watchedPage } from '../monitor/support/pages';
import { baseSummary, pollOf, setServiceType, withIncident } from './support/polls';

/** The delivery queue as routing sees it: what was enqueued, in order (the real queue is tested on its own). */
class RecordingQueue {
  readonly sent: Array<{ destinationId: string; message: AlertMessage }> = [];
  async enqueue(destinationId: string, message: AlertMessage): Promise<string> {
    this.sent.push({ destinationId, message: alertMessageSchema.parse(message) });
    return `d${this.sent.length}`;
  }
  titles(destinationId?: string): string[] {
    return this.sent.filter((s) => destinationId === undefined || s.destinationId === destinationId).map((s) => s.message.title);
  }
}

const destination = (id: string, fields: Partial<AlertDestination> = {}): AlertDestination => ({
  id,
  name: id,
  kind: 'slack',
  origin: 'https://hooks.slack.com',
  timeZone: 'Europe/Berlin',
  enabled: true,
  ...fields,
});
const rule = (input: Omit<AlertRuleInput, 'id'> & { id?: string }) => alertRuleSchema.parse({ id: input.id ?? `r-${input.destinationId}`, ...input });

// 12:00 UTC on 2025-06-01 is 14:00 in Berlin.
const NOON = Date.UTC(2025, 5, 1, 12, 0, 0);
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function setUp(alerts: AlertSettings, startMs = NOON) {
  const temp = makeTempDir('statusdesk-alert-router-');
  cleanups.push(temp.remove);
  const clock = new FakeClock(startMs);
  const queue = new RecordingQueue();
  const problems: string[] = [];
  const held = HeldChanges.open({ filePath: heldChangesPath(temp.dir), reportProblem: (m) => problems.push(m) });
  const router = new AlertRouter({ alerts: () => alerts, delivery: queue, held, clock, reportProblem: (m) => problems.push(m) });
  router.start();
  cleanups.push(() => void router.stop());
  return { dir: temp.dir, clock, queue, problems, held, router };
}

const acme = watchedPage({ name: 'Acme' });
const iso = (ms: number) => new Date(ms).toISOString();

describe('AlertRouter: rules', () => {
  it('sends a change to each destination whose enabled rule matches: pages, services with parents, levels, updates', async () => {
    const other = watchedPage({ name: 'Other' });
    const alerts: AlertSettings = {
      destinations: [
        destination('all'),
        destination('web'),
        destination('data'),
        destination('major'),
        destination('other'),
        destination('off', { enabled: false }),
        destination('norule'),
      ],
      rules: [
        rule({ destinationId: 'all' }),
        rule({ destinationId: 'web', services: [{ pageId: acme.id, serviceId: 1 }] }),
        rule({ destinationId: 'data', services: [{ pageId: acme.id, serviceId: 4 }] }),
        rule({ destinationId: 'major', minSeverity: 'major' }),
        rule({ destinationId: 'other', pageIds: [other.id] }),
        rule({ destinationId: 'off' }),
      ],
    };
    const { queue, router } = await setUp(alerts);
    router.route(pollOf(acme, baseSummary(), withIncident('minor', 'minor', { serviceIds: [2] }), iso(NOON)));
    await router.settled();
    expect(queue.sent.map((s) => s.destinationId).sort()).toEqual(['all', 'web']);
    expect(queue.titles('all')).toEqual(['Acme: Minor incident: Logins fail']);
    expect(queue.sent[0]!.message).toMatchObject({ action: 'info', severity: 'minor', changes: [{ phase: 'opened' }] });
  });

  it('open-and-resolve rules skip updates; disabled rules match nothing', async () => {
    const alerts: AlertSettings = {
      destinations: [destination('brief'), destination('disabled')],
      rules: [rule({ destinationId: 'brief', updates: 'open-and-resolve' }), rule({ destinationId: 'disabled', enabled: false })],
    };
    const { queue, router, clock } = await setUp(alerts);
    router.route(pollOf(acme, withIncident('minor', 'minor'), withIncident('major', 'major'), iso(NOON)));
    await clock.advance(5_000);
    router.route(pollOf(acme, withIncident('major', 'major'), baseSummary(), iso(NOON + 5_000)));
    await router.settled();
    // The page leaving major is said by the resolution that explains it: one message.
    expect(queue.titles()).toEqual(['Acme: Resolved: Logins fail']);
  });

  it('a resolution that takes the page out of major: one message to a channel, both resolves to PagerDuty', async () => {
    const alerts: AlertSettings = {
      destinations: [destination('slack'), destination('pd', { kind: 'pagerduty', origin: 'https://events.pagerduty.com' })],
      rules: [rule({ destinationId: 'slack' }), rule({ destinationId: 'pd' })],
    };
    const { queue, router } = await setUp(alerts);
    router.route(pollOf(acme, withIncident('major', 'major'), baseSummary(), iso(NOON)));
    await router.settled();
    expect(queue.titles('slack')).toEqual(['Acme: Resolved: Logins fail']);
    // The page's own key too: a trigger its level made alone is closed; PagerDuty drops a resolve of nothing open.
    expect(queue.sent.filter((s) => s.destinationId === 'pd').map((s) => [s.message.action, s.message.incidentKey])).toEqual([
      ['resolve', `${acme.id}:70`],
      ['resolve', acme.id],
    ]);
  });
});

describe('AlertRouter: a digest instead of a flood', () => {
  it('the first three changes in a window go alone, the rest as one bounded digest', async () => {
    const alerts: AlertSettings = { destinations: [destination('slack')], rules: [rule({ destinationId: 'slack', minSeverity: 'operational' })] };
    const { queue, router, clock } = await setUp(alerts);
    const pages = Array.from({ length: 50 }, (_, i) => watchedPage({ name: `P${i}` }));
    for (const page of pages) router.route(pollOf(page, baseSummary(), setServiceType(baseSummary(), 4, 'minor'), iso(NOON)));
    await router.settled();
    expect(queue.sent).toHaveLength(3);
    await clock.advance(2_000);
    await router.settled();
    expect(queue.sent).toHaveLength(4);
    const digest = queue.sent[3]!.message;
    expect(digest.title).toBe(`Many pages changed: 47 changes on 47 pages (${MAX_DIGEST_CHANGES} listed, and ${47 - MAX_DIGEST_CHANGES} more)`);
    expect(digest.changes).toHaveLength(MAX_DIGEST_CHANGES);
    expect(digest).toMatchObject({ action: 'info', severity: 'minor', incidentKey: 'digest:slack' });
  });

  it('three changes within the window are three messages: below the threshold nothing waits', async () => {
    const alerts: AlertSettings = { destinations: [destination('slack')], rules: [rule({ destinationId: 'slack' })] };
    const { queue, router } = await setUp(alerts);
    for (let i = 0; i < 3; i++) router.route(pollOf(watchedPage(), baseSummary(), withIncident('minor', 'minor'), iso(NOON)));
    await router.settled();
    expect(queue.sent).toHaveLength(3);
  });

  it('PagerDuty gets every trigger and resolve on its own, never folded into a digest', async () => {
    const alerts: AlertSettings = {
      destinations: [destination('pd', { kind: 'pagerduty', origin: 'https://events.pagerduty.com' })],
      rules: [rule({ destinationId: 'pd', minSeverity: 'major' })],
    };
    const { queue, router } = await setUp(alerts);
    for (let i = 0; i < 10; i++) router.route(pollOf(watchedPage(), baseSummary(), withIncident('major', 'major'), iso(NOON)));
    await router.settled();
    expect(queue.sent).toHaveLength(10);
    expect(new Set(queue.sent.map((s) => s.message.action))).toEqual(new Set(['trigger']));
    expect(new Set(queue.sent.map((s) => s.message.incidentKey)).size).toBe(10);
  });
});

describe('AlertRouter: quiet hours', () => {
  // 23:30 in Berlin (CEST) on 2025-06-01.
  const NIGHT = Date.UTC(2025, 5, 1, 21, 30, 0);
  const MORNING = Date.UTC(2025, 6 - 1, 2, 5, 0, 0); // 07:00 CEST
  const quietAlerts = (): AlertSettings => ({
    destinations: [destination('slack')],
    rules: [rule({ destinationId: 'slack', minSeverity: 'operational', quietHours: { from: '22:00', to: '07:00' } })],
  });

  it('holds what is below major until the hours end, then sends one digest; a major change goes at once', async () => {
    const { queue, router, clock, held } = await setUp(quietAlerts(), NIGHT);
    router.route(pollOf(acme, baseSummary(), setServiceType(baseSummary(), 4, 'minor'), iso(NIGHT)));
    router.route(pollOf(watchedPage({ name: 'B' }), baseSummary(), withIncident('minor', 'minor'), iso(NIGHT)));
    router.route(pollOf(watchedPage({ name: 'C' }), baseSummary(), withIncident('major', 'major'), iso(NIGHT)));
    await router.settled();
    expect(queue.titles()).toEqual(['Acme: Major outage: Logins fail']);
    expect(held.list()).toHaveLength(2);
    await clock.advance(MORNING - NIGHT - 1_000);
    await router.settled();
    expect(queue.sent).toHaveLength(1);
    await clock.advance(1_000);
    await router.settled();
    expect(queue.titles()[1]).toBe('During quiet hours: 2 changes on 2 pages');
    expect(held.list()).toEqual([]);
  });

  it('what was held survives a restart, and a night the app was off is sent when it starts', async () => {
    const first = await setUp(quietAlerts(), NIGHT);
    first.router.route(pollOf(acme, baseSummary(), withIncident('minor', 'minor'), iso(NIGHT)));
    await first.router.stop();
    expect(first.queue.sent).toEqual([]);
    expect(fs.readFileSync(heldChangesPath(first.dir), 'utf8')).toContain('Logins fail');

    const held = HeldChanges.open({ filePath: heldChangesPath(first.dir), reportProblem: () => undefined });
    const queue = new RecordingQueue();
    const router = new AlertRouter({ alerts: quietAlerts, delivery: queue, held, clock: new FakeClock(MORNING + 3_600_000), reportProblem: () => undefined });
    router.start();
    await router.settled();
    expect(queue.titles()).toEqual(['Acme: Minor incident: Logins fail']);
    expect(held.list()).toEqual([]);
    await router.stop();
  });
});
