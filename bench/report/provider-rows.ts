import type { ProviderBenchResult } from '../provider-pages.bench';
import { ratioOf, type BenchRow } from './row';

/** A provider row's lines (a mix of formats): against the floor run of bare conditional GETs beside it. */
export function providerPagesRows(r: ProviderBenchResult): BenchRow[] {
  const label = `${r.pages.toLocaleString('en-US')} provider pages in 6 formats at ${r.intervalSec} s, 304-capable (clock ×${r.timeScale})`;
  const cpuPercent = r.budgets.cpuPercent;
  const [low, high] = r.budgets.requestsPerPagePerInterval;
  return [
    {
      benchmark: `${label}: requests per page per interval`,
      result: r.monitor.requestsPerPagePerInterval,
      unit: '',
      floor: 1,
      floorLabel: '1 per page per interval',
      ratio: r.ratios.requests,
      budget: `1 (${low}–${high})`,
      budgetSource: 'architecture',
      pass: r.monitor.requestsPerPagePerInterval >= low && r.monitor.requestsPerPagePerInterval <= high,
    },
    {
      benchmark: `${label}: bytes on the wire per unchanged poll (a 304; ${r.monitor.fullSteady} bodies in the steady phase)`,
      result: r.wire.notModifiedBytesPerPoll,
      unit: 'bytes',
      floor: r.wire.fullHeaderBytesPerPoll,
      floorLabel: `the headers of a 200; its body: ${Math.round(r.wire.fullBodyBytesPerPoll)} bytes gzipped`,
      ratio: r.ratios.bytesPerUnchangedPoll,
      budget: 'headers only (≤ 1×, no body)',
      budgetSource: 'ours',
      pass: r.ratios.bytesPerUnchangedPoll <= r.budgets.bytesRatio && r.monitor.fullSteady === 0,
    },
    {
      benchmark: `${label}: monitor CPU, steady`,
      result: r.monitor.cpuPercentSteadyPerRealTime,
      unit: '%',
      floor: r.floor.cpuPercentSteadyPerRealTime,
      floorLabel: 'the same conditional GETs, bare (node:http), side by side',
      ratio: r.ratios.cpu,
      budget: `≤ ${r.budgets.cpuRatio}×${cpuPercent === null ? '' : ` and < ${cpuPercent} % of one core`}`,
      budgetSource: r.budgets.cpuBudgetSource,
      pass: r.ratios.cpu <= r.budgets.cpuRatio && (cpuPercent === null || r.monitor.cpuPercentSteadyPerRealTime < cpuPercent),
    },
    {
      benchmark: `${label}: RSS, max`,
      result: r.monitor.rssMbMax,
      unit: 'MB',
      floor: r.floor.rssMbMax,
      floorLabel: 'the bare GET loop process',
      ratio: ratioOf(r.monitor.rssMbMax, r.floor.rssMbMax),
      budget: `< ${r.budgets.rssMb} MB`,
      budgetSource: 'architecture',
      pass: r.monitor.rssMbMax < r.budgets.rssMb,
    },
  ];
}
