import type { Command } from 'commander';
import { AppError } from '@shared/errors';
import { isTempId, TEMP_ID_PREFIX } from '@shared/outbox/temp-id';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { normalizePageSummary, type NormalizedService } from '@shared/statuspal/normalize';
import type { StatusPageClient } from '@core/statuspal-client/client';
import { StatusPageApiError } from '@core/statuspal-client/errors';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';
import type { RunAction } from '../run-action';
import { OutboxBusyError, type OutboxOwnerRole } from '@core/outbox/outbox-lock';
import { notSentResult, withOutbox, writeTarget, type SubmitOptions, type WriteOutcome } from './outbox';
import { submitCheckedWrite } from './checked-write';
import { listItems, type ItemListFlags } from './item-list';
import { formatOption } from './list-output';
import type { PageItem, PageItemKind } from './page-item-kind';

/*
 * What incidents, maintenances and notices have in common on the command line: list (one page or --all),
 * show (service names, temp ids of writes still queued), post an update, delete, and the writes through the
 * outbox. Each group describes its own objects with a PageItemKind; the commands here are written once.
 */

type Time = (value: string | null | undefined) => string;

export function parseLimit(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 100) throw new CliUsageError('--limit must be a whole number from 1 to 100');
  return value;
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** A flag given with an empty value is a wrong command line, refused before anything is queued. */
export function requireText(values: Record<string, string | undefined>): void {
  for (const [flag, value] of Object.entries(values)) if (value !== undefined && value.trim() === '') throw new CliUsageError(`${flag} must not be empty`);
}

function parseId(text: string, what = 'id'): number {
  if (!/^[0-9]+$/.test(text)) throw new CliUsageError(`${what} must be a whole number, or the temp id (tmp-…) of one queued offline, not "${text}"`);
  return Number(text);
}

/** Ids of --service: whole numbers, or temp ids of services queued offline. */
export function serviceIdsOf(values: string[] | undefined): Array<number | string> {
  return (values ?? []).map((value) => (isTempId(value) ? value : parseId(value, 'service id')));
}

/** A server id, or the create still in the outbox that a temp id (or its first characters) names. */
type ItemRef = { id: number } | { id: string; queued: OutboxEntryView } | { id: string; heldBy: { pid: number; role: OutboxOwnerRole } };

const MIN_TEMP_PREFIX = TEMP_ID_PREFIX.length + 4;

/**
 * An id as the user gives it: a server id, or a temp id `tmp-…` in full or its first characters (at least
 * four after `tmp-`, as long as one queued create has it). Once the create was sent, its server id. For a
 * write (`forWrite`), a whole temp id is not waited for while another process holds the outbox: the write
 * carries it, and waits for the outbox itself or is handed over.
 */
async function resolveRef(ctx: CliContext, kind: PageItemKind<PageItem>, text: string, options: { forWrite?: boolean } = {}): Promise<ItemRef> {
  if (!text.toLowerCase().startsWith(TEMP_ID_PREFIX)) return { id: parseId(text, `${kind.noun} id`) };
  if (text.length < MIN_TEMP_PREFIX) throw new CliUsageError(`give at least 4 characters after "${TEMP_ID_PREFIX}" of the temp id`);
  const wanted = text.toLowerCase();
  let matches: OutboxEntryView[];
  try {
    matches = await withOutbox(
      ctx,
      async (outbox) =>
        outbox.list().filter((entry) => entry.operation === kind.ops.create && entry.tempId !== undefined && entry.tempId.toLowerCase().startsWith(wanted)),
      options.forWrite && isTempId(text) ? { waitMs: 0 } : {},
    );
  } catch (error) {
    if (!(error instanceof OutboxBusyError)) throw error;
    // Another process owns the outbox (the app, or a command for long): a whole temp id goes with the write,
    // handed over or queued, and the outbox maps it to the server id when it takes the write in.
    if (isTempId(text)) return { id: text, heldBy: { pid: error.holderPid, role: error.holderRole } };
    throw new AppError('conflict', `${holderText(error.holderPid, error.holderRole)} the outbox, so ${text} cannot be looked up: give the whole temp id`);
  }
  if (matches.length === 0) throw new AppError('not_found', `no ${kind.noun} with temp id ${text} in the outbox (statusdesk outbox list shows what is queued)`);
  if (matches.length > 1) throw new CliUsageError(`${text} matches ${matches.length} queued ${kind.group}; give more of the temp id`);
  const entry = matches[0]!;
  if (typeof entry.serverId === 'number') return { id: entry.serverId };
  return { id: entry.tempId!, queued: entry };
}

/** "the Statusdesk app (pid 12) owns" / "another statusdesk command (pid 12) holds" */
function holderText(pid: number, role: OutboxOwnerRole): string {
  return role === 'app' ? `the Statusdesk app (pid ${pid}) owns` : `another statusdesk command (pid ${pid}) holds`;
}

