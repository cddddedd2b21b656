import type { MonthSoakResult } from '../soak/month-soak.bench';
import type { BenchRow } from './row';

/** The month in the tray: heap growth once the capped lists are full, and whether anything still grows. */
export function monthSoakRows(r: MonthSoakResult): BenchRow[] {
  const scale = `${r.days} simulated days in ${r.realSeconds} s (${r.counts.pagesAdded} pages added and removed, ${r.counts.providerIncidents + r.counts.ownIncidents} incidents, ${r.counts.writes} writes)`;
  return [
    {
      benchmark: `Month in the tray, ${scale}: heap after GC, growth per day in the last week (${r.heapGrowthKbPerDay} KB a day over the month while capped lists fill)`,
      result: r.heapGrowthLastWeekKbPerDay,
      unit: 'KB/day',
      floor: r.budgets.heapKbPerDay,
      floorLabel: 'the budget (GC noise)',
      ratio: null,
      budget: `≤ ${r.budgets.heapKbPerDay} KB/day`,
      budgetSource: 'ours',
      pass: r.heapGrowthLastWeekKbPerDay <= r.budgets.heapKbPerDay,
    },
    {
      benchmark: `Month in the tray: collections, files and data folder bounded by the pages watched or their caps`,
      result: r.growing.length,
      unit: 'still growing',
      resultText: r.growing.length === 0 ? 'none grows' : r.growing.slice(0, 3).join('; '),
      floor: 0,
      floorLabel: 'nothing grows',
      ratio: null,
      budget: '0',
      budgetSource: 'ours',
      pass: r.pass,
    },
  ];
}
