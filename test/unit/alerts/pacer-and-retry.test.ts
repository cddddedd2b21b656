import { describe, expect, it } from 'vitest';
import { DestinationPacer, intervalOf } from '../../../electron/core/alerts/delivery/pacer';
import { nextRetry } from '../../../electron/core/alerts/delivery/retry-schedule';
import { DESTINATION_FORMATS } from '../../../electron/core/alerts/destinations/destination-formats';

describe('each destination’s pace, on a fake clock', () => {
  it('Slack: one request a second, counted from the previous answer', () => {
    const pacer = new DestinationPacer();
    const pace = { intervalMs: intervalOf(DESTINATION_FORMATS.slack.rateLimit) };
    expect(pace.intervalMs).toBe(1_000);
    expect(pacer.readyAt('s', pace)).toBe(Number.NEGATIVE_INFINITY);
    pacer.ended('s', 10_250);
    expect(pacer.readyAt('s', pace)).toBe(11_250);
    expect(pacer.readyAt('other', pace)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('a Retry-After pauses the destination past its pace, and never shortens an earlier pause', () => {
    const pacer = new DestinationPacer();
    pacer.ended('s', 0);
    pacer.pause('s', 30_000);
    pacer.pause('s', 5_000);
    expect(pacer.readyAt('s', { intervalMs: 1_000 })).toBe(30_000);
  });

  it('PagerDuty’s 120 a minute is one every half second; Teams two a second', () => {
    expect(intervalOf(DESTINATION_FORMATS.pagerduty.rateLimit)).toBe(500);
    expect(intervalOf(DESTINATION_FORMATS.teams.rateLimit)).toBe(500);
  });
});

describe('when a failed alert is tried again', () => {
  const schedule = { backoff: { baseMs: 1_000, maxMs: 60_000 }, giveUpAfterMs: 3_600_000, random: () => 0 };

  it('backs off (equal jitter: never sooner than half the step) and doubles', () => {
    expect(nextRetry(1, 0, 0, null, schedule)).toEqual({ kind: 'retry', at: 500, retryAfterMs: null });
    expect(nextRetry(3, 0, 0, null, schedule)).toEqual({ kind: 'retry', at: 2_000, retryAfterMs: null });
  });

  it('waits out a Retry-After in full when it is longer than the backoff', () => {
    expect(nextRetry(1, 0, 100, '7', schedule)).toEqual({ kind: 'retry', at: 7_100, retryAfterMs: 7_000 });
  });

  it('gives up once the failures have lasted the give-up time', () => {
    expect(nextRetry(40, 0, 3_600_000, null, schedule)).toEqual({ kind: 'give_up' });
    expect(nextRetry(2, 0, 3_599_900, null, schedule)).toEqual({ kind: 'give_up' });
  });
});
