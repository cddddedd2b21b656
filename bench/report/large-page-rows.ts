import type { LargePageBenchResult } from '../large-page.bench';
import { ratioOf, type BenchRow } from './row';

/** The large-page rows: the large company's page against its 10-item copy, the write costs, the picker, the command line. */
export function largePageRows(r: LargePageBenchResult): BenchRow[] {
  const b = r.budgets;
  const items: Record<string, string> = {
    'Incidents console': `${(r.counts.incidents + r.counts.maintenances).toLocaleString('en')} incidents`,
    Services: `${r.counts.services} services`,
    Subscriptions: `${r.counts.subscriptions.toLocaleString('en')} subscriptions`,
    Webhooks: `${r.counts.webhooks} webhooks`,
    'Access groups': `${r.counts.accessGroups} access groups`,
    'Page members': `${r.counts.members} page members`,
    'Org members': `${r.counts.members} organization members`,
    'Status pages': 'the status pages',
  };
  const rows: BenchRow[] = r.sections.map((s) => ({
    benchmark: `Large page: first render of ${s.section}, ${items[s.section] ?? 'the list'} (Chromium, median of ${s.large.length})`,
    result: s.largeMs,
    unit: 'ms',
    floor: s.smallMs,
    floorLabel: 'its 10-item copy',
    ratio: s.ratio,
    budget: `≤ ${b.firstRenderRatio}×`,
    budgetSource: 'ours',
    pass: s.ratio <= b.firstRenderRatio,
  }));
  for (const w of r.writes) {
    // The budget is the delete's; an edit is shown for what it costs: the outbox's GET before PUT, the PUT, the item read again.
    const deletes = w.what.includes('delete');
    rows.push({
      benchmark: `Large page: requests for ${w.what.replace(/^[^:]+: /, '')} of ${w.what.split(':')[0]!.toLowerCase()}, ${w.loaded.toLocaleString('en')} loaded${w.countUpdateMs === null ? '' : ` (count updated in ${Math.round(w.countUpdateMs)} ms)`}`,
      result: w.requests,
      unit: 'requests',
      floor: 1,
      floorLabel: deletes ? 'the write itself' : 'the write itself; + the outbox’s conflict check and the item read again',
      ratio: ratioOf(w.requests, 1),
      budget: deletes ? `≤ ${b.requestsPerWrite}` : '—',
      budgetSource: deletes ? 'ours' : 'none',
      pass: deletes ? w.requests <= b.requestsPerWrite : null,
    });
  }
  rows.push(
    {
      benchmark: `Large page: key presses to pick 3 of ${r.picker.services} services in the incident editor (${r.picker.picked} picked)`,
      result: r.picker.keyPresses,
      unit: 'keys',
      floor: b.pickerKeys,
      floorLabel: 'the budget; 395 with the checkbox list',
      ratio: ratioOf(r.picker.keyPresses, b.pickerKeys),
      budget: `≤ ${b.pickerKeys}`,
      budgetSource: 'ours',
      pass: r.picker.picked === 3 && r.picker.keyPresses <= b.pickerKeys,
    },
    {
      benchmark: `statusdesk incidents list --all, ${r.cli.incidents.toLocaleString('en')} incidents: requests`,
      result: r.cli.requests,
      unit: 'requests',
      floor: r.cli.expectedRequests,
      floorLabel: 'ceil(n / 100)',
      ratio: ratioOf(r.cli.requests, r.cli.expectedRequests),
      budget: '= 1×',
      budgetSource: 'ours',
      pass: r.cli.requests === r.cli.expectedRequests,
    },
    {
      benchmark: `statusdesk incidents list --all --json: first line (all ${r.cli.incidents.toLocaleString('en')} in ${Math.round(r.cli.totalMs)} ms)`,
      result: r.cli.firstLineMs,
      unit: 'ms',
      floor: r.cli.onePageMs,
      floorLabel: 'one page of 100, the whole command',
      ratio: r.cli.ratio,
      budget: `≤ ${b.cliFirstLineRatio}×`,
      budgetSource: 'ours',
      pass: r.cli.ratio <= b.cliFirstLineRatio,
    },
    {
      benchmark: `Large page: queueing ${r.metricQueue.points.toLocaleString('en')} metric points from a file through the window (its stores, IPC handler, AppCore; median of ${r.metricQueue.window.length})`,
      result: r.metricQueue.windowMs,
      unit: 'ms',
      floor: r.metricQueue.coreMs,
      floorLabel: 'the core’s batched enqueue of the same points, one call',
      ratio: r.metricQueue.ratio,
      budget: `≤ ${b.metricQueueRatio}×`,
      budgetSource: 'ours',
      pass: r.metricQueue.ratio <= b.metricQueueRatio,
    },
  );
  return rows;
}
