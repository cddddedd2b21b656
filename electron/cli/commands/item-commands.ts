import { Option, type Command } from 'commander';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';
import type { RunAction } from '../run-action';
import {
  addDeleteCommand,
  addListCommand,
  addShowCommand,
  collect,
  createItem,
  itemCommand,
  postUpdate,
  postedText,
  requireText,
  serviceIdsOf,
} from './page-items';
import type { PageItem, PageItemKind } from './page-item-kind';

/*
 * One command group of page items (incidents, maintenances, notices): list, show, create, update, the group's
 * own commands, delete. The groups differ in their words, their create's own options and body fields, and the
 * update's type; everything else (the shared options, the checks, the writes through the outbox) is here once.
 */

/** What every create takes: a title, the services it concerns, a first update, and whether to notify. */
export interface CreateOptions {
  title: string;
  service?: string[];
  message?: string;
  notify?: boolean;
}

interface CreateCommandSpec<O extends CreateOptions> {
  description: string;
  /** The create's own options, listed after --title (and --update-type, after --message). */
  options?: Option[];
  firstUpdateTypeOption?: Option;
  /** The create's own text options that must not be blank, by flag. */
  texts?: (options: O) => Record<string, string | undefined>;
  /** The body's own fields (type, times); throws a CliUsageError for a value the server would refuse. */
  fields?: (options: O) => Record<string, unknown>;
  /** The first update's type; notices have none. */
  firstUpdateType?: (options: O) => string;
  /** A sentence naming the command line's mistake when the server refused the create as invalid. */
  whyRefused?: (ctx: CliContext, subdomain: string, options: O) => Promise<string | null>;
}

interface ItemCommandsSpec<T extends PageItem, O extends CreateOptions> {
  kind: PageItemKind<T>;
  description: string;
  list: Parameters<typeof addListCommand>[3];
  show: string;
  create: CreateCommandSpec<O>;
  update: {
    description: string;
    updateTypeOption?: Option;
    /** `--all-linked`: the update to every page the item is linked on (incidents); returns the exit code. */
    allLinked?: (ctx: CliContext, subdomain: string, id: string, update: Record<string, unknown>) => Promise<number>;
  };
  /** Commands of this group alone (resolve), listed before delete. */
  more?: (group: Command, run: RunAction, kind: PageItemKind<PageItem>) => void;
  delete: string;
}

/** `--notify` as the API takes it: only when asked for. */
export function notifyField(notify: boolean | undefined): { notify?: true } {
  return notify ? { notify: true } : {};
}

export function addItemCommands<T extends PageItem, O extends CreateOptions>(program: Command, run: RunAction, spec: ItemCommandsSpec<T, O>): void {
  const kind = spec.kind as unknown as PageItemKind<PageItem>;
  const group = program.command(spec.kind.group).description(spec.description);
  addListCommand(group, run, spec.kind, spec.list);
  addShowCommand(group, run, spec.kind, spec.show);
  addCreateCommand(group, run, kind, spec.create);
  addUpdateCommand(group, run, kind, spec.update);
  spec.more?.(group, run, kind);
  addDeleteCommand(group, run, kind, spec.delete);
}

function addCreateCommand<O extends CreateOptions>(group: Command, run: RunAction, kind: PageItemKind<PageItem>, spec: CreateCommandSpec<O>): void {
  const command = group
    .command('create')
    .description(spec.description)
    .argument('<subdomain>', 'the status page subdomain')
    .requiredOption('--title <title>', `the ${kind.noun} title`);
  for (const option of spec.options ?? []) command.addOption(option);
  command
    .option('--service <id>', `the id of a service the ${kind.noun} concerns, as "statusdesk summary" shows them (repeatable)`, collect)
    .option('--message <text>', 'the first update');
  if (spec.firstUpdateTypeOption) command.addOption(spec.firstUpdateTypeOption);
  command.option('--notify', "notify the page's subscribers of the first update").action(
    run(async (ctx, subdomain: string, options: O) => {
      requireText({ '--title': options.title, ...spec.texts?.(options), '--message': options.message });
      if (options.notify && options.message === undefined) throw new CliUsageError('--notify sends the first update to subscribers: give it with --message');
      const fields = spec.fields?.(options) ?? {};
      const serviceIds = serviceIdsOf(options.service);
      const type = spec.firstUpdateType?.(options);
      const firstUpdate = { ...(type === undefined ? {} : { type }), description: options.message, ...notifyField(options.notify) };
      const body = {
        ...fields,
        title: options.title,
        ...(serviceIds.length ? { service_ids: serviceIds } : {}),
        ...(options.message ? { updates: [firstUpdate] } : {}),
      };
      const whyRefused = spec.whyRefused;
      await createItem(ctx, kind, subdomain, body, whyRefused ? { whyRefused: () => whyRefused(ctx, subdomain, options) } : {});
    }),
  );
}

function addUpdateCommand(group: Command, run: RunAction, kind: PageItemKind<PageItem>, spec: ItemCommandsSpec<PageItem, CreateOptions>['update']): void {
  const command = itemCommand(group, 'update', spec.description, kind).requiredOption('--message <text>', 'the update text');
  if (spec.updateTypeOption) command.addOption(spec.updateTypeOption);
  command.option('--notify', "notify the page's subscribers of this update");
  const allLinked = spec.allLinked;
  if (allLinked) command.option('--all-linked', `post it to every page this ${kind.noun} is linked on (one write per page)`);
  command.action(
    run(async (ctx, subdomain: string, id: string, options: { message: string; updateType?: string; notify?: boolean; allLinked?: boolean }) => {
      requireText({ '--message': options.message, ...(spec.updateTypeOption ? { '--update-type': options.updateType } : {}) });
      const type = options.updateType;
      const update = { ...(type === undefined ? {} : { type }), description: options.message, ...notifyField(options.notify) };
      if (allLinked && options.allLinked) return allLinked(ctx, subdomain, id, update);
      await postUpdate(ctx, kind, subdomain, id, update, postedText(kind));
    }),
  );
}

/** `--update-type` with its default. */
export function updateTypeOption(help: string, fallback: string): Option {
  return new Option('--update-type <type>', help).default(fallback);
}
