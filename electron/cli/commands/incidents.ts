import { Option, type Command } from 'commander';
import { tryParseApiDateTime } from '@shared/statuspal/datetime';
import type { Incident } from '@shared/statuspal/schemas/incident';
import type { RunAction } from '../run-action';
import { checkListType, typeRefusal } from './item-types';
import { addItemCommands, notifyField, updateTypeOption, type CreateOptions } from './item-commands';
import { itemCommand, postUpdate, requireText } from './page-items';
import type { PageItem, PageItemKind } from './page-item-kind';
import { addLinkedCommand, postToAllLinked, shellWord } from './incidents-linked';

/** open, upcoming (a maintenance not yet started) or ended, judged in UTC as the API's datetimes are. */
function incidentState(incident: Incident, now: Date = new Date()): 'open' | 'upcoming' | 'ended' {
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
    get: (client, subdomain, id, options) => client.getIncident({ subdomain, incidentId: id }, options),
    columns: ['ID', 'TYPE', 'STATE', 'STARTED', 'TITLE'],
    row: (i, time) => [String(i.id), i.type, incidentState(i), i.starts_at ? time(i.starts_at) : '', i.title],
    heading: (i, time) => [`#${i.id} [${i.type}] ${i.title}`, `  ${stateText(i, time)}; started ${i.starts_at ? time(i.starts_at) : 'unknown'}`],
  };
}

const INCIDENTS = incidentKind('incidents', 'incident');

/**
 * incidents list|show|create|update|resolve|delete. Reads go straight to the server; writes go through the
 * outbox (see ./outbox.ts): sent at once when possible, else queued (exit 0) and sent later.
 */
export function registerIncidentCommands(program: Command, run: RunAction): void {
  addItemCommands<Incident, IncidentCreateOptions>(program, run, {
    kind: INCIDENTS,
    description: 'list, show, create, update, resolve and delete incidents; linked shows the pages one is also posted on',
    list: {
      description: "a page's incidents, newest first",
      typeOption: 'only incidents of this type (major, minor, scheduled or a custom type of the page)',
      checkType: (ctx, subdomain, type) => checkListType(ctx, subdomain, type, 'incident'),
    },
    show: 'one incident with its services and updates',
    create: {
      description: 'open an incident (needs a key; queued when the server cannot be reached)',
      options: [new Option('--type <type>', 'major, minor, scheduled or a custom type of the page').makeOptionMandatory()],
      firstUpdateTypeOption: updateTypeOption('type of the first update', 'issue'),
      texts: (options) => ({ '--type': options.type, '--update-type': options.updateType }),
      fields: (options) => ({ type: options.type }),
      firstUpdateType: (options) => options.updateType,
      whyRefused: (ctx, subdomain, options) => typeRefusal(ctx, subdomain, options.type, 'incident'),
    },
    update: {
      description: 'post an update to an incident (needs a key; queued when the server cannot be reached)',
      updateTypeOption: updateTypeOption('issue, update, monitoring, resolved, …', 'update'),
      allLinked: (ctx, subdomain, id, update) =>
        postToAllLinked(ctx, subdomain, id, update, (page) => retryLine('update', page, update, ['--message', '--update-type', '--notify'])),
    },
    more: (group, run, kind) => {
      addResolveCommand(group, run, kind);
      addLinkedCommand(group, run, kind);
    },
    delete: 'delete an incident permanently (needs a key; queued when the server cannot be reached)',
  });
}

interface IncidentCreateOptions extends CreateOptions {
  type: string;
  updateType: string;
}

function addResolveCommand(incidents: Command, run: RunAction, kind: PageItemKind<PageItem>): void {
  itemCommand(incidents, 'resolve', 'resolve an incident with a final update (needs a key; queued when the server cannot be reached)', kind)
    .option('--message <text>', 'the closing message', 'This incident has been resolved.')
    .option('--notify', "notify the page's subscribers of the resolution")
    .option('--all-linked', 'resolve it on every page it is linked on (one write per page)')
    .action(
      run(async (ctx, subdomain: string, id: string, options: { message: string; notify?: boolean; allLinked?: boolean }) => {
        requireText({ '--message': options.message });
        const update = { type: 'resolved', description: options.message, ...notifyField(options.notify) };
        if (options.allLinked) return postToAllLinked(ctx, subdomain, id, update, (page) => retryLine('resolve', page, update, ['--message', '--notify']));
        await postUpdate(ctx, kind, subdomain, id, update, (_posted, itemId) => `resolved incident #${itemId}`);
      }),
    );
}

/** The command that posts the same update to one page alone (a page whose write was refused). */
function retryLine(
  command: 'update' | 'resolve',
  page: { subdomain: string; incidentId: number | string; account: string | null },
  update: { type?: string; description?: unknown; notify?: true },
  flags: ReadonlyArray<'--message' | '--update-type' | '--notify'>,
): string {
  const words = ['statusdesk', 'incidents', command, page.subdomain, String(page.incidentId)];
  if (page.account) words.push('--account', shellWord(page.account));
  if (flags.includes('--message')) words.push('--message', shellWord(String(update.description ?? '')));
  if (flags.includes('--update-type') && update.type !== undefined) words.push('--update-type', shellWord(update.type));
  if (flags.includes('--notify') && update.notify) words.push('--notify');
  return words.join(' ');
}
