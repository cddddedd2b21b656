import { describe, expect, it } from 'vitest';
import { ServerClock } from '../../../electron/core/statuspal-client/server-clock';

describe("the server's clock, from its Date headers", () => {
  it('is unknown until a Date header is seen, and then moves local moments onto the server clock', () => {
    const clock = new ServerClock();
    expect(clock.offsetMs).toBeNull();
    expect(clock.toServerTime(1_000)).toBe(1_000);
    const local = Date.parse('2026-11-24T12:00:00.000Z');
    clock.observe('Tue, 24 Nov 2026 13:00:00 GMT', local); // the server is an hour ahead
    expect(clock.offsetMs).toBe(3_600_500);
    expect(clock.toServerTime(local + 10_000)).toBe(local + 10_000 + 3_600_500);
  });

  it('ignores a missing or unreadable header and keeps the last good offset', () => {
    const clock = new ServerClock();
    clock.observe('Tue, 24 Nov 2026 11:00:00 GMT', Date.parse('2026-11-24T12:00:00.000Z'));
    for (const bad of [null, undefined, '', 'yesterday-ish']) clock.observe(bad, 0);
    expect(clock.offsetMs).toBe(-3_599_500);
  });
});
