import { describe, expect, it } from 'vitest';
import type { AlertDeliveryView } from '../../../shared/alerts/alert-delivery';
import type { AlertsView } from '../../../shared/alerts/alerts-view';
import type { WatchedPage } from '../../../shared/monitor/watched-page';
import { deliveriesText, deliveryStateWords, destinationsText } from '../../../electron/cli/commands/alerts-lines';
import { quietHours, ruleFromOptions } from '../../../electron/cli/commands/alerts-rule-options';

/*
 * `statusdesk alerts list` and `alerts rule` in people's words: a missing secret and a message given up on
 * are said in capitals with what to do; rules name pages as the dashboard does.
 */

const page = (id: string, subdomain: string, name?: string): WatchedPage =>
  ({ id, region: 'us', subdomain, intervalSec: 60, muted: false, mutedServiceIds: [], followedIncidentIds: [], ...(name ? { name } : {}) }) as WatchedPage;
const pages = [page('11111111-1111-4111-8111-111111111111', 'acme', 'Acme production'), page('22222222-2222-4222-8222-222222222222', 'beta')];

const view: AlertsView = {
  destinations: [
    { id: 'd1', name: 'Ops', kind: 'slack', origin: 'https://hooks.slack.com', timeZone: 'Europe/Berlin', enabled: true, secretStored: true, lastFour: 'wxyz' },
    {
      id: 'd2',
      name: 'On call',
      kind: 'pagerduty',
      origin: 'https://events.pagerduty.com',
      timeZone: 'UTC',
      enabled: true,
      secretStored: false,
      lastFour: null,
    },
  ],
  rules: [
    {
      id: 'r1',
      destinationId: 'd1',
      pageIds: [pages[0]!.id],
      services: [],
      minSeverity: 'major',
      updates: 'open-and-resolve',
      quietHours: { from: '22:00', to: '07:00' },
      enabled: true,
    },
  ],
};

const delivery = (over: Partial<AlertDeliveryView>): AlertDeliveryView => ({
  id: 'q1',
  destinationId: 'd1',
  destinationName: 'Ops',
  kind: 'slack',
  title: 'Major outage: Logins fail',
  severity: 'major',
  pageNames: ['Acme production'],
  changes: 1,
  test: false,
  state: 'delivered',
  attempts: 1,
  problem: null,
  queuedAt: '2026-12-02T10:00:00.000Z',
  deliveredAt: '2026-12-02T10:00:01.000Z',
  nextAttemptAt: null,
  ...over,
});
const time = (iso: string) => iso.slice(11, 19);

describe('alerts list', () => {
  it('shows each destination, whether its secret is stored, and its rules in words', () => {
    const text = destinationsText(view, pages);
    expect(text).toMatch(/Ops\s+Slack\s+https:\/\/hooks\.slack\.com\s+Europe\/Berlin\s+stored …wxyz\s+d1/);
    expect(text).toMatch(/On call\s+PagerDuty\s+.*MISSING \(add the destination again\)\s+d2/);
    expect(text).toContain('Ops: 1 rule');
    expect(text).toContain('  r1  Acme production; major and worse; openings and resolutions only; quiet 22:00–07:00');
    expect(text).toContain('On call: no rules, so it receives nothing');
  });

  it('says each delivery state in words, and a message given up on in capitals with its reason and the retry', () => {
    expect(deliveryStateWords(delivery({}), time)).toBe('delivered 10:00:01');
    expect(deliveryStateWords(delivery({ state: 'queued', attempts: 2, problem: 'Slack answered 503', nextAttemptAt: '2026-12-02T10:01:00.000Z' }), time)).toBe(
      'queued, next try 10:01:00 (Slack answered 503)',
    );
    expect(deliveryStateWords(delivery({ state: 'held' }), time)).toMatch(/^held by quiet hours/);
    const failed = delivery({ id: 'q9', state: 'not_delivered', attempts: 3, problem: 'the webhook no longer exists (404)' });
    expect(deliveryStateWords(failed, time)).toBe('NOT DELIVERED: the webhook no longer exists (404) (statusdesk alerts retry q9)');
    const text = deliveriesText([failed, delivery({ changes: 12, test: true })], time);
    expect(text.split('\n')[0]).toBe('Delivery log, newest first (2 messages, 1 NOT DELIVERED):');
    expect(text).toContain('Ops  test: Major outage: Logins fail [12 changes]: delivered 10:00:01');
    expect(text).toContain('after 3 attempts');
    expect(deliveriesText([], time)).toBe('Delivery log: nothing sent yet.');
  });
});

describe('alerts rule options', () => {
  const destination = view.destinations[0]!;

  it('names pages as the dashboard does, reads the level, the updates and quiet hours', () => {
    const rule = ruleFromOptions(destination, { pages: ['acme production', 'beta'], minLevel: 'MAJOR', onlyOpenResolve: true, quiet: '22:00-7:00' }, pages);
    expect(rule).toEqual({
      destinationId: 'd1',
      pageIds: [pages[0]!.id, pages[1]!.id],
      minSeverity: 'major',
      updates: 'open-and-resolve',
      quietHours: { from: '22:00', to: '07:00' },
      enabled: true,
    });
    expect(ruleFromOptions(destination, {}, pages)).toMatchObject({ pageIds: null, updates: 'all', quietHours: null });
  });

  it('refuses an unknown page, level or range with what it takes', () => {
    expect(() => ruleFromOptions(destination, { pages: ['gamma'] }, pages)).toThrow(/no watched page "gamma" \(watched: Acme production, beta\)/);
    expect(() => ruleFromOptions(destination, { minLevel: 'critical' }, pages)).toThrow(/--min-level must be one of operational, maintenance, minor, major/);
    expect(() => quietHours('10pm-7am')).toThrow(/HH:MM-HH:MM/);
    expect(() => ruleFromOptions(destination, { quiet: '25:00-07:00' }, pages)).toThrow(/HH:MM/);
    expect(quietHours('off')).toBeNull();
  });
});
