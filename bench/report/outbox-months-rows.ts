import { OUTBOX_MONTHS_BUDGETS, type OutboxMonthsBenchResult } from '../outbox-months.bench';
import { ratioOf, type BenchRow } from './row';

/** The outbox over months: the file and `outbox list` after 5,000 sends, and queueing offline. */
export function outboxMonthsRows(r: OutboxMonthsBenchResult): BenchRow[] {
  const sends = r.sends.toLocaleString('en-US');
  const fileRatio = ratioOf(r.fileBytes, r.fileBytesAt200);
  return [
    {
      benchmark: `Outbox after ${sends} sends: sent entries in the file / listed by outbox list`,
      result: r.sentInFile,
      unit: 'entries',
      resultText: `${r.sentInFile} / ${r.listedSent} entries`,
      floor: OUTBOX_MONTHS_BUDGETS.sentKept,
      floorLabel: 'the budget',
      ratio: ratioOf(r.sentInFile, OUTBOX_MONTHS_BUDGETS.sentKept),
      budget: `≤ ${OUTBOX_MONTHS_BUDGETS.sentKept}`,
      budgetSource: 'architecture',
      pass: r.sentInFile <= OUTBOX_MONTHS_BUDGETS.sentKept && r.listedSent === r.sentInFile,
    },
    {
      benchmark: `Outbox after ${sends} sends: file size (${r.fileLines.toLocaleString('en-US')} lines)`,
      result: Math.round(r.fileBytes / 102.4) / 10,
      unit: 'KB',
      floor: Math.round(r.fileBytesAt200 / 102.4) / 10,
      floorLabel: 'the same file after 200 sends',
      ratio: fileRatio,
      budget: '≤ 1.2×',
      budgetSource: 'ours',
      pass: fileRatio !== null && fileRatio <= 1.2,
    },
    {
      benchmark: `Outbox after ${sends} sends: statusdesk outbox list`,
      result: r.listMs,
      unit: 'ms',
      floor: r.freshListMs,
      floorLabel: 'a fresh outbox',
      ratio: r.listRatio,
      budget: `≤ ${OUTBOX_MONTHS_BUDGETS.listRatio}×`,
      budgetSource: 'architecture',
      pass: r.listRatio <= OUTBOX_MONTHS_BUDGETS.listRatio,
    },
    {
      benchmark: `Queueing offline: the ${r.queued}th write (statusdesk incidents create; +${r.linesAddedByLast} lines in the file)`,
      result: r.lastQueueMs,
      unit: 'ms',
      floor: r.firstQueueMs,
      floorLabel: 'the first write',
      ratio: r.queueRatio,
      budget: `≤ ${OUTBOX_MONTHS_BUDGETS.queueRatio}×`,
      budgetSource: 'architecture',
      pass: r.queueRatio <= OUTBOX_MONTHS_BUDGETS.queueRatio,
    },
  ];
}
