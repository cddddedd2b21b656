import { defineStore } from 'pinia';
import { ref } from 'vue';
import { metricIdSchema, metricPointFormSchema } from '@shared/admin/forms/metric-point-form';
import { parseMetricCsv, type MetricCsvError } from '@shared/admin/metric-csv';
import type { AdminScope } from '@shared/admin/scope';
import { MAX_ENQUEUE_BATCH } from '@shared/outbox/requests';
import { sendingTimeWords } from '@shared/statuspal/rate-limit';
import { ApiError, messageOf } from '@/api';
import { fieldErrors } from '@/lib/field-errors';
import { useOutboxStore } from './outbox';

/**
 * Data points for custom metrics. The API only adds points (no list, no edit), so what the screen shows is
 * what this app queued: each point is one outbox write to addMetricEntry, queued in the order given (a file
 * 1,000 points per call), and the outbox sends the points of one metric in that order.
 */
export const useAdminMetrics = defineStore('adminMetrics', () => {
  const metricId = ref('');
  const time = ref('');
  const value = ref('');
  const csv = ref('');
  const csvName = ref<string | null>(null);
  const errors = ref<Record<string, string>>({});
  const csvErrors = ref<MetricCsvError[]>([]);
  const queueing = ref(false);
  const queued = ref(0);
  const toQueue = ref(0);
  const message = ref<string | null>(null);
  const failure = ref<string | null>(null);

  /** The metric id, checked; sets its error otherwise. */
  function metric(): number | null {
    const parsed = metricIdSchema.safeParse(metricId.value);
    if (parsed.success) {
      delete errors.value.metricId;
      return parsed.data;
    }
    errors.value = { ...errors.value, metricId: parsed.error.issues[0]?.message ?? 'Enter the metric id.' };
    return null;
  }

  async function queuePoint(scope: AdminScope) {
    errors.value = {};
    message.value = null;
    failure.value = null;
    const id = metric();
    const parsed = metricPointFormSchema(() => Math.floor(Date.now() / 1000)).safeParse({ time: time.value, value: value.value });
    if (!parsed.success) errors.value = { ...errors.value, ...fieldErrors(parsed.error) };
    if (id === null || !parsed.success) return;
    if (await queue(scope, [{ metricId: id, ...parsed.data }])) {
      value.value = '';
      time.value = '';
      message.value = 'The data point is queued.';
    }
  }

  /**
   * Checks every line first: one bad line and nothing is queued. A file with a metric column (metric_id,time,value)
   * names each point's metric; a file of time,value lines goes to the metric id of the form.
   */
  async function queueCsv(scope: AdminScope) {
    errors.value = {};
    message.value = null;
    failure.value = null;
    const parsed = parseMetricCsv(csv.value);
    csvErrors.value = parsed.errors;
    const id = parsed.namesMetrics ? null : metric();
    if (parsed.errors.length > 0 || (!parsed.namesMetrics && id === null)) return;
    const points = parsed.points.map((p) => ({ metricId: p.metricId ?? id!, time: p.time, value: p.value, line: p.line }));
    if (await queue(scope, points)) {
      const n = points.length;
      const metrics = parsed.namesMetrics ? parsed.metricIds.length : 1;
      const what = `${n.toLocaleString('en')} point${n === 1 ? '' : 's'}${metrics > 1 ? ` of ${metrics} metrics` : ''}`;
      message.value = `${what} queued, to be sent in order; sending takes ${sendingTimeWords(n)} at the API’s rate.`;
      csv.value = '';
      csvName.value = null;
    }
  }

  /**
   * Queues the points in the order given, a chunk at a time (one call, one fsync each): the queue order is the
   * send order. Counts progress as chunks are durable; a refused chunk stops the rest (the ones before it stay).
   */
  async function queue(scope: AdminScope, points: ReadonlyArray<{ metricId: number; time: number; value: number; line?: number }>): Promise<boolean> {
    if (scope.kind !== 'page') return false;
    const outbox = useOutboxStore();
    queueing.value = true;
    queued.value = 0;
    toQueue.value = points.length;
    const write = (point: { metricId: number; time: number; value: number }) => ({
      accountId: scope.accountId,
      operation: 'addMetricEntry',
      input: { subdomain: scope.subdomain, metricId: point.metricId, entry: { time: point.time, value: point.value } },
    });
    try {
      if (points.length === 1) await outbox.enqueue(write(points[0]!));
      for (let from = 0; points.length > 1 && from < points.length; from += MAX_ENQUEUE_BATCH) {
        const chunk = points.slice(from, from + MAX_ENQUEUE_BATCH);
        try {
          await outbox.enqueueMany(chunk.map(write));
        } catch (error) {
          // The core names the write of the chunk it refused; the user knows it by its line.
          const index = error instanceof ApiError ? Number(/^Write ([\d,]+) of/.exec(error.message)?.[1]?.replace(/,/g, '') ?? NaN) - 1 : NaN;
          const line = chunk[index]?.line;
          throw line === undefined || !(error instanceof ApiError) ? error : new ApiError({ code: error.code, message: `line ${line}: ${error.message}` });
        }
        queued.value += chunk.length;
      }
      queued.value = points.length;
      return true;
    } catch (error) {
      failure.value = `${queued.value.toLocaleString('en')} of ${points.length.toLocaleString('en')} points were queued; the rest were not: ${messageOf(error)}`;
      return false;
    } finally {
      queueing.value = false;
    }
  }

  function loadFile(name: string, text: string) {
    csv.value = text;
    csvName.value = name;
    csvErrors.value = [];
  }

  return { metricId, time, value, csv, csvName, errors, csvErrors, queueing, queued, toQueue, message, failure, queuePoint, queueCsv, loadFile };
});
