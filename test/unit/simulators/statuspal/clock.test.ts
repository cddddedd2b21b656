import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime, SimClock } from '../../../../simulators/statuspal/clock';

describe('simulated clock', () => {
  it('frozen: stays put until advanced or set', () => {
    const c = new SimClock(new Date('2025-01-01T00:00:00Z'), true);
    expect(c.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
    c.advance(90_000);
    expect(formatDateTime(c.nowMs())).toBe('2025-01-01T00:01:30');
    c.set(new Date('2024-12-31T23:00:00Z'));
    expect(formatDateTime(c.nowMs())).toBe('2024-12-31T23:00:00');
    expect(() => c.advance(-1)).toThrow(RangeError);
    expect(() => c.advance(Number.NaN)).toThrow(RangeError);
  });

  it('running: follows real time from its start', async () => {
    const c = new SimClock(new Date('2025-01-01T00:00:00Z'), false);
    const t0 = c.nowMs();
    await new Promise((r) => setTimeout(r, 20));
    expect(c.nowMs()).toBeGreaterThan(t0);
    c.setFrozen(true);
    const t1 = c.nowMs();
    await new Promise((r) => setTimeout(r, 20));
    expect(c.nowMs()).toBe(t1);
  });
});

describe('datetimes', () => {
  it('formats as YYYY-MM-DDThh:mm:ss in UTC without a zone', () => {
    expect(formatDateTime(Date.UTC(2025, 6, 18, 8, 49, 50, 999))).toBe('2025-07-18T08:49:50');
  });

  it('parses naive datetimes as UTC and tolerates common ISO forms', () => {
    const t = Date.UTC(2025, 6, 18, 8, 49, 50);
    expect(parseDateTime('2025-07-18T08:49:50')).toBe(t);
    expect(parseDateTime('2025-07-18 08:49:50')).toBe(t);
    expect(parseDateTime('2025-07-18T08:49:50Z')).toBe(t);
    expect(parseDateTime('2025-07-18T08:49:50.000Z')).toBe(t);
    expect(parseDateTime('2025-07-18T10:49:50+02:00')).toBe(t);
    expect(parseDateTime('2025-07-18T08:49')).toBe(t - 50_000);
  });

  it('rejects what is not a datetime', () => {
    for (const s of ['', 'yesterday', '2025-13-01T00:00:00', '2025-04-31T00:00:00', '2025-01-01', '2025-01-01T24:00:00']) {
      expect([s, parseDateTime(s)]).toEqual([s, null]);
    }
  });
});
