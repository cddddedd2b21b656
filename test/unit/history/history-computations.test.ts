import { describe, expect, it } from 'vitest';
import { availability, availabilityWindows, percentText } from '@shared/history/availability';
import { dayBuckets, localDays, zoneOffsetMs } from '@shared/history/day-buckets';
import { overlapAcross } from '@shared/history/overlap';
import type { HistorySegment, PageHistory } from '@shared/history/page-history';

const H = 3_600_000;
const D = 24 * H;
const T0 = Date.parse('2026-11-01T00:00:00Z');

function seg(startH: number, endH: number, level: HistorySegment['level']): HistorySegment {
  return { start: T0 + startH * H, end: T0 + endH * H, level };
}

describe('availability as observed', () => {
  it('leaves unobserved time out of both sides', () => {
    // 10 h observed (2 of them major), 14 h not observed: 80 %, not 8/24.
    const result = availability([seg(0, 8, 'operational'), seg(8, 10, 'major')], T0, T0 + 24 * H);
    expect(result.observedMs).toBe(10 * H);
    expect(result.majorMs).toBe(2 * H);
    expect(result.percent).toBeCloseTo(80);
  });

  it('counts announced maintenance as up and a minor incident against', () => {
    const result = availability([seg(0, 1, 'scheduled'), seg(1, 2, 'minor'), seg(2, 4, 'operational')], T0, T0 + 4 * H);
    expect(result.percent).toBeCloseTo(75);
    expect(result.minorMs).toBe(H);
  });

  it('says nothing when nothing was observed, and cuts segments at the window', () => {
    expect(availability([], T0, T0 + D).percent).toBeNull();
    expect(availability([seg(-5, 5, 'major')], T0, T0 + 10 * H).majorMs).toBe(5 * H);
    const windows = availabilityWindows([seg(0, 24 * 10 - 1, 'operational'), seg(24 * 10 - 1, 24 * 10, 'major')], T0 + 10 * D);
    expect(windows['24h'].percent).toBeCloseTo((100 * 23) / 24, 1);
    expect(windows['90d'].observedMs).toBeGreaterThan(windows['7d'].observedMs);
  });

  it('words a percentage without claiming 100 it is not', () => {
    expect(percentText(100)).toBe('100 %');
    expect(percentText(99.996)).toBe('99.99 %');
    expect(percentText(97.25)).toBe('97.3 %');
    expect(percentText(null)).toBe('not observed');
  });
});

describe('day buckets in a time zone', () => {
  it('splits days at local midnight, 23 and 25 hours long across a DST change', () => {
    // Europe/Berlin leaves summer time on 2026-10-25 (25 h) and enters it on 2026-03-29 (23 h).
    const autumn = localDays(Date.parse('2026-10-24T12:00:00Z'), Date.parse('2026-10-26T12:00:00Z'), 'Europe/Berlin');
    expect(autumn.map((d) => d.day)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(autumn[1]!.start).toBe(Date.parse('2026-10-24T22:00:00Z'));
    expect(autumn[1]!.end - autumn[1]!.start).toBe(25 * H);
    const spring = localDays(Date.parse('2026-03-29T06:00:00Z'), Date.parse('2026-03-29T07:00:00Z'), 'Europe/Berlin');
    expect(spring[0]!.end - spring[0]!.start).toBe(23 * H);
    expect(zoneOffsetMs(Date.parse('2026-07-01T00:00:00Z'), 'Europe/Berlin')).toBe(2 * H);
  });

  it('colours a day by its worst observed level, null when none of it was observed', () => {
    const now = Date.parse('2026-11-03T12:00:00Z');
    const segments = [
      { start: Date.parse('2026-11-01T08:00:00Z'), end: Date.parse('2026-11-01T20:00:00Z'), level: 'operational' as const },
      { start: Date.parse('2026-11-01T20:00:00Z'), end: Date.parse('2026-11-01T21:00:00Z'), level: 'minor' as const },
      { start: Date.parse('2026-11-03T00:00:00Z'), end: now, level: 'operational' as const },
    ];
    const utc = dayBuckets(segments, now, 3, 'UTC');
    expect(utc.map((b) => [b.day, b.worst])).toEqual([
      ['2026-11-01', 'minor'],
      ['2026-11-02', null],
      ['2026-11-03', 'operational'],
    ]);
    // In Tokyo (UTC+9) the minor hour (20:00–21:00 UTC) falls on the next local day.
    const tokyo = dayBuckets(segments, now, 3, 'Asia/Tokyo');
    expect(tokyo.map((b) => [b.day, b.worst])).toEqual([
      ['2026-11-01', 'operational'],
      ['2026-11-02', 'minor'],
      ['2026-11-03', 'operational'],
    ]);
  });

  it('gives 90 buckets for 90 days across a DST change', () => {
    const buckets = dayBuckets([], Date.parse('2026-11-27T12:00:00Z'), 90, 'America/New_York');
    expect(buckets).toHaveLength(90);
    expect(buckets.at(-1)!.day).toBe('2026-11-27');
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.start).toBe(buckets[i - 1]!.end);
  });
});

