import type { Command } from 'commander';
import { subscriptionKindOf, subscriptionTarget } from '@shared/admin/forms/subscription-form';
import { ADMIN_RESOURCES, type AdminResource, type AdminResourceId } from '@shared/admin/resources';
import { serviceRows } from '@shared/admin/service-tree';
import type { ReadListResult } from '@shared/statuspal/read-operations';
import { readWithClient } from '@core/accounts/account-reads';
import { adminResourcePages, type AdminListRead } from '@core/use-cases/list-admin-resource';
import type { ExportFormat } from '@shared/export/columns';
import { ADMIN_LIST_NAMES, METRICS_LIST_NAME, type AdminListName } from '../admin-list-names';
import type { CliContext } from '../context';
import type { RunAction } from '../run-action';
import { parseLimit } from './page-items';
import { formatOption, onePage, printPages, type ListPage, type ListPrinting } from './list-output';
import { withOutbox } from './outbox';

/*
 * `<list> list` for what the Administration screen manages, one command per resource of ADMIN_RESOURCES
 * (services, subscriptions, webhooks, access groups, page and organization members, status pages), read through
 * the core's list-admin-resource as the window reads them; and the metric points this computer sent. Lists with
 * cursors read one page (--limit, 1 to 100), or every page with --all (100 at a time); --format csv|json exports
 * the whole list, streamed. The others are one answer from the server.
 */

type Item = Record<string, unknown>;

interface ListFlags {
  all?: boolean;
  limit?: number;
  format?: ExportFormat;
  filter?: string;
  email?: string;
  metric?: string;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(' ') : String(value));

/** How the command line prints one resource of ADMIN_RESOURCES (its name: ADMIN_LIST_NAMES); what it reads is the core's use case. */
interface AdminListCommand {
  /** The `list` subcommand's description. */
  description: string;
  /** What the filter option says, when the resource's list has one. */
  filterHelp?: string;
  printing: Omit<ListPrinting<Item>, 'row'>;
  row: (item: Item, ctx: CliContext, depth: number) => string[];
  /** Services: printed as the tree they form, parents before their children. */
  tree?: true;
}

/** A page's members and an organization's are the same people records, printed alike. */
const MEMBERS_TABLE: Pick<AdminListCommand, 'printing' | 'row'> = {
  printing: { group: 'members', exportKind: 'members', columns: ['ID', 'ROLE', 'EMAIL', 'NAME'] },
  row: (m) => [text(m.id), text(m.role), text(m.email), text(m.name)],
};

/** One for every resource (the type asks for each). */
const ADMIN_LIST_COMMANDS: { readonly [K in AdminResourceId]: AdminListCommand } = {
  services: {
    description: 'the services as the tree they form, parents before their children',
    printing: { group: 'services', exportKind: 'services', columns: ['ID', 'PARENT', 'ORDER', 'NAME'] },
    row: (s, _ctx, depth) => [text(s.id), text(s.parent_id), text(s.order), `${'  '.repeat(depth)}${text(s.name)}`],
    tree: true,
  },
  subscriptions: {
    description: 'subscriptions, oldest first',
    filterHelp: "the server's search: a whole email address, or a phone number as '+41 79 123 45 67', '+41' or '791234567'",
    printing: { group: 'subscriptions', exportKind: 'subscriptions', columns: ['ID', 'KIND', 'TARGET', 'SINCE'] },
    row: (s, ctx) => [text(s.id), subscriptionKindOf(s) ?? '', subscriptionTarget(s), typeof s.inserted_at === 'string' ? ctx.time(s.inserted_at) : ''],
  },
  pageMembers: {
    description: 'people with a role on the page',
    filterHelp: "the server's search: a whole email address",
    ...MEMBERS_TABLE,
  },
  orgMembers: {
    description: 'people with a role in the organization',
    filterHelp: "the server's search: a whole email address",
    ...MEMBERS_TABLE,
  },
  webhooks: {
    description: 'every one of the webhooks (one answer from the server)',
    printing: { group: 'webhooks', exportKind: 'webhooks', columns: ['ID', 'URL', 'EVENTS'] },
    row: (w) => [text(w.id), text(w.url), text(w.events)],
  },
  accessGroups: {
    description: 'every one of the access groups (one answer from the server)',
    printing: { group: 'access-groups', exportKind: 'accessGroups', columns: ['ID', 'NAME', 'SERVICES'] },
    row: (g) => [text(g.id), text(g.name), text(g.service_ids)],
  },
  statusPages: {
    description: 'every one of the status pages (one answer from the server)',
    printing: { group: 'status-pages', exportKind: 'statusPages', columns: ['SUBDOMAIN', 'NAME', 'URL', 'TIME ZONE'] },
    row: (p) => [text(p.subdomain), text(p.name), text(p.url), text(p.time_zone)],
  },
};

