import { afterEach, describe, expect, it } from 'vitest';
import type { AlertRule } from '../../../../shared/alerts/alert-rule';
import { setTimeZoneMode } from '../../../../renderer/src/lib/api-time';
import { deliveryStateWords, MIN_LEVEL_CHOICES, newSigningSecret, problemWords, ruleSummary, testOutcomeWords } from '../../../../renderer/src/lib/alert-words';

/* The Alerts screen's words: states, test outcomes and rules as people read them, times in the chosen zone. */

const NOW = Date.parse('2026-11-25T20:00:00Z');
const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
  setTimeZoneMode('local');
});

const rule = (fields: Partial<AlertRule> = {}): AlertRule => ({
  id: 'r1',
  destinationId: 'd1',
  pageIds: null,
  services: [],
  minSeverity: 'minor',
  updates: 'all',
  quietHours: null,
  enabled: true,
  ...fields,
});

describe('delivery states in words', () => {
  it('says Queued, Delivered and Not delivered', () => {
    expect(deliveryStateWords({ state: 'queued', nextAttemptAt: null })).toBe('Queued');
    expect(deliveryStateWords({ state: 'delivered', nextAttemptAt: null })).toBe('Delivered');
    expect(deliveryStateWords({ state: 'not_delivered', nextAttemptAt: null })).toBe('Not delivered');
  });

  it.each([
    ['America/New_York', /^Held \(quiet hours until .*?\b0?1:00\b.*EST\)$/],
    ['Europe/Berlin', /^Held \(quiet hours until .*?\b0?7:00\b.*(CET|UTC\+01:00)\)$/],
  ])('says until when quiet hours hold a message, in the zone shown (%s)', (zone, expected) => {
    process.env.TZ = zone;
    const until = '2026-11-26T06:00:00Z';
    expect(deliveryStateWords({ state: 'held', nextAttemptAt: until }, NOW)).toMatch(expected);
    setTimeZoneMode('utc');
    expect(deliveryStateWords({ state: 'held', nextAttemptAt: until }, NOW)).toMatch(/^Held \(quiet hours until .*?\b0?6:00\b.*UTC\)$/);
  });
});

describe('the test outcome', () => {
  const base = { destinationName: '#ops', problem: null, nextAttemptAt: null };
  it('names the destination when delivered, the reason when not', () => {
    expect(testOutcomeWords({ ...base, state: 'delivered' })).toBe('Delivered: #ops accepted the test message.');
    expect(testOutcomeWords({ ...base, state: 'not_delivered', problem: 'Slack refused it: invalid_token (403).' })).toBe(
      'Not delivered: Slack refused it: invalid_token (403).',
    );
    expect(testOutcomeWords({ ...base, state: 'not_delivered', problem: 'Not delivered: the Slack webhook was removed (no_service).' })).toBe(
      'Not delivered: The Slack webhook was removed (no_service).',
    );
    expect(testOutcomeWords({ ...base, state: 'queued', problem: 'Slack asked to wait (429).' })).toMatch(
      /^Queued: not delivered yet \(Slack asked to wait \(429\)\.\)/,
    );
  });
});

describe('why a delivery failed', () => {
  it('does not say Not delivered twice beside its state', () => {
    expect(problemWords('Not delivered: the hook is gone.')).toBe('The hook is gone.');
    expect(problemWords('Slack asked to wait (429).')).toBe('Slack asked to wait (429).');
  });
});

describe('a rule in one line', () => {
  const names: Record<string, string> = { p1: 'Acme', p2: 'Globex' };
  it('says pages, level, updates and quiet hours', () => {
    expect(ruleSummary(rule(), (id) => names[id])).toBe('Every watched page · Minor incident or worse · every update');
    expect(
      ruleSummary(
        rule({
          pageIds: ['p1', 'gone'],
          services: [{ pageId: 'p1', serviceId: 3 }],
          minSeverity: 'major',
          updates: 'open-and-resolve',
          quietHours: { from: '22:00', to: '07:00' },
          enabled: false,
        }),
        (id) => names[id],
      ),
    ).toBe('Acme, a page no longer watched · 1 service · Major outage or worse · openings and resolutions only · quiet 22:00–07:00 · off');
  });

  it('offers every level in the app’s level words', () => {
    expect(MIN_LEVEL_CHOICES.map((choice) => choice.label)).toEqual([
      'Every change (recoveries too)',
      'Maintenance or worse',
      'Minor incident or worse',
      'Major outage or worse',
    ]);
  });
});

describe('a webhook signing secret', () => {
  it('is 32 random bytes in base64url, a new one each time', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSigningSecret()).not.toBe(secret);
    expect(newSigningSecret((bytes) => bytes.fill(255))).toBe('_'.repeat(42) + '8');
  });
});
