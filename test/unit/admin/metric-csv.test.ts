import { describe, expect, it } from 'vitest';
import { MAX_CSV_METRICS, MAX_POINTS_PER_METRIC, parseMetricCsv } from '../../../shared/admin/metric-csv';
import { sendingTimeWords } from '../../../shared/statuspal/rate-limit';
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

  it('refuses an empty paste, a header without time or value, and a metric beyond a month of 5-minute points', () => {
    expect(parseMetricCsv(' \n time,value \n').errors).toEqual([{ line: 1, message: 'no data points: paste lines of time,value or metric_id,time,value' }]);
    expect(parseMetricCsv('metric_id,when,value\n1,2,3').errors[0]).toEqual({
      line: 1,
      message: 'the header needs a time and a value column; it has metric_id, when, value',
    });
    const month = Array.from({ length: MAX_POINTS_PER_METRIC }, (_, i) => `${1717243200 + i * 300},1`);
    expect(parseMetricCsv(month.join('\n')).errors).toEqual([]);
    const tooMany = [...month, '1,1', '2,1'];
    expect(parseMetricCsv(tooMany.join('\n')).errors).toEqual([
      { line: MAX_POINTS_PER_METRIC + 1, message: 'more than 8,928 points (31 days of 5-minute points); split the file' },
    ]);
  });

  it('reads several metrics from a metric_id column: 30 days of 5-minute points each, in the file’s order', () => {
    const start = 1717200000;
    const lines = ['metric_id,time,value'];
    for (const metric of [7, 3, 12, 5, 9]) for (let i = 0; i < 8_640; i++) lines.push(`${metric},${start + i * 300},${i % 100}`);
    const result = parseMetricCsv(lines.join('\n'));
    expect(result.errors).toEqual([]);
    expect([result.points.length, result.namesMetrics, result.metricIds]).toEqual([43_200, true, [7, 3, 12, 5, 9]]);
    expect(result.points[8_640]).toEqual({ line: 8_642, metricId: 3, time: start, value: 0 });
    expect(sendingTimeWords(result.points.length)).toBe('about 1 h 12 min');
    expect([sendingTimeWords(8_640), sendingTimeWords(3), sendingTimeWords(36_000)]).toEqual(['about 14 min', 'less than a minute', 'about 1 h']);
  });

  it('takes the columns in any order by their header, ignores an export’s other columns, and reads three fields without a header as metric_id,time,value', () => {
    const exported = 'metric_id,time,value,state,queued_at\n4,1717243200,1.5,sent,2024-06-01T12:00:00Z\n4,1717243500,2,pending,2024-06-01T12:00:00Z';
    expect(parseMetricCsv(exported).points).toEqual([
      { line: 2, metricId: 4, time: 1717243200, value: 1.5 },
      { line: 3, metricId: 4, time: 1717243500, value: 2 },
    ]);
    expect(parseMetricCsv('"value","time","metric"\n10,1717243200,2').points).toEqual([{ line: 2, metricId: 2, time: 1717243200, value: 10 }]);
    const bare = parseMetricCsv('1,1717243200,5\n2,1717243200,6');
    expect([bare.namesMetrics, bare.metricIds, bare.points.map((p) => p.metricId)]).toEqual([true, [1, 2], [1, 2]]);
    const old = parseMetricCsv('1717243200,5');
    expect([old.namesMetrics, old.metricIds, old.points]).toEqual([false, [], [{ line: 1, time: 1717243200, value: 5 }]]);
  });

  it('names each bad row of a multi-metric file: a metric by name, a missing field, a time given twice, one metric too many', () => {
    const text = ['metric_id,time,value', 'cpu,1717243200,1', '1,1717243200', '1,1717243200,1', '1,1717243200,2', '0,1717243200,1'];
    for (let m = 2; m <= MAX_CSV_METRICS + 2; m++) text.push(`${m},1717243200,1`);
    expect(parseMetricCsv(text.join('\n')).errors).toEqual([
      { line: 2, message: '"cpu" is not a metric id: use the number in the metric’s settings in the dashboard (the API knows metrics by id only)' },
      { line: 3, message: 'expected three fields, metric_id,time,value, but found 2' },
      { line: 5, message: 'the same time of metric 1 as line 4' },
      { line: 6, message: '"0" is not a metric id: use the number in the metric’s settings in the dashboard (the API knows metrics by id only)' },
      { line: 16, message: 'more than 10 metrics in one file (metric 11 is the next); split the file' },
    ]);
  });

  it('reads a naive ISO time as UTC, as the API does', () => {
    expect(parseMetricTime('2024-06-01T12:00:00')).toEqual({ ok: true, seconds: 1717243200 });
    expect(parseMetricTime('2024-02-30T12:00:00').ok).toBe(false);
  });
});
