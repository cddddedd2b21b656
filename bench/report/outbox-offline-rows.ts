import { OUTBOX_OFFLINE_BUDGET, type OutboxOfflineBenchResult } from '../outbox-offline.bench';
import type { BenchRow } from './row';

/** Queueing offline with a long queue: the 5,000th write against the first. */
export function outboxOfflineRows(r: OutboxOfflineBenchResult): BenchRow[] {
  return [
    {
      benchmark: `Queueing offline: the ${r.queued.toLocaleString('en-US')}th write against the first (statusdesk incidents create)`,
      result: r.lastMs,
      unit: 'ms',
      floor: r.firstMs,
      floorLabel: 'the first write',
      ratio: r.ratio,
      budget: `≤ ${OUTBOX_OFFLINE_BUDGET}×`,
      budgetSource: 'ours',
      pass: r.ratio <= OUTBOX_OFFLINE_BUDGET,
    },
  ];
}
