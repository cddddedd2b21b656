import { HISTORY_BUDGETS, type HistoryBenchResult } from '../history.bench';
import { ratioOf, type BenchRow } from './row';

/** The provider history store: 500 pages × 90 days on disk, one page's read, the overlap across all. */
export function historyRows(r: HistoryBenchResult): BenchRow[] {
  const scale = `${r.pages} pages × ${r.days} days`;
  const bytesRatio = ratioOf(r.bytesPerPage, r.floorBytesPerPage);
  const readRatio = ratioOf(r.readMs, r.readFloorMs);
  const overlapRatio = ratioOf(r.overlapMs, r.overlapFloorMs);
  return [
    {
      benchmark: `History store, ${scale}: size on disk per page (${Math.round(r.levelChangesPerPage).toLocaleString('en-US')} level changes; ${(r.totalBytes / 1e6).toFixed(1)} MB in all, largest file ${(r.maxFileBytes / 1024).toFixed(0)} KiB of its ${(r.capBytes / 1024).toFixed(0)} KiB cap)`,
      result: Math.round(r.bytesPerPage / 102.4) / 10,
      unit: 'KB',
      floor: Math.round(r.floorBytesPerPage / 102.4) / 10,
      floorLabel: '6 bytes a level change, packed binary, and the titles',
      ratio: bytesRatio,
      budget: `≤ ${HISTORY_BUDGETS.bytesRatio}×, each file ≤ its cap`,
      budgetSource: 'ours',
      pass: bytesRatio !== null && bytesRatio <= HISTORY_BUDGETS.bytesRatio && r.maxFileBytes <= r.capBytes,
    },
    {
      benchmark: `History store, ${scale}: one page's 90 days read (file, zod, segments)`,
      result: Math.round(r.readMs * 1000) / 1000,
      unit: 'ms',
      floor: Math.round(r.readFloorMs * 1000) / 1000,
      floorLabel: 'fs.readFile + JSON.parse of each line of the same file',
      ratio: readRatio,
      budget: `≤ ${HISTORY_BUDGETS.readRatio}×`,
      budgetSource: 'ours',
      pass: readRatio !== null && readRatio <= HISTORY_BUDGETS.readRatio,
    },
    {
      benchmark: `History store, ${scale}: what else was down in a 2-hour window, across all pages (${r.overlapRows} rows)`,
      result: Math.round(r.overlapMs),
      unit: 'ms',
      floor: Math.round(r.overlapFloorMs),
      floorLabel: 'fs.readFile + JSON.parse of the same 500 files',
      ratio: overlapRatio,
      budget: `≤ ${HISTORY_BUDGETS.overlapRatio}×`,
      budgetSource: 'ours',
      pass: overlapRatio !== null && overlapRatio <= HISTORY_BUDGETS.overlapRatio,
    },
  ];
}
