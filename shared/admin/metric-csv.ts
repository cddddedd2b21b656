import { parseMetricTime, parseMetricValue } from './metric-time';

/** One data point and the line it came from. */
export interface MetricPoint {
  line: number;
  time: number;
  value: number;
}

export interface MetricCsvError {
  line: number;
  message: string;
}

export interface MetricCsvResult {
  points: MetricPoint[];
  errors: MetricCsvError[];
}

/** Each point is one outbox write; a bigger file is better sent as several. */
export const MAX_CSV_POINTS = 5_000;

const HEADER = /^\s*"?time"?\s*,\s*"?value"?\s*$/i;

const unquote = (field: string): string => field.trim().replace(/^"(.*)"$/, '$1');

/**
 * `time,value` lines, as pasted or read from a CSV file: an optional header line, blank lines ignored,
 * time as unix seconds or ISO 8601, value a number. Every line is checked, so the user sees all problems
 * with their line numbers at once; the caller queues nothing unless `errors` is empty.
 */
export function parseMetricCsv(text: string): MetricCsvResult {
  const points: MetricPoint[] = [];
  const errors: MetricCsvError[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let seenContent = false;
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    if (!seenContent && HEADER.test(raw)) {
      seenContent = true;
      return;
    }
    seenContent = true;
    const fields = raw.split(',');
    if (fields.length !== 2) {
      errors.push({ line, message: `expected two fields, time,value, but found ${fields.length}` });
      return;
    }
    const time = parseMetricTime(unquote(fields[0]!));
    const value = parseMetricValue(unquote(fields[1]!));
    if (!time.ok) errors.push({ line, message: time.message });
    else if (!value.ok) errors.push({ line, message: value.message });
    else points.push({ line, time: time.seconds, value: value.value });
  });
  if (points.length === 0 && errors.length === 0) errors.push({ line: 1, message: 'no data points: paste lines of time,value' });
  if (points.length > MAX_CSV_POINTS) {
    errors.push({ line: points[MAX_CSV_POINTS]!.line, message: `at most ${MAX_CSV_POINTS.toLocaleString('en')} points at once; split the file` });
  }
  return { points, errors };
}
