import { defineStore } from 'pinia';
import { ref } from 'vue';
import { metricIdSchema, metricPointFormSchema } from '@shared/admin/forms/metric-point-form';
import { parseMetricCsv, type MetricCsvError } from '@shared/admin/metric-csv';
import type { AdminScope } from '@shared/admin/scope';
import { messageOf } from '@/api';
import { fieldErrors } from '@/lib/field-errors';
import { useOutboxStore } from './outbox';

/**
 * Data points for custom metrics. The API only adds points (no list, no edit), so what the screen shows is
 * what this app queued: each point is one outbox write to addMetricEntry, queued in the order given, and
 * the outbox sends the points of one metric in that order.
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
    if (await queue(scope, id, [parsed.data])) {
      value.value = '';
      time.value = '';
      message.value = 'The data point is queued.';
    }
  }

  /** Checks every line first: one bad line and nothing is queued. */
  async function queueCsv(scope: AdminScope) {
    errors.value = {};
    message.value = null;
    failure.value = null;
    const id = metric();
    const { points, errors: lineErrors } = parseMetricCsv(csv.value);
    csvErrors.value = lineErrors;
    if (id === null || lineErrors.length > 0) return;
    if (await queue(scope, id, points)) {
      message.value = `${points.length} data point${points.length === 1 ? '' : 's'} queued, to be sent in order.`;
      csv.value = '';
      csvName.value = null;
    }
  }

  async function queue(scope: AdminScope, id: number, points: ReadonlyArray<{ time: number; value: number }>): Promise<boolean> {
    if (scope.kind !== 'page') return false;
    const outbox = useOutboxStore();
    queueing.value = true;
    queued.value = 0;
    toQueue.value = points.length;
    try {
      // One after the other: the queue order is the send order.
      for (const point of points) {
        await outbox.enqueue({
          accountId: scope.accountId,
          operation: 'addMetricEntry',
          input: { subdomain: scope.subdomain, metricId: id, entry: { time: point.time, value: point.value } },
        });
        queued.value++;
      }
      return true;
    } catch (error) {
      failure.value = `${queued.value} of ${points.length} points were queued; the rest were not: ${messageOf(error)}`;
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
