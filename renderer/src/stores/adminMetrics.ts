import { defineStore } from 'pinia';
import { metricIdSchema, metricPointFormSchema } from '../../../shared/admin/forms/metric-point-form';
import { parseMetricCsv, type MetricCsvError } from '../../../shared/admin/metric-csv';
import type { AdminScope } from '../../../shared/admin/scope';
import { messageOf } from '../api';
import { fieldErrors } from '../components/admin/field-errors';
import { useOutboxStore } from './outbox';

/**
 * Data points for custom metrics. The API only adds points (no list, no edit), so what the screen shows is
 * what this app queued: each point is one outbox write to addMetricEntry, queued in the order given, and
 * the outbox sends the points of one metric in that order.
 */
export const useAdminMetrics = defineStore('adminMetrics', {
  state: () => ({
    metricId: '',
    time: '',
    value: '',
    csv: '',
    csvName: null as string | null,
    errors: {} as Record<string, string>,
    csvErrors: [] as MetricCsvError[],
    queueing: false,
    queued: 0,
    toQueue: 0,
    message: null as string | null,
    failure: null as string | null,
  }),
  actions: {
    /** The metric id, checked; sets its error otherwise. */
    metric(): number | null {
      const parsed = metricIdSchema.safeParse(this.metricId);
      if (parsed.success) {
        delete this.errors.metricId;
        return parsed.data;
      }
      this.errors = { ...this.errors, metricId: parsed.error.issues[0]?.message ?? 'Enter the metric id.' };
      return null;
    },
    async queuePoint(scope: AdminScope) {
      this.errors = {};
      this.message = null;
      this.failure = null;
      const metricId = this.metric();
      const parsed = metricPointFormSchema(() => Math.floor(Date.now() / 1000)).safeParse({ time: this.time, value: this.value });
      if (!parsed.success) this.errors = { ...this.errors, ...fieldErrors(parsed.error) };
      if (metricId === null || !parsed.success) return;
      if (await this.queue(scope, metricId, [parsed.data])) {
        this.value = '';
        this.time = '';
        this.message = 'The data point is queued.';
      }
    },
    /** Checks every line first: one bad line and nothing is queued. */
    async queueCsv(scope: AdminScope) {
      this.errors = {};
      this.message = null;
      this.failure = null;
      const metricId = this.metric();
      const { points, errors } = parseMetricCsv(this.csv);
      this.csvErrors = errors;
      if (metricId === null || errors.length > 0) return;
      if (await this.queue(scope, metricId, points)) {
        this.message = `${points.length} data point${points.length === 1 ? '' : 's'} queued, to be sent in order.`;
        this.csv = '';
        this.csvName = null;
      }
    },
    async queue(scope: AdminScope, metricId: number, points: ReadonlyArray<{ time: number; value: number }>): Promise<boolean> {
      if (scope.kind !== 'page') return false;
      const outbox = useOutboxStore();
      this.queueing = true;
      this.queued = 0;
      this.toQueue = points.length;
      try {
        // One after the other: the queue order is the send order.
        for (const point of points) {
          await outbox.enqueue({
            accountId: scope.accountId,
            operation: 'addMetricEntry',
            input: { subdomain: scope.subdomain, metricId, entry: { time: point.time, value: point.value } },
          });
          this.queued++;
        }
        return true;
      } catch (error) {
        this.failure = `${this.queued} of ${points.length} points were queued; the rest were not: ${messageOf(error)}`;
        return false;
      } finally {
        this.queueing = false;
      }
    },
    loadFile(name: string, text: string) {
      this.csv = text;
      this.csvName = name;
      this.csvErrors = [];
    },
  },
});