/** Every page when asked for (--all, or an export), 100 at a time unless --limit says otherwise. */
function paging(flags: ListFlags): { all: boolean; limit: number | undefined } {
  const all = flags.all === true || flags.format !== undefined;
  return { all, limit: flags.limit ?? (all ? 100 : undefined) };
}

async function print(ctx: CliContext, printing: ListPrinting<Item>, pages: AsyncIterable<ListPage<Item>>, flags: ListFlags, all: boolean): Promise<void> {
  const { more } = await printPages(ctx, printing, pages, { all, format: flags.format });
  if (!all && more) ctx.print.note(`more ${printing.group} on the next pages: add --all to list every one`);
}

function group(program: Command, name: string, description: string): Command {
  return program.command(name).description(description);
}

/** The pages of the core's list as the printer takes them: the server's total and whether a next page is there. */
async function* printedPages(pages: AsyncIterable<ReadListResult<Item>>): AsyncGenerator<ListPage<Item>> {
  for await (const page of pages) yield { items: page.items, meta: page.total === null ? null : { total_count: page.total }, links: { next: page.nextCursor } };
}

/** `<resource> list`, made from the resource's entry of ADMIN_RESOURCES: its scope, cursor and filter. */
function registerAdminList(program: Command, run: RunAction, resource: AdminResource, named: AdminListName, command: AdminListCommand): void {
  const org = resource.scope === 'org';
  const list = group(program, named.name, named.about)
    .command('list')
    .description(command.description)
    .argument(org ? '<organization-id>' : '<subdomain>', org ? 'the organization id' : 'the status page subdomain');
  if (resource.filterParam === 'filter') list.option('--filter <text>', command.filterHelp ?? '');
  if (resource.filterParam === 'email') list.option('--email <address>', command.filterHelp ?? '');
  if (resource.cursor) {
    list
      .option('--limit <n>', 'how many per page (1 to 100; the server gives 20 without it, 100 with --all)', parseLimit)
      .option('--all', 'every one, following the pages the server gives');
  }
  list.addOption(formatOption()).action(
    run(async (ctx, where: string, flags: ListFlags) => {
      const { all, limit } = resource.cursor ? paging(flags) : { all: true, limit: undefined };
      const read: AdminListRead = async (operation, input) => readWithClient(await (org ? ctx.client() : ctx.client(where)), operation, input);
      const filter = resource.filterParam === 'filter' ? flags.filter : resource.filterParam === 'email' ? flags.email : undefined;
      const pages = adminResourcePages(read, { resource: resource.id, where: org ? { organizationId: where } : { subdomain: where }, limit, filter, all });
      const printing = { ...command.printing, row: (item: Item) => command.row(item, ctx, 0) };
      if (!command.tree) return print(ctx, printing, printedPages(pages), flags, all);
      const items: Item[] = [];
      for await (const page of pages) items.push(...page.items);
      const rows = serviceRows(items as Array<Item & { id: number; parent_id?: number | null }>);
      const depths = new Map<Item, number>(rows.map((row) => [row.service, row.depth]));
      const tree = { ...printing, row: (item: Item) => command.row(item, ctx, depths.get(item) ?? 0) };
      await print(
        ctx,
        tree,
        onePage(async () => ({ items: rows.map((row) => row.service) })),
        flags,
        true,
      );
    }),
  );
}

export function registerAdminListCommands(program: Command, run: RunAction): void {
  for (const id of Object.keys(ADMIN_LIST_NAMES) as AdminResourceId[])
    registerAdminList(program, run, ADMIN_RESOURCES[id], ADMIN_LIST_NAMES[id], ADMIN_LIST_COMMANDS[id]);

  group(program, METRICS_LIST_NAME.name, METRICS_LIST_NAME.about)
    .command('list')
    .description('the points queued or sent from this computer (the API cannot read points back; sent ones are kept until the outbox is compacted)')
    .argument('<subdomain>', 'the status page subdomain')
    .option('--metric <id>', 'only the points of this metric')
    .addOption(formatOption())
    .action(
      run(async (ctx, subdomain: string, flags: ListFlags) => {
        const entries = await withOutbox(ctx, async (outbox) => outbox.list());
        const points = entries
          .filter((e) => e.operation === 'addMetricEntry' && e.input.subdomain === subdomain && (!flags.metric || String(e.input.metricId) === flags.metric))
          .sort((a, b) => a.seq - b.seq)
          .map((e) => {
            const entry = (e.input.entry ?? {}) as Item;
            return { metric_id: e.input.metricId, time: entry.time, value: entry.value, state: e.state, queued_at: e.createdAt };
          });
        const printing: ListPrinting<Item> = {
          group: 'points',
          exportKind: 'metricPoints',
          columns: ['METRIC', 'TIME', 'VALUE', 'STATE'],
          row: (p) => [text(p.metric_id), typeof p.time === 'number' ? ctx.time(new Date(p.time * 1000)) : '', text(p.value), text(p.state)],
        };
        await print(
          ctx,
          printing,
          onePage(async () => ({ items: points })),
          flags,
          true,
        );
      }),
    );
}
