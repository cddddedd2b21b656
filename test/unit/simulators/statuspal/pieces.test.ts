import { describe, expect, it } from 'vitest';
import { FaultInjector } from '../../../../simulators/statuspal/faults';
import { RateLimiter } from '../../../../simulators/statuspal/rate-limit';
import { matchesFilter } from '../../../../simulators/statuspal/resources/subscriptions';
import { descriptionToHtml } from '../../../../simulators/statuspal/resources/updates';
import { captureTimeOf } from '../../../../simulators/statuspal/seeds/summary';
import { createPrng, uuidFrom } from '../../../../simulators/statuspal/prng';
import type { Subscription } from '../../../../simulators/statuspal/model';

const sub = (over: Partial<Subscription>): Subscription => ({
  id: 'x',
  seq: 1,
  kind: 'sms',
  email: null,
  phoneCountryCode: null,
  phoneNumber: null,
  webhookUrl: null,
  serviceIds: null,
  insertedAt: 0,
  updatedAt: 0,
  extra: {},
  ...over,
});

describe('subscription filter', () => {
  const phone = sub({ phoneCountryCode: '+41', phoneNumber: '79 123 45 67' });
  const mail = sub({ kind: 'email', email: 'Alice@Example.com' });

  it('matches emails case-insensitively', () => {
    expect(matchesFilter(mail, 'alice@example.com')).toBe(true);
    expect(matchesFilter(mail, 'bob@example.com')).toBe(false);
    expect(matchesFilter(phone, 'alice@example.com')).toBe(false);
  });

  it('matches the three phone forms, ignoring spaces in numbers', () => {
    for (const f of ['+41 79 123 45 67', '+41 791234567', ' +41  79 1234567 ', '+41', '791234567', '79 123 45 67', '+41791234567']) {
      expect([f, matchesFilter(phone, f)]).toEqual([f, true]);
    }
    for (const f of ['+49', '+49 79 123 45 67', '7912345', '+4']) {
      expect([f, matchesFilter(phone, f)]).toEqual([f, false]);
    }
  });
});

describe('rate limiter', () => {
  it('allows `limit` per sliding window and says how long to wait', () => {
    let now = 0;
    const rl = new RateLimiter({ limit: 3, windowMs: 10_000 }, () => now);
    expect([rl.take('a'), rl.take('a'), rl.take('a')]).toEqual([0, 0, 0]);
    now = 2_500;
    expect(rl.take('a')).toBe(8); // oldest leaves at 10 s
    expect(rl.take('b')).toBe(0);
    now = 10_000; // all three from t=0 have left the window
    expect([rl.take('a'), rl.take('a'), rl.take('a')]).toEqual([0, 0, 0]);
    expect(rl.take('a')).toBe(10);
  });

  it('refused requests do not count', () => {
    let now = 0;
    const rl = new RateLimiter({ limit: 1, windowMs: 1000 }, () => now);
    rl.take('k');
    for (let i = 0; i < 10; i++) expect(rl.take('k')).toBeGreaterThan(0);
    now = 1000;
    expect(rl.take('k')).toBe(0);
  });
});

describe('fault injector', () => {
  const q = new URLSearchParams();

  it('is deterministic for a seed', () => {
    const seq = (seed: number) => {
      const f = new FaultInjector(seed);
      f.set({ errorRates: { 500: 0.5 }, resetRate: 0.2 });
      return Array.from({ length: 40 }, () => {
        const d = f.decide('GET', '/api/v2/hello', q, false);
        return `${d.errorStatus}/${d.reset}`;
      });
    };
    expect(seq(3)).toEqual(seq(3));
    expect(seq(3)).not.toEqual(seq(4));
  });

  it('scopes by method and path prefix and expires after `times`', () => {
    const f = new FaultInjector(1);
    f.add({ method: 'post', pathPrefix: '/status_pages/a', errorRates: { 503: 1 }, times: 2 });
    expect(f.decide('GET', '/api/v2/status_pages/a/incidents', q, false).errorStatus).toBeNull();
    expect(f.decide('POST', '/api/v2/status_pages/b/incidents', q, true).errorStatus).toBeNull();
    expect(f.decide('POST', '/api/v2/status_pages/a/incidents', q, true).errorStatus).toBe(503);
    expect(f.decide('POST', '/api/v2/status_pages/a/incidents', q, true).errorStatus).toBe(503);
    expect(f.decide('POST', '/api/v2/status_pages/a/incidents', q, true).errorStatus).toBeNull();
    expect(f.list()).toEqual([]);
  });

  it('drop-after-commit only for writes; latency adds up', () => {
    const f = new FaultInjector(1);
    f.set([{ dropAfterCommitRate: 1, latencyMs: 10 }, { latencyMs: { min: 5, max: 5 } }]);
    expect(f.decide('GET', '/api/v2/x', q, false)).toMatchObject({ dropAfterCommit: false, latencyMs: 15 });
    expect(f.decide('PUT', '/api/v2/x', q, true).dropAfterCommit).toBe(true);
  });
});

describe('small helpers', () => {
  it('renders descriptions as the service does: paragraphs and line breaks, escaped', () => {
    expect(descriptionToHtml('One\r\nTwo\r\n\r\nThree & <four>')).toBe('<p>\nOne  <br />\nTwo</p>\n<p>\nThree &amp; &lt;four&gt;</p>\n');
    expect(descriptionToHtml('')).toBe('');
  });

  it('finds the capture instant of a summary from its stamps and started items', () => {
    expect(
      captureTimeOf({
        status_page: {},
        incidents: [{ starts_at: '2025-01-01T10:00:00', inserted_at: '2025-01-01T09:00:00', updates: [{ posted_at: '2025-01-01T11:00:00' }] }],
        upcoming_maintenances: [{ starts_at: '2030-01-01T00:00:00', updated_at: '2025-01-01T12:00:00' }],
      }),
    ).toBe(Date.UTC(2025, 0, 1, 12));
    expect(captureTimeOf('nope')).toBeNull();
  });

  it('makes version-4 UUIDs from a seeded stream', () => {
    const a = uuidFrom(createPrng(9));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidFrom(createPrng(9))).toBe(a);
  });
});
