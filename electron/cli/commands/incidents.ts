import { Option, type Command } from 'commander';
import { tryParseApiDateTime } from '../../../shared/statuspage/datetime';
import type { Incident } from '../../../shared/statuspage/schemas/incident';
import { CliUsageError } from '../output';
import type { RunAction } from '../run-action';
import { checkListType, typeRefusal } from './item-types';
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

/** open, upcoming (a maintenance not yet started) or ended, judged in UTC as the API's datetimes are. */
export function incidentState(incident: Incident, now: Date = new Date()): 'open' | 'upcoming' | 'ended' {
  const startsAt = tryParseApiDateTime(incident.starts_at);
  const endsAt = tryParseApiDateTime(incident.ends_at);
  if (startsAt && startsAt > now) return 'upcoming';
  if (endsAt && endsAt <= now) return 'ended';
  return 'open';
}

function stateText(incident: Incident, time: (value: string | null | undefined) => string): string {
  const current = incidentState(incident);
  if (current === 'ended') return `ended ${time(incident.ends_at)}`;
  if (current === 'upcoming') return `upcoming, ends ${incident.ends_at ? time(incident.ends_at) : 'open-ended'}`;
  return 'open';
}

/** Incidents and maintenances are both incidents of the API; only their words and the list's filter differ. */
export function incidentKind(group: string, noun: string): PageItemKind<Incident> {
  return {
    group,
    noun,
    idParam: 'incidentId',
    bodyKey: 'incident',
    ops: { create: 'createIncident', addUpdate: 'addIncidentUpdate', delete: 'deleteIncident' },
    pages: (client, subdomain, query, maxPages) => client.pages('listIncidents', { subdomain, ...query }, maxPages === undefined ? {} : { maxPages }),
    get: (client, subdomain, id) => client.getIncident({ subdomain, incidentId: id }),
    columns: ['ID', 'TYPE', 'STATE', 'STARTED', 'TITLE'],
    row: (i, time) => [String(i.id), i.type, incidentState(i), i.starts_at ? time(i.starts_at) : '', i.title],
    heading: (i, time) => [`#${i.id} [${i.type}] ${i.title}`, `  ${stateText(i, time)}; started ${i.starts_at ? time(i.starts_at) : 'unknown'}`],
  };
}

export const INCIDENTS = incidentKind('incidents', 'incident');
const kind = INCIDENTS as unknown as PageItemKind<PageItem>;

/**
 * incidents list|show|create|update|resolve|delete. Reads go straight to the server; writes go through the
 * outbox (see ./outbox.ts): sent at once when possible, else queued (exit 0) and sent later.
 */
export function registerIncidentCommands(program: Command, run: RunAction): void {
  const incidents = program.command('incidents').description('list, show, create, update, resolve and delete incidents');

  addListCommand(incidents, run, INCIDENTS, {
    description: "a page's incidents, newest first",
    typeOption: 'only incidents of this type (major, minor, scheduled or a custom type of the page)',
    checkType: (ctx, subdomain, type) => checkListType(ctx, subdomain, type, 'incident'),
  });
  addShowCommand(incidents, run, INCIDENTS, 'one incident with its services and updates');

  incidents
    .command('create')
    .description('open an incident (needs a key; queued when the server cannot be reached)')
    .argument('<subdomain>', 'the status page subdomain')
    .requiredOption('--title <title>', 'the incident title')
    .requiredOption('--type <type>', 'major, minor, scheduled or a custom type of the page')
    .option('--service <id>', 'an affected service id, as "statusdesk summary" shows them (repeatable)', collect)
    .option('--message <text>', 'the first update')
    .addOption(new Option('--update-type <type>', 'type of the first update').default('issue'))
    .option('--notify', "notify the page's subscribers of the first update")
    .action(
      run(
        async (
          ctx,
          subdomain: string,
          options: { title: string; type: string; service?: string[]; message?: string; updateType: string; notify?: boolean },
        ) => {
          requireText({ '--title': options.title, '--type': options.type, '--update-type': options.updateType, '--message': options.message });
          if (options.notify && options.message === undefined)
            throw new CliUsageError('--notify sends the first update to subscribers: give it with --message');
          const serviceIds = serviceIdsOf(options.service);
          await createItem(
            ctx,
            kind,
            subdomain,
            {
              type: options.type,
              title: options.title,
              ...(serviceIds.length ? { service_ids: serviceIds } : {}),
              ...(options.message
                ? { updates: [{ type: options.updateType, description: options.message, ...(options.notify ? { notify: true } : {}) }] }
                : {}),
            },
            { whyRefused: () => typeRefusal(ctx, subdomain, options.type, 'incident') },
          );
        },
      ),
    );

  incidents
    .command('update')
    .description('post an update to an incident (needs a key; queued when the server cannot be reached)')
    .argument('<subdomain>', 'the status page subdomain')
    .argument('<id>', 'the incident id, or the temp id (or its first characters) of one queued offline')
    .requiredOption('--message <text>', 'the update text')
    .addOption(new Option('--update-type <type>', 'issue, update, monitoring, resolved, …').default('update'))
    .option('--notify', "notify the page's subscribers of this update")
    .action(
      run(async (ctx, subdomain: string, id: string, options: { message: string; updateType: string; notify?: boolean }) => {
        requireText({ '--message': options.message, '--update-type': options.updateType });
        const update = { type: options.updateType, description: options.message, ...(options.notify ? { notify: true } : {}) };
        await postUpdate(ctx, kind, subdomain, id, update, postedText(kind));
      }),
    );

  incidents
    .command('resolve')
    .description('resolve an incident with a final update (needs a key; queued when the server cannot be reached)')
    .argument('<subdomain>', 'the status page subdomain')
    .argument('<id>', 'the incident id, or the temp id (or its first characters) of one queued offline')
    .option('--message <text>', 'the closing message', 'This incident has been resolved.')
    .option('--notify', "notify the page's subscribers of the resolution")
    .action(
      run(async (ctx, subdomain: string, id: string, options: { message: string; notify?: boolean }) => {
        requireText({ '--message': options.message });
        await postUpdate(
          ctx,
          kind,
          subdomain,
          id,
          { type: 'resolved', description: options.message, ...(options.notify ? { notify: true } : {}) },
          (_posted, itemId) => `resolved incident #${itemId}`,
        );
      }),
    );

  addDeleteCommand(incidents, run, kind, 'delete an incident permanently (needs a key; queued when the server cannot be reached)');
}