describe('what else was down then', () => {
  const page = (name: string, components: PageHistory['components'], incidents: PageHistory['incidents'] = []): PageHistory => ({
    pageId: name,
    name,
    provider: true,
    from: T0,
    to: T0 + 10 * H,
    overall: { key: 'page', name: 'Overall', segments: [seg(0, 10, 'operational')] },
    components,
    incidents,
  });

  it('lists degraded components and incidents overlapping the window, worst first, cut to it', () => {
    const result = overlapAcross(
      [
        page('Nimbus', [
          { key: 's1', name: 'Storage', segments: [seg(0, 2, 'operational'), seg(2, 5, 'minor'), seg(5, 6, 'major')] },
          { key: 's2', name: 'DNS', segments: [seg(0, 10, 'operational')] },
        ]),
        page(
          'Payflow',
          [{ key: 's3', name: 'API', segments: [seg(8, 9, 'major')] }],
          [
            { id: 7, title: 'Card payments failing', level: 'major', maintenance: false, start: T0 + 4 * H, resolved: null },
            { id: 8, title: 'Planned', level: 'scheduled', maintenance: true, start: T0 + 4 * H, resolved: T0 + 5 * H },
          ],
        ),
      ],
      T0 + 4 * H,
      T0 + 7 * H,
    );
    expect(result.rows.map((r) => [r.pageName, r.kind, r.name, r.level])).toEqual([
      ['Nimbus', 'component', 'Storage', 'major'],
      ['Payflow', 'incident', 'Card payments failing', 'major'],
    ]);
    expect(result.rows[0]!.start).toBe(T0 + 4 * H);
    expect(result.rows[0]!.end).toBe(T0 + 6 * H);
    // Still open: it lasts to the end of the window.
    expect(result.rows[1]!.end).toBe(T0 + 7 * H);
    expect(result.unobservedPages).toEqual([]);
  });

  it('names the pages it cannot speak for, and bounds the rows', () => {
    const quiet = { ...page('Quiet', []), overall: { key: 'page', name: 'Overall', segments: [seg(0, 1, 'operational')] } };
    const busy = page(
      'Busy',
      Array.from({ length: 10 }, (_, i) => ({ key: `s${i}`, name: `C${i}`, segments: [seg(2, 3, 'minor')] })),
    );
    const result = overlapAcross([quiet, busy], T0 + 2 * H, T0 + 3 * H, 4);
    expect(result.unobservedPages).toEqual(['Quiet']);
    expect(result.rows).toHaveLength(4);
    expect(result.more).toBe(6);
    expect(result.pages).toBe(2);
  });

  it('says when there is no provider page to compare with, apart from one that was quiet', () => {
    expect(overlapAcross([], T0, T0 + H)).toMatchObject({ pages: 0, rows: [], unobservedPages: [] });
  });
});
