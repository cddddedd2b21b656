import { describe, expect, it } from 'vitest';
import { MAX_CSV_POINTS, parseMetricCsv } from '../../../shared/admin/metric-csv';
import { parseMetricTime } from '../../../shared/admin/metric-time';

describe('metric CSV', () => {
  it('reads time,value lines in order: header, unix seconds, ISO with and without zone, blank lines', () => {
    const result = parseMetricCsv('time,value\r\n1717243200,120\n\n2024-06-01T12:05:00Z,118.5\n"2024-06-01 12:10",-1e2\n2024-06-01T14:15:00+02:00,0\n');
    expect(result.errors).toEqual([]);
    expect(result.points).toEqual([
      { line: 2, time: 1717243200, value: 120 },
      { line: 4, time: 1717243500, value: 118.5 },
      { line: 5, time: 1717243800, value: -100 },
      { line: 6, time: 1717244100, value: 0 },
    ]);
  });

  it('names every bad line by its number', () => {
    const { errors } = parseMetricCsv('1717243200,120\n1717243200\nyesterday,3\n1717243200,12 ms\n1717243200000,1\n1,2,3');
    expect(errors).toEqual([
      { line: 2, message: 'expected two fields, time,value, but found 1' },
      { line: 3, message: '"yesterday" is not a time: use unix seconds or ISO 8601, such as 2025-06-01T12:00:00Z' },
      { line: 4, message: '"12 ms" is not a number' },
      { line: 5, message: '"1717243200000" looks like milliseconds; use unix seconds' },
      { line: 6, message: 'expected two fields, time,value, but found 3' },
    ]);
  });

  it('refuses an empty paste and more points than one batch may hold', () => {
    expect(parseMetricCsv(' \n time,value \n').errors).toEqual([{ line: 1, message: 'no data points: paste lines of time,value' }]);
    const many = Array.from({ length: MAX_CSV_POINTS + 1 }, (_, i) => `${i},1`).join('\n');
    expect(parseMetricCsv(many).errors).toEqual([{ line: MAX_CSV_POINTS + 1, message: 'at most 5,000 points at once; split the file' }]);
  });

  it('reads a naive ISO time as UTC, as the API does', () => {
    expect(parseMetricTime('2024-06-01T12:00:00')).toEqual({ ok: true, seconds: 1717243200 });
    expect(parseMetricTime('2024-02-30T12:00:00').ok).toBe(false);
  });
});