/** Service id → name from the page's public summary; empty when it cannot be read (ids are shown then). */
async function serviceNames(client: StatusPageClient, subdomain: string): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  try {
    const visit = (services: NormalizedService[]) => {
      for (const service of services) {
        if (service.id !== null) names.set(service.id, service.name);
        visit(service.children);
      }
    };
    visit(normalizePageSummary(await client.getPageSummary({ subdomain })).services);
  } catch {
    // The item itself was read; its services are named by id rather than failing the command.
  }
  return names;
}

function describe(kind: PageItemKind<PageItem>, item: PageItem, names: Map<number | string, string>, time: Time): string {
  const lines = kind.heading(item, time);
  if (item.service_ids?.length) lines.push(`  services: ${item.service_ids.map((id) => names.get(id) ?? `#${id}`).join(', ')}`);
  for (const update of item.updates ?? []) {
    lines.push(`  ${time(update.posted_at ?? update.inserted_at)} ${update.type ?? 'update'}: ${(update.description ?? '').replace(/\s+/g, ' ')}`);
  }
  return lines.join('\n');
}

/** A create still in the outbox, shown from what was queued. */
function describeQueued(kind: PageItemKind<PageItem>, entry: OutboxEntryView, names: Map<number | string, string>, time: Time): string {
  const body = (entry.input[kind.bodyKey] ?? {}) as Partial<PageItem> & { type?: string; updates?: Array<{ type?: string; description?: string }> };
  const lines = [
    `${entry.tempId} ${body.type ? `[${body.type}] ` : ''}${body.title ?? ''}`,
    `  queued ${time(entry.createdAt)}, not sent yet (${entry.state}${entry.waiting ? `, ${entry.waiting}` : ''}); statusdesk outbox flush sends it`,
  ];
  const ids = (body.service_ids ?? []) as Array<number | string>;
  if (ids.length) lines.push(`  services: ${ids.map((id) => names.get(id) ?? `#${id}`).join(', ')}`);
  for (const update of body.updates ?? []) lines.push(`  ${update.type ?? 'update'}: ${(update.description ?? '').replace(/\s+/g, ' ')}`);
  return lines.join('\n');
}

/** Prints the outcome of a write: the server's answer when sent, else where it waits. */
function printOutcome<T>(
  ctx: CliContext,
  outcome: WriteOutcome,
  sent: (object: T, entry: OutboxEntryView) => { json: Record<string, unknown>; text: string },
): void {
  if (outcome.state !== 'sent') {
    const queued = notSentResult(outcome);
    ctx.print.result(queued.json, () => queued.text);
    return;
  }
  const shown = sent(outcome.object as T, outcome.entry);
  ctx.print.result({ state: 'sent', id: outcome.entry.id, ...shown.json }, () => shown.text);
}

/** `<group> list`: one page (--limit), or every page (--all). */
export function addListCommand<T extends PageItem>(
  group: Command,
  run: RunAction,
  kind: PageItemKind<T>,
  options: {
    description: string;
    typeOption?: string;
    /** A type refused without asking the server. */
    refuseType?: (type: string) => string | null;
    /** Asked when nothing of the type came back: refuses a type the page does not have. */
    checkType?: (ctx: CliContext, subdomain: string, type: string) => Promise<void>;
  },
): void {
  const command = group.command('list').description(options.description).argument('<subdomain>', 'the status page subdomain');
  if (options.typeOption) command.option('--type <type>', options.typeOption);
  command
    .option('--limit <n>', 'how many per page (1 to 100; the server gives 20 without it, 100 with --all)', parseLimit)
    .option('--all', 'every one, following the pages the server gives')
    .addOption(formatOption())
    .action(
      run(async (ctx, subdomain: string, flags: ItemListFlags) => {
        if (flags.type !== undefined) {
          requireText({ '--type': flags.type });
          const refusal = options.refuseType?.(flags.type);
          if (refusal) throw new CliUsageError(refusal);
        }
        // Printed page by page as the server answers (item-list.ts).
        const { count } = await listItems(ctx, kind, subdomain, flags);
        // Nothing of that type: say so when the type itself cannot be right.
        if (count === 0 && flags.type !== undefined) await options.checkType?.(ctx, subdomain, flags.type);
      }),
    );
}

/** `<group> <name> <subdomain> <id>`: a command on one item, by its id or the temp id of a queued create. */
export function itemCommand(group: Command, name: string, description: string, kind: PageItemKind<PageItem>): Command {
  return group
    .command(name)
    .description(description)
    .argument('<subdomain>', 'the status page subdomain')
    .argument('<id>', `the ${kind.noun} id, or the temp id (or its first characters) of one queued offline`);
}

/** `<group> show`: one item with its services by name and its updates; a queued create by its temp id. */
export function addShowCommand<T extends PageItem>(group: Command, run: RunAction, kind: PageItemKind<T>, description: string): void {
  itemCommand(group, 'show', description, kind as unknown as PageItemKind<PageItem>).action(
    run(async (ctx, subdomain: string, text: string) => {
      const ref = await resolveRef(ctx, kind as unknown as PageItemKind<PageItem>, text);
      const client = await ctx.client(subdomain);
      const time: Time = (value) => ctx.time(value);
      if ('heldBy' in ref) {
        const where = ref.heldBy.role === 'app' ? "see the app's Outbox screen" : 'try again once it is done';
        throw new AppError('conflict', `${holderText(ref.heldBy.pid, ref.heldBy.role)} the outbox that has ${ref.id}: ${where}`);
      }
      if ('queued' in ref) {
        const names = await serviceNames(client, subdomain);
        ctx.print.result({ state: 'queued', entry: ref.queued }, () => describeQueued(kind as unknown as PageItemKind<PageItem>, ref.queued, names, time));
        return;
      }
      const [item, names] = await Promise.all([
        kind.get(client, subdomain, ref.id).catch((error: unknown) => {
          throw notFoundItem(error, kind as unknown as PageItemKind<PageItem>, subdomain, ref.id);
        }),
        serviceNames(client, subdomain),
      ]);
      ctx.print.result(item, () => describe(kind as unknown as PageItemKind<PageItem>, item, names, time));
    }),
  );
}

/** A 404 on one item names the item and the page, and how to find the right id, instead of a path template. */
function notFoundItem(error: unknown, kind: PageItemKind<PageItem>, subdomain: string, id: number): unknown {
  if (!(error instanceof StatusPageApiError) || error.status !== 404) return error;
  return new AppError(
    'not_found',
    `no ${kind.noun} #${id} on page ${subdomain} (the server answered 404): check the id (statusdesk ${kind.group} list ${subdomain}) and the page`,
    { status: 404 },
  );
}

/** `<group> delete`, through the outbox. */
export function addDeleteCommand(group: Command, run: RunAction, kind: PageItemKind<PageItem>, description: string): void {
  itemCommand(group, 'delete', description, kind).action(
    run(async (ctx, subdomain: string, text: string) => {
      const { id } = await resolveRef(ctx, kind, text, { forWrite: true });
      const write = { ...(await writeTarget(ctx, subdomain)), operation: kind.ops.delete, input: { subdomain, [kind.idParam]: id } };
      const outcome = await submitCheckedWrite(ctx, write, { kind });
      printOutcome(ctx, outcome, () => ({ json: { deleted: id }, text: `deleted ${kind.noun} #${id}` }));
    }),
  );
}

/** Posts an update to an item (update, resolve), through the outbox; `done` words the sent update. */
export async function postUpdate(
  ctx: CliContext,
  kind: PageItemKind<PageItem>,
  subdomain: string,
  text: string,
  update: Record<string, unknown>,
  done: (posted: { id: number; type?: string | null }, itemId: number | string) => string,
): Promise<void> {
  const { id } = await resolveRef(ctx, kind, text, { forWrite: true });
  const write = { ...(await writeTarget(ctx, subdomain)), operation: kind.ops.addUpdate, input: { subdomain, [kind.idParam]: id, update } };
  const outcome = await submitCheckedWrite(ctx, write, { kind });
  // The item's id as the server knows it once a queued create was sent before this update.
  printOutcome<{ id: number; type?: string | null }>(ctx, outcome, (posted, entry) => ({
    json: { update: posted },
    text: done(posted, (entry.input[kind.idParam] as number | string | undefined) ?? id),
  }));
}

/** "posted update #12 (monitoring) to incident #5" */
export function postedText(kind: PageItemKind<PageItem>): (posted: { id: number; type?: string | null }, itemId: number | string) => string {
  return (posted, itemId) => `posted update #${posted.id}${posted.type ? ` (${posted.type})` : ''} to ${kind.noun} #${itemId}`;
}

/** Creates an item through the outbox and says what the server made of it. */
export async function createItem(
  ctx: CliContext,
  kind: PageItemKind<PageItem>,
  subdomain: string,
  body: Record<string, unknown>,
  options: SubmitOptions = {},
): Promise<void> {
  const write = { ...(await writeTarget(ctx, subdomain)), operation: kind.ops.create, input: { subdomain, [kind.bodyKey]: body } };
  const outcome = await submitCheckedWrite(ctx, write, { ...options, kind });
  printOutcome<PageItem & { type?: string }>(ctx, outcome, (item) => ({
    json: { [kind.noun]: item },
    text: `created #${item.id}${item.type ? ` [${item.type}]` : ''} ${item.title}`,
  }));
}
