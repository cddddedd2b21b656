import { describe, expect, it } from 'vitest';
import { runOutboxBench } from '../../../bench/outbox.bench';

describe('outbox benchmark (scaled down)', () => {
  it('runs and reports no 429, no duplicate, nothing lost, nothing out of order', async () => {
    const result = await runOutboxBench({ incidents: 20, updatesPerIncident: 4, limit: 40, windowMs: 500 });
    expect(result).toMatchObject({ name: 'outbox', writes: 100, requests: 100, rateLimited429: 0, duplicates: 0, lost: 0, outOfOrder: 0, lowerBoundMs: 1000 });
    expect(result.wallMs).toBeGreaterThanOrEqual(result.lowerBoundMs);
  });
});
