import { Option, type Command } from 'commander';
import { apiDateTimeToEpochMs, formatApiDateTime } from '../../../shared/statuspage/datetime';
import type { Incident } from '../../../shared/statuspage/schemas/incident';
import { CliUsageError } from '../output';
import type { RunAction } from '../run-action';
import { incidentKind } from './incidents';
import { checkListType, namedTypeRefusal, typeRefusal } from './item-types';
import {
  addDeleteCommand,
  addListCommand,
  addShowCommand,
  collect,
  createItem,
  postUpdate,
  postedText,
  requireText,
  serviceIdsOf,
  type PageItem,
  type PageItemKind,
} from './page-items';

/** A maintenance is an incident of type scheduled (or a custom maintenance type): its list is filtered so. */
const base = incidentKind('maintenances', 'maintenance');
export const MAINTENANCES: PageItemKind<Incident> = {
  ...base,
  pages: (client, subdomain, query, maxPages) => base.pages(client, subdomain, { ...query, type: query.type ?? 'scheduled' }, maxPages),
};
const kind = MAINTENANCES as unknown as PageItemKind<PageItem>;

/** A time of the command line: ISO 8601 with Z or an offset (a naive time would be read as UTC by the API). */
function apiTime(flag: string, text: string): string {
  const epoch = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? apiDateTimeToEpochMs(text) : null;
  if (epoch === null) throw new CliUsageError(`${flag} must be a time in ISO 8601 with Z or an offset, e.g. 2026-12-01T22:00:00+01:00, not "${text}"`);
  return formatApiDateTime(epoch);
}

/** maintenances list|show|create|update|delete */
export function registerMaintenanceCommands(program: Command, run: RunAction): void {
  const maintenances = program.command('maintenances').description('list, show, schedule, update and delete maintenances');

  addListCommand(maintenances, run, MAINTENANCES, {
    description: "a page's maintenances (type scheduled, or --type a custom maintenance type), newest first",
    typeOption: 'a custom maintenance type of the page instead of scheduled',
    refuseType: (type) => namedTypeRefusal(type, 'maintenance'),
    checkType: (ctx, subdomain, type) => checkListType(ctx, subdomain, type, 'maintenance'),
  });
  addShowCommand(maintenances, run, MAINTENANCES, 'one maintenance with its services and updates');

  maintenances
    .command('create')
    .description('schedule a maintenance (needs a key; queued when the server cannot be reached)')
    .argument('<subdomain>', 'the status page subdomain')
    .requiredOption('--title <title>', 'the maintenance title')
    .requiredOption('--starts <time>', 'when it starts: ISO 8601 with Z or an offset')
    .option('--ends <time>', 'when it ends (default: open-ended)')
    .addOption(new Option('--type <type>', 'scheduled or a custom maintenance type of the page').default('scheduled'))
    .option('--service <id>', 'an affected service id, as "statusdesk summary" shows them (repeatable)', collect)
    .option('--message <text>', 'the first update')
    .option('--notify', "notify the page's subscribers of the first update")
    .action(
      run(
        async (
          ctx,
          subdomain: string,
          options: { title: string; starts: string; ends?: string; type: string; service?: string[]; message?: string; notify?: boolean },
        ) => {
          requireText({ '--title': options.title, '--type': options.type, '--message': options.message });
          if (options.notify && options.message === undefined)
            throw new CliUsageError('--notify sends the first update to subscribers: give it with --message');
          const startsAt = apiTime('--starts', options.starts);
          const endsAt = options.ends === undefined ? undefined : apiTime('--ends', options.ends);
          if (endsAt !== undefined && endsAt <= startsAt) throw new CliUsageError('--ends must be after --starts');
          const named = namedTypeRefusal(options.type, 'maintenance');
          if (named) throw new CliUsageError(named);
          const serviceIds = serviceIdsOf(options.service);
          await createItem(
            ctx,
            kind,
            subdomain,
            {
              type: options.type,
              title: options.title,
              starts_at: startsAt,
              ...(endsAt === undefined ? {} : { ends_at: endsAt }),
              ...(serviceIds.length ? { service_ids: serviceIds } : {}),
              ...(options.message ? { updates: [{ type: 'scheduled', description: options.message, ...(options.notify ? { notify: true } : {}) }] } : {}),
            },
            { whyRefused: () => typeRefusal(ctx, subdomain, options.type, 'maintenance') },
          );
        },
      ),
    );

  maintenances
    .command('update')
    .description('post an update to a maintenance (--update-type resolved ends it)')
    .argument('<subdomain>', 'the status page subdomain')
    .argument('<id>', 'the maintenance id, or the temp id (or its first characters) of one queued offline')
    .requiredOption('--message <text>', 'the update text')
    .addOption(new Option('--update-type <type>', 'scheduled, update, resolved, …').default('update'))
    .option('--notify', "notify the page's subscribers of this update")
    .action(
      run(async (ctx, subdomain: string, id: string, options: { message: string; updateType: string; notify?: boolean }) => {
        requireText({ '--message': options.message, '--update-type': options.updateType });
        await postUpdate(
          ctx,
          kind,
          subdomain,
          id,
          { type: options.updateType, description: options.message, ...(options.notify ? { notify: true } : {}) },
          postedText(kind),
        );
      }),
    );

  addDeleteCommand(maintenances, run, kind, 'delete a maintenance permanently (needs a key; queued when the server cannot be reached)');
}
