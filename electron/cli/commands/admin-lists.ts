import type { Command } from 'commander';
import { subscriptionKindOf, subscriptionTarget } from '@shared/admin/forms/subscription-form';
import { serviceRows } from '@shared/admin/service-tree';
import type { ExportFormat } from '@shared/export/columns';
import type { CliContext } from '../context';
import type { RunAction } from '../run-action';
import { parseLimit } from './page-items';
import { formatOption, onePage, printPages, type ListPage, type ListPrinting } from './list-output';
import { withOutbox } from './outbox';

/*
 * `<list> list` for what the Administration screen manages: services, subscriptions,
 * webhooks, access groups, page and organization members, status pages, and the metric points this computer
 * sent. Lists with cursors read one page (--limit, 1 to 100), or every page with --all (100 at a time);
 * --format csv|json exports the whole list, streamed. The others are one answer from the server.
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

function pagedList(command: Command): Command {
  return command
    .option('--limit <n>', 'how many per page (1 to 100; the server gives 20 without it, 100 with --all)', parseLimit)
    .option('--all', 'every one, following the pages the server gives')
    .addOption(formatOption());
}

export function registerAdminListCommands(program: Command, run: RunAction): void {
  const time = (ctx: CliContext) => (value: unknown) => (typeof value === 'string' ? ctx.time(value) : '');

  group(program, 'services', "a page's services (needs a key)")
    .command('list')
    .description('the services as the tree they form, parents before their children')
    .argument('<subdomain>', 'the status page subdomain')
    .addOption(formatOption())
    .action(
      run(async (ctx, subdomain: string, flags: ListFlags) => {
        const client = ctx.client(subdomain);
        const rows = serviceRows((await client.listServices({ subdomain })).items);
        const depths = new Map<Item, number>(rows.map((row) => [row.service, row.depth]));
        const printing: ListPrinting<Item> = {
          group: 'services',
          exportKind: 'services',
          columns: ['ID', 'PARENT', 'ORDER', 'NAME'],
          row: (s) => [text(s.id), text(s.parent_id), text(s.order), `${'  '.repeat(depths.get(s) ?? 0)}${text(s.name)}`],
        };
        await print(
          ctx,
          printing,
          onePage(async () => ({ items: rows.map((row) => row.service) })),
          flags,
          true,
        );
      }),
    );

  const subscriptions: ListPrinting<Item> = {
    group: 'subscriptions',
    exportKind: 'subscriptions',
    columns: ['ID', 'KIND', 'TARGET', 'SINCE'],
    row: (s) => [text(s.id), subscriptionKindOf(s) ?? '', subscriptionTarget(s), ''],
  };
  pagedList(
    group(program, 'subscriptions', "a page's subscribers (needs a key)")
      .command('list')
      .description('subscriptions, oldest first')
      .argument('<subdomain>', 'the status page subdomain')
      .option('--filter <text>', "the server's search: a whole email address, or a phone number as '+41 79 123 45 67', '+41' or '791234567'"),
  ).action(
    run(async (ctx, subdomain: string, flags: ListFlags) => {
      const { all, limit } = paging(flags);
      const client = ctx.client(subdomain);
      const pages = client.pages(
        'listSubscriptions',
        { subdomain, ...(limit ? { limit } : {}), ...(flags.filter ? { filter: flags.filter } : {}) },
        all ? {} : { maxPages: 1 },
      );
      const since = time(ctx);
      await print(ctx, { ...subscriptions, row: (s) => [...subscriptions.row(s).slice(0, 3), since(s.inserted_at)] }, pages, flags, all);
    }),
  );

  for (const [name, scope] of [
    ['members', 'page'],
    ['org-members', 'org'],
  ] as const) {
    pagedList(
      group(program, name, scope === 'page' ? "a page's members (needs a key)" : "an organization's members (needs a key)")
        .command('list')
        .description(scope === 'page' ? 'people with a role on the page' : 'people with a role in the organization')
        .argument(scope === 'page' ? '<subdomain>' : '<organization-id>', scope === 'page' ? 'the status page subdomain' : 'the organization id')
        .option('--email <address>', "the server's search: a whole email address"),
    ).action(
      run(async (ctx, where: string, flags: ListFlags) => {
        const { all, limit } = paging(flags);
        const query = { ...(limit ? { limit } : {}), ...(flags.email ? { email: flags.email } : {}) };
        const options = all ? {} : { maxPages: 1 };
        const pages =
          scope === 'page'
            ? ctx.client(where).pages('listPageMembers', { subdomain: where, ...query }, options)
            : ctx.client().pages('listOrgMembers', { organizationId: where, ...query }, options);
        const printing: ListPrinting<Item> = {
          group: 'members',
          exportKind: 'members',
          columns: ['ID', 'ROLE', 'EMAIL', 'NAME'],
          row: (m) => [text(m.id), text(m.role), text(m.email), text(m.name)],
        };
        await print(ctx, printing, pages, flags, all);
      }),
    );
  }

  const whole = (name: string, description: string, printing: ListPrinting<Item>, read: (ctx: CliContext, where: string) => Promise<ListPage<Item>>) =>
    group(program, name, description)
      .command('list')
      .description(`every one of the ${printing.group.replace('-', ' ')} (one answer from the server)`)
      .argument(
        printing.exportKind === 'statusPages' ? '<organization-id>' : '<subdomain>',
        printing.exportKind === 'statusPages' ? 'the organization id' : 'the status page subdomain',
      )
      .addOption(formatOption())
      .action(
        run(async (ctx, where: string, flags: ListFlags) =>
          print(
            ctx,
            printing,
            onePage(() => read(ctx, where)),
            flags,
            true,
          ),
        ),
      );

  whole(
    'webhooks',
    "a page's webhooks (needs a key)",
    { group: 'webhooks', exportKind: 'webhooks', columns: ['ID', 'URL', 'EVENTS'], row: (w) => [text(w.id), text(w.url), text(w.events)] },
    (ctx, subdomain) => ctx.client(subdomain).listWebhooks({ subdomain }),
  );
  whole(
    'access-groups',
    "a page's access groups (needs a key)",
    { group: 'access-groups', exportKind: 'accessGroups', columns: ['ID', 'NAME', 'SERVICES'], row: (g) => [text(g.id), text(g.name), text(g.service_ids)] },
    (ctx, subdomain) => ctx.client(subdomain).listAccessGroups({ subdomain }),
  );
  whole(
    'status-pages',
    "an organization's status pages (needs a key)",
    {
      group: 'status-pages',
      exportKind: 'statusPages',
      columns: ['SUBDOMAIN', 'NAME', 'URL', 'TIME ZONE'],
      row: (p) => [text(p.subdomain), text(p.name), text(p.url), text(p.time_zone)],
    },
    async (ctx, organizationId) => {
      const items: Item[] = [];
      for await (const page of ctx.client().pages('listStatusPages', { organizationId })) items.push(...page.items);
      return { items };
    },
  );

  group(program, 'metrics', 'data points of custom metrics sent from this computer')
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
