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

  it('queues each point in the order of the file and clears the file once all are queued', async () => {
    let n = 0;
    const fake = installFakeApi({ outbox: { enqueue: () => ok({ id: uuid(++n), state: 'pending', resourceKey: 'metric:42' }) } });
    testingPinia();
    const metrics = useAdminMetrics();
    metrics.metricId = '42';
    metrics.loadFile('cpu.csv', 'time,value\n1717243200,120\n1717243260,118.5');
    await metrics.queueCsv(scope);
    expect(fake.calls.map((c) => c.request)).toEqual([
      { accountId: uuid(1), operation: 'addMetricEntry', input: { subdomain: 'page1', metricId: 42, entry: { time: 1717243200, value: 120 } } },
      { accountId: uuid(1), operation: 'addMetricEntry', input: { subdomain: 'page1', metricId: 42, entry: { time: 1717243260, value: 118.5 } } },
    ]);
    expect([metrics.message, metrics.csv, metrics.csvName, metrics.queued, metrics.queueing]).toEqual([
      '2 data points queued, to be sent in order.',
      '',
      null,
      2,
      false,
    ]);
  });

  it('says how many points were queued when the outbox refuses one on the way', async () => {
    const answers = [
      ok({ id: uuid(1), state: 'pending' as const, resourceKey: 'metric:42' }),
      refused({ code: 'storage', message: 'The outbox is held by another process.' }),
    ];
    installFakeApi({ outbox: { enqueue: () => answers.shift()! } });
    testingPinia();
    const metrics = useAdminMetrics();
    metrics.metricId = '42';
    metrics.csv = '1717243200,1\n1717243260,2\n1717243320,3';
    await metrics.queueCsv(scope);
    expect(metrics.failure).toBe('1 of 3 points were queued; the rest were not: The outbox is held by another process.');
    expect(metrics.csv).not.toBe('');
  });
});
