import { Option } from 'commander';
import { csvHeader, csvRow, type ExportFormat, type ExportKind } from '@shared/export/columns';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';

/*
 * How every list command prints, page by page as the server answers, so a list of thousands starts at once
 * and is never held whole in memory:
 *   --format csv   the export's columns (shared/export/columns.ts) with a header, rows as pages arrive;
 *   --format json  one JSON array, an item a line, written as pages arrive;
 *   --json --all   one JSON object (an item) per line;
 *   --json         one page as one document: { <group>: [...], meta };
 *   otherwise      a table, its columns as wide as the first page needs, rows as pages arrive.
 */

type Item = Record<string, unknown>;

export interface ListPrinting<T> {
  /** The list's name in JSON and in words: "subscriptions". */
  group: string;
  exportKind: ExportKind;
  columns: string[];
  row(item: T): string[];
}

export interface ListPage<T> {
  items: readonly T[];
  meta?: unknown;
  links?: { next?: string | null } | null;
}

function parseFormat(text: string): ExportFormat {
  if (text === 'csv' || text === 'json') return text;
  throw new CliUsageError(`--format must be csv or json, not "${text}"`);
}

export const formatOption = (): Option =>
  new Option('--format <format>', 'csv or json: an export of the list, streamed (with --all, every one)').argParser(parseFormat);

/** Prints the pages of a list as they come; says how many it printed and whether the server has more. */
export async function printPages<T>(
  ctx: CliContext,
  printing: ListPrinting<T>,
  pages: AsyncIterable<ListPage<T>>,
  options: { all: boolean; format?: ExportFormat | undefined },
): Promise<{ count: number; more: boolean }> {
  const out = (text: string) => ctx.io.stdout(text);
  const format = options.format ?? (ctx.print.json ? (options.all ? 'ndjson' : 'document') : 'table');
  let count = 0;
  let more = false;
  let widths: number[] | null = null;
  const kept: T[] = [];
  let meta: unknown = null;
  // Times as every other time the command line prints: the computer's offset, or UTC under --utc.
  const zone = ctx.options.utc === true ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (format === 'csv') out(csvHeader(printing.exportKind));
  for await (const page of pages) {
    meta = page.meta ?? null;
    more = typeof page.links?.next === 'string' && page.links.next !== '';
    for (const item of page.items) {
      if (format === 'csv') out(csvRow(printing.exportKind, item as Item, { zone }));
      else if (format === 'json') out(`${count === 0 ? '[\n' : ',\n'}${JSON.stringify(item)}`);
      else if (format === 'ndjson') out(`${JSON.stringify(item)}\n`);
      else if (format === 'document') kept.push(item);
      count++;
    }
    if (format === 'table' && page.items.length > 0) {
      const rows = page.items.map((item) => printing.row(item));
      widths ??= printing.columns.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
      if (count === page.items.length) out(`${tableLine(printing.columns, widths)}\n`);
      out(rows.map((row) => `${tableLine(row, widths!)}\n`).join(''));
    }
  }
  if (format === 'json') out(count === 0 ? '[]\n' : '\n]\n');
  else if (format === 'document') out(`${JSON.stringify({ [printing.group]: kept, meta })}\n`);
  else if (format === 'table' && count === 0) out(`No ${printing.group}.\n`);
  return { count, more };
}

function tableLine(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ');
}

/** Single pages of a list: the list the API answers whole, as one page. */
export async function* onePage<T>(read: () => Promise<ListPage<T>>): AsyncGenerator<ListPage<T>> {
  yield await read();
}
