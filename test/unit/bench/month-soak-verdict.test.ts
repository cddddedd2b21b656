import { describe, expect, it } from 'vitest';
import { slopePerDay, whatGrows, type DaySample } from '../../../bench/soak/month-soak.bench';

/*
 * The month soak's verdict: a collection that is full (a saw-tooth under its cap) passes; one that is still
 * higher in the last week than ever before, or above the pages watched on any day, fails and is named.
 */

function month(change: (day: number, sample: DaySample) => void = () => undefined): DaySample[] {
  return Array.from({ length: 30 }, (_, i) => {
    const day = i + 1;
    const sample: DaySample = {
      day,
      heapMb: 30 + (day % 3) * 0.01,
      rssMb: 160,
      dataKb: 500 + (day % 7) * 40,
      dataFiles: 5,
      historyFiles: 13,
      largestHistoryKb: day * 2,
      footprint: { watchedPages: 12, dashboardPages: 12, historyLivePages: 12, historyHeartbeats: 12, outboxEntries: 100 + (day % 7) * 7 },
    };
    change(day, sample);
    return sample;
  });
}

describe('the month soak says what still grows', () => {
  it('a steady month with saw-tooth files and lists under their caps passes', () => {
    expect(whatGrows(month())).toEqual([]);
  });

  it('a list that keeps growing in the last week is named', () => {
    const samples = month((day, s) => (s.footprint.followedIncidents = day * 6));
    expect(whatGrows(samples)).toEqual(['followedIncidents: at least 144 all the last week, at most 138 before']);
  });

  it('a file that jumps well above its saw-tooth in the last week is named', () => {
    const samples = month((day, s) => (s.dataKb = day === 28 ? 2_000 : s.dataKb));
    expect(whatGrows(samples)).toEqual(['data folder without the history (KB): 2000 in the last week, at most 740 before']);
  });

  it('a dashboard holding removed pages, or more history files than pages, is named on its day', () => {
    const samples = month((day, s) => {
      if (day === 10) s.footprint.dashboardPages = 40;
      if (day === 11) s.historyFiles = 30;
    });
    expect(whatGrows(samples)).toEqual(['day 10: dashboardPages 40 for 12 watched pages', 'day 11: 30 history files for 12 watched pages']);
  });

  it('a heap that still grows in the last week is named; the slope is per day', () => {
    expect(slopePerDay([10, 12, 14, 16])).toBe(2);
    const samples = month((day, s) => (s.heapMb = 30 + day * 0.5));
    expect(whatGrows(samples)).toEqual([expect.stringMatching(/^heap after GC: \+512 KB a day in the last week$/)]);
  });
});
