import { parseMetricTime, parseMetricValue } from './metric-time';

/** One data point and the line it came from; `metricId` when the file names the metric (else the form's field does). */
interface MetricPoint {
  line: number;
  metricId?: number;
  time: number;
  value: number;
}

export interface MetricCsvError {
  line: number;
  message: string;
}

interface MetricCsvResult {
  points: MetricPoint[];
  errors: MetricCsvError[];
  /** The file has a metric column: each point names its metric, and the form's metric id is not needed. */
  namesMetrics: boolean;
  /** The metrics of the file, in the order they first appear (empty when the file does not name them). */
  metricIds: number[];
}

/** 31 days of 5-minute points: a month of one metric in one file. */
export const MAX_POINTS_PER_METRIC = 8_928;
/** Metrics in one file (the large page has 10): 89,280 points at most, about 2 h 29 min at the API's rate. */
export const MAX_CSV_METRICS = 10;

const TIME_NAMES = new Set(['time', 'timestamp']);
const VALUE_NAMES = new Set(['value']);
const METRIC_NAMES = new Set(['metric_id', 'metric', 'metric id', 'metricid']);

interface Layout {
  fields: number;
  metric: number | null;
  time: number;
  value: number;
  /** Said when a line has another number of fields. */
  shape: string;
}

const TIME_VALUE: Layout = { fields: 2, metric: null, time: 0, value: 1, shape: 'two fields, time,value' };
const METRIC_TIME_VALUE: Layout = { fields: 3, metric: 0, time: 1, value: 2, shape: 'three fields, metric_id,time,value' };
const FIELD_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

const unquote = (field: string): string => field.trim().replace(/^"(.*)"$/, '$1');

/** A header line: its fields are names (`time`, `value`, `metric_id`, and columns to ignore such as an export's `state`). */
function headerLayout(fields: string[]): Layout | 'not a header' | { problem: string } {
  const names = fields.map((f) => unquote(f).toLowerCase());
  if (!names.some((n) => TIME_NAMES.has(n) || VALUE_NAMES.has(n) || METRIC_NAMES.has(n))) return 'not a header';
  const time = names.findIndex((n) => TIME_NAMES.has(n));
  const value = names.findIndex((n) => VALUE_NAMES.has(n));
  const metric = names.findIndex((n) => METRIC_NAMES.has(n));
  if (time < 0 || value < 0) return { problem: `the header needs a time and a value column; it has ${names.join(', ')}` };
  const shape = `${FIELD_WORDS[fields.length] ?? fields.length} fields, ${names.join(',')}`;
  return { fields: fields.length, metric: metric < 0 ? null : metric, time, value, shape };
}

function metricIdOf(raw: string): { ok: true; id: number } | { ok: false; message: string } {
  const text = unquote(raw);
  if (/^\d+$/.test(text) && Number(text) > 0 && Number.isSafeInteger(Number(text))) return { ok: true, id: Number(text) };
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return {
    ok: false,
    message:
      text === ''
        ? 'the metric id is empty'
        : `"${shown}" is not a metric id: use the number in the metric’s settings in the dashboard (the API knows metrics by id only)`,
  };
}

/**
 * Data points as pasted or read from a CSV file, in one of two layouts: `time,value` (one metric, the form's
 * metric id) or `metric_id,time,value` (several metrics in one file). A header line may name the columns in any
 * order (`metric`, `time`, `value`; other columns, such as an export's `state` and `queued_at`, are ignored);
 * without one, the first line's field count picks the layout. Blank lines are ignored, time is unix seconds or
 * ISO 8601, value a number. Every line is checked, so the user sees all problems with their line numbers at once;
 * the caller queues nothing unless `errors` is empty. A file holds at most MAX_CSV_METRICS metrics of
 * MAX_POINTS_PER_METRIC points each, and one time once per metric.
 */
export function parseMetricCsv(text: string): MetricCsvResult {
  const points: MetricPoint[] = [];
  const errors: MetricCsvError[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let layout: Layout | null = null;
  /** Per metric ('' for the form's): its points so far and the line of each time, to name a repeated one. */
  const perMetric = new Map<number | '', { count: number; times: Map<number, number>; refused: boolean }>();
  let tooManyMetrics = false;
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const fields = raw.split(',');
    if (layout === null) {
      const header = headerLayout(fields);
      if (header !== 'not a header') {
        if ('problem' in header) {
          errors.push({ line, message: header.problem });
          layout = TIME_VALUE; // read on, so the other lines' problems are said too
        } else layout = header;
        return;
      }
      layout = fields.length === 3 ? METRIC_TIME_VALUE : TIME_VALUE;
    }
    if (fields.length !== layout.fields) {
      errors.push({ line, message: `expected ${layout.shape}, but found ${fields.length}` });
      return;
    }
    const metric = layout.metric === null ? null : metricIdOf(fields[layout.metric]!);
    const time = parseMetricTime(unquote(fields[layout.time]!));
    const value = parseMetricValue(unquote(fields[layout.value]!));
    if (metric && !metric.ok) return void errors.push({ line, message: metric.message });
    if (!time.ok) return void errors.push({ line, message: time.message });
    if (!value.ok) return void errors.push({ line, message: value.message });
    const key = metric ? metric.id : '';
    let seen = perMetric.get(key);
    if (!seen) {
      if (perMetric.size >= MAX_CSV_METRICS) {
        if (!tooManyMetrics) errors.push({ line, message: `more than ${MAX_CSV_METRICS} metrics in one file (metric ${key} is the next); split the file` });
        tooManyMetrics = true;
        return;
      }
      perMetric.set(key, (seen = { count: 0, times: new Map(), refused: false }));
    }
    const metricWords = metric ? ` of metric ${metric.id}` : '';
    const earlier = seen.times.get(time.seconds);
    if (earlier !== undefined) return void errors.push({ line, message: `the same time${metricWords} as line ${earlier}` });
    seen.times.set(time.seconds, line);
    if (++seen.count > MAX_POINTS_PER_METRIC) {
      if (!seen.refused)
        errors.push({
          line,
          message: `more than ${MAX_POINTS_PER_METRIC.toLocaleString('en')} points${metricWords} (31 days of 5-minute points); split the file`,
        });
      seen.refused = true;
      return;
    }
    points.push(metric ? { line, metricId: metric.id, time: time.seconds, value: value.value } : { line, time: time.seconds, value: value.value });
  });
  if (points.length === 0 && errors.length === 0) errors.push({ line: 1, message: 'no data points: paste lines of time,value or metric_id,time,value' });
  const namesMetrics = (layout as Layout | null)?.metric != null;
  return { points, errors, namesMetrics, metricIds: namesMetrics ? [...perMetric.keys()].filter((k): k is number => k !== '') : [] };
}
