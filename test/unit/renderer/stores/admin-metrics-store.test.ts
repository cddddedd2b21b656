import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAdminMetrics } from '../../../../renderer/src/stores/admin-metrics';
import { installFakeApi, ok, refused } from '../support/fake-api';
import { uuid } from '../support/fixtures';

/* Metric data points: each one outbox write, queued in the order given; one bad line and nothing is queued. */

const scope = { kind: 'page', accountId: uuid(1), subdomain: 'page1' } as const;
const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });

afterEach(() => vi.unstubAllGlobals());

describe('metric data points store', () => {
  it('queues nothing when a line is wrong or the metric id is missing, and says where', async () => {
    const fake = installFakeApi();
    testingPinia();
    const metrics = useAdminMetrics();
    metrics.metricId = '42';
    metrics.csv = '1717243200,120\nyesterday,3';
    await metrics.queueCsv(scope);
    expect(metrics.csvErrors.map((e) => e.line)).toEqual([2]);
    metrics.metricId = '';
    metrics.csv = '1717243200,120';
    await metrics.queueCsv(scope);
    expect(Object.keys(metrics.errors)).toEqual(['metricId']);
    expect(fake.calls).toEqual([]);
  });

  it('queues the points of a file in its order, 1,000 per call, with the progress, and says how long the API’s rate takes to send them', async () => {
    let n = 0;
    const progress: number[] = [];
    const fake = installFakeApi({
      outbox: {
        enqueueMany: ({ writes }) => {
          progress.push(metrics.queued);
          return ok(writes.map(() => ({ id: uuid(++n), state: 'pending' as const, resourceKey: 'metric:42' })));
        },
      },
    });
    testingPinia();
    const metrics = useAdminMetrics();
    metrics.metricId = '42';
    metrics.loadFile('cpu.csv', 'time,value\n1717243200,120\n1717243260,118.5');
    await metrics.queueCsv(scope);
    expect(fake.calls.map((c) => c.request)).toEqual([
      {
        writes: [
          { accountId: uuid(1), operation: 'addMetricEntry', input: { subdomain: 'page1', metricId: 42, entry: { time: 1717243200, value: 120 } } },
          { accountId: uuid(1), operation: 'addMetricEntry', input: { subdomain: 'page1', metricId: 42, entry: { time: 1717243260, value: 118.5 } } },
        ],
      },
    ]);
    expect([metrics.message, metrics.csv, metrics.csvName, metrics.queued, metrics.queueing]).toEqual([
      '2 points queued, to be sent in order; sending takes less than a minute at the API’s rate.',
      '',
      null,
      2,
      false,
    ]);

    // Three metrics of 100 hours of 5-minute points, named in the file: the form's metric id is not needed.
    // (A month of one metric's points goes through the window's path in the large-page bench; here the
    // batching is what is tested.)
    fake.calls.length = 0;
    progress.length = 0;
    metrics.metricId = '';
    const lines = ['metric_id,time,value'];
    for (const metric of [1, 2, 3]) for (let i = 0; i < 1_200; i++) lines.push(`${metric},${1717200000 + i * 300},${i}`);
    metrics.csv = lines.join('\n');
    await metrics.queueCsv(scope);
    const batches = fake.calls.map((c) => (c.request as { writes: Array<{ input: { metricId: number } }> }).writes);
    expect(batches.map((b) => b.length)).toEqual([1_000, 1_000, 1_000, 600]);
    expect(progress).toEqual([0, 1_000, 2_000, 3_000]);
    expect(batches.flat().map((w) => w.input.metricId)).toEqual([...Array(1_200).fill(1), ...Array(1_200).fill(2), ...Array(1_200).fill(3)]);
    expect(metrics.message).toBe('3,600 points of 3 metrics queued, to be sent in order; sending takes about 6 min at the API’s rate.');
  });

  it('says how many points were queued when the outbox refuses a batch on the way, and the line it refused', async () => {
    const lines = Array.from({ length: 1_500 }, (_, i) => `${1717243200 + i * 60},${i}`);
    const answers = [
      ok(Array.from({ length: 1_000 }, (_, i) => ({ id: uuid(i + 1), state: 'pending' as const, resourceKey: 'metric:42' }))),
      refused({ code: 'invalid_input', message: 'Write 7 of 500 is not valid, so none of them was queued: the entry is wrong.' }),
    ];
    installFakeApi({ outbox: { enqueueMany: () => answers.shift()! } });
    testingPinia();
    const metrics = useAdminMetrics();
    metrics.metricId = '42';
    metrics.csv = lines.join('\n');
    await metrics.queueCsv(scope);
    expect(metrics.failure).toBe(
      '1,000 of 1,500 points were queued; the rest were not: Line 1007: Write 7 of 500 is not valid, so none of them was queued: the entry is wrong.',
    );
    expect(metrics.csv).not.toBe('');
  });
});
