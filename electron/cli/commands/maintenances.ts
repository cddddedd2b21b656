import { Option, type Command } from 'commander';
import { apiDateTimeToEpochMs, formatApiDateTime } from '@shared/statuspal/datetime';
import type { Incident } from '@shared/statuspal/schemas/incident';
import { CliUsageError } from '../output';
import type { RunAction } from '../run-action';
import { incidentKind } from './incidents';
import { checkListType, namedTypeRefusal, typeRefusal } from './item-types';
import { addItemCommands, updateTypeOption, type CreateOptions } from './item-commands';
import type { PageItemKind } from './page-item-kind';

/** A maintenance is an incident of type scheduled (or a custom maintenance type): its list is filtered so. */
const base = incidentKind('maintenances', 'maintenance');
const MAINTENANCES: PageItemKind<Incident> = {
  ...base,
  pages: (client, subdomain, query, maxPages) => base.pages(client, subdomain, { ...query, type: query.type ?? 'scheduled' }, maxPages),
};

/** A time of the command line: ISO 8601 with Z or an offset (a naive time would be read as UTC by the API). */
function apiTime(flag: string, text: string): string {
  const epoch = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? apiDateTimeToEpochMs(text) : null;
  if (epoch === null) throw new CliUsageError(`${flag} must be a time in ISO 8601 with Z or an offset, e.g. 2026-12-01T22:00:00+01:00, not "${text}"`);
  return formatApiDateTime(epoch);
}

/** maintenances list|show|create|update|delete */
export function registerMaintenanceCommands(program: Command, run: RunAction): void {
  addItemCommands<Incident, MaintenanceCreateOptions>(program, run, {
    kind: MAINTENANCES,
    description: 'list, show, schedule, update and delete maintenances',
    list: {
      description: "a page's maintenances (type scheduled, or --type a custom maintenance type), newest first",
      typeOption: 'a custom maintenance type of the page instead of scheduled',
      refuseType: (type) => namedTypeRefusal(type, 'maintenance'),
      checkType: (ctx, subdomain, type) => checkListType(ctx, subdomain, type, 'maintenance'),
    },
    show: 'one maintenance with its services and updates',
    create: {
      description: 'schedule a maintenance (needs a key; queued when the server cannot be reached)',
      options: [
        new Option('--starts <time>', 'when it starts: ISO 8601 with Z or an offset').makeOptionMandatory(),
        new Option('--ends <time>', 'when it ends (default: open-ended)'),
        new Option('--type <type>', 'scheduled or a custom maintenance type of the page').default('scheduled'),
      ],
      texts: (options) => ({ '--type': options.type }),
      fields: maintenanceFields,
      firstUpdateType: () => 'scheduled',
      whyRefused: (ctx, subdomain, options) => typeRefusal(ctx, subdomain, options.type, 'maintenance'),
    },
    update: {
      description: 'post an update to a maintenance (--update-type resolved ends it)',
      updateTypeOption: updateTypeOption('scheduled, update, resolved, …', 'update'),
    },
    delete: 'delete a maintenance permanently (needs a key; queued when the server cannot be reached)',
  });
}

interface MaintenanceCreateOptions extends CreateOptions {
  starts: string;
  ends?: string;
  type: string;
}

/** The window in UTC, checked before anything is queued, and a type that names a maintenance. */
function maintenanceFields(options: MaintenanceCreateOptions): Record<string, unknown> {
  const startsAt = apiTime('--starts', options.starts);
  const endsAt = options.ends === undefined ? undefined : apiTime('--ends', options.ends);
  if (endsAt !== undefined && endsAt <= startsAt) throw new CliUsageError('--ends must be after --starts');
  const named = namedTypeRefusal(options.type, 'maintenance');
  if (named) throw new CliUsageError(named);
  return { type: options.type, starts_at: startsAt, ...(endsAt === undefined ? {} : { ends_at: endsAt }) };
}
