import type { ExportFormat, ExportKind } from '@shared/export/columns';
import type { CliContext } from '../context';
import { printPages, type ListPage } from './list-output';
import type { ListQuery, PageItem, PageItemKind } from './page-item-kind';

/*
 * `incidents list`, `maintenances list`, `notices list`: one page, or with --all every page,
 * read 100 at a time (the API's maximum: 51 requests for 5,100 incidents where 20 a page took 255) and printed
 * as each page arrives: table rows, one JSON object per line with --json, or an export with --format.
 */

export interface ItemListFlags {
  type?: string;
  limit?: number;
  all?: boolean;
  format?: ExportFormat;
}

/** The export columns of a kind of page item: incidents and maintenances are incidents. */
function exportKindOf(kind: PageItemKind<PageItem>): ExportKind {
  return kind.bodyKey === 'incident' ? 'incidents' : 'notices';
}

/** Prints the list; resolves to how many items it printed and whether the server has more pages. */
export async function listItems<T extends PageItem>(
  ctx: CliContext,
  kind: PageItemKind<T>,
  subdomain: string,
  flags: ItemListFlags,
): Promise<{ count: number; more: boolean }> {
  // An export is the whole list.
  const all = flags.all === true || flags.format !== undefined;
  const limit = flags.limit ?? (all ? 100 : undefined);
  const query: ListQuery = { ...(flags.type ? { type: flags.type } : {}), ...(limit ? { limit } : {}) };
  const pages = kind.pages(await ctx.client(subdomain), subdomain, query, all ? undefined : 1) as AsyncIterable<ListPage<T>>;
  const printing = {
    group: kind.group,
    exportKind: exportKindOf(kind as unknown as PageItemKind<PageItem>),
    columns: kind.columns,
    row: (item: T) => kind.row(item, (value) => ctx.time(value)),
  };
  const result = await printPages(ctx, printing, pages, { all, format: flags.format });
  if (!all && result.more) ctx.print.note(`more ${kind.group} on the next pages: add --all to list every one`);
  return result;
}
