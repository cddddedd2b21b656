/*
 * One line of the benchmark table: a result, the floor it is measured against (taken in the same run,
 * or the budget number itself where there is no lower bound to measure), their ratio, the budget and
 * whether it holds. `pass: null` is a figure shown for context, or a benchmark that could not run.
 */

export interface BenchRow {
  benchmark: string;
  result: number | null;
  /** What `result` is counted in: µs, ms, %, MB, KB, requests, words… */
  unit: string;
  /** Formatted result, when a number alone does not say it (several counts, "not available"). */
  resultText?: string;
  floor: number | null;
  /** When the floor is counted in something else than the result (rows against events). */
  floorUnit?: string;
  /** What the floor is: "JSON.parse of the same body", "the budget", … */
  floorLabel: string;
  ratio: number | null;
  budget: string;
  /** Where the budget comes from: docs/architecture.md's table, our own, or none. */
  budgetSource: 'architecture' | 'ours' | 'none';
  pass: boolean | null;
}

export function ratioOf(result: number, floor: number, digits = 3): number | null {
  if (!(floor > 0) || !Number.isFinite(result)) return null;
  const f = 10 ** digits;
  return Math.round((result / floor) * f) / f;
}

function formatNumber(value: number): string {
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

export function formatValue(value: number | null, unit: string): string {
  if (value === null) return '—';
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
}

export function passText(pass: boolean | null): string {
  return pass === null ? '—' : pass ? 'pass' : 'FAIL';
}

export function tableCells(row: BenchRow): string[] {
  return [
    row.benchmark,
    row.resultText ?? formatValue(row.result, row.unit),
    row.floor === null ? row.floorLabel : `${formatValue(row.floor, row.floorUnit ?? row.unit)} (${row.floorLabel})`,
    row.ratio === null ? '—' : `${row.ratio}×`,
    row.budgetSource === 'ours' ? `${row.budget} (ours)` : row.budget,
    passText(row.pass),
  ];
}

export const TABLE_HEADER = ['benchmark', 'result', 'floor', 'ratio', 'budget', 'pass'];

/** Fixed-width text table for the terminal. */
export function textTable(rows: BenchRow[]): string {
  const cells = [TABLE_HEADER, ...rows.map(tableCells)];
  const widths = TABLE_HEADER.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** The same table as Markdown, for the README. */
export function markdownTable(rows: BenchRow[]): string {
  const escape = (c: string) => c.replace(/\|/g, '\\|');
  return [
    `| ${TABLE_HEADER.join(' | ')} |`,
    `|${TABLE_HEADER.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${tableCells(r).map(escape).join(' | ')} |`),
  ].join('\n');
}
