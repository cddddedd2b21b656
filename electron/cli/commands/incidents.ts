import { Option, type Command } from 'commander';
import { tryParseApiDateTime } from '../../../shared/statuspage/datetime';
import { isTempId } from '../../../shared/outbox/temp-id';
import type { Incident, IncidentUpdate } from '../../../shared/statuspage/schemas/incident';
import type { CliContext } from '../context';
import { CliUsageError, table } from '../output';
import { notSentResult, submitWrite, writeTarget, type WriteOutcome } from './outbox';
import type { RunAction } from '../run-action';

export function parseId(text: string, what = 'id'): number {
  if (!/^[0-9]+$/.test(text)) throw new CliUsageError(`${what} must be a whole number, not "${text}"`);
  return Number(text);
}

/** A server id, or the temp id (`tmp-…`) a write queued offline returned; the outbox maps it when known. */
export function parseRef(text: string, what = 'id'): number | string {
  return isTempId(text) ? text : parseId(text, what);
}

function parseLimit(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 100) throw new CliUsageError('--limit must be a whole number from 1 to 100');
  return value;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** open, upcoming (a maintenance not yet started) or ended, judged in UTC as the API's datetimes are. */
export function incidentState(incident: Incident, now: Date = new Date()): 'open' | 'upcoming' | 'ended' {
  const startsAt = tryParseApiDateTime(incident.starts_at);
  const endsAt = tryParseApiDateTime(incident.ends_at);
  if (startsAt && startsAt > now) return 'upcoming';
  if (endsAt && endsAt <= now) return 'ended';
  return 'open';
}

function state(incident: Incident): string {
  const current = incidentState(incident);
  if (current === 'ended') return `ended ${incident.ends_at}`;
  if (current === 'upcoming') return `upcoming, ends ${incident.ends_at ?? 'open-ended'}`;
  return 'open';
}

function describe(incident: Incident, time: (value: string | null | undefined) => string): string {
  const lines = [
    `#${incident.id} [${incident.type}] ${incident.title}`,
    `  ${state(incident)}; started ${incident.starts_at ? time(incident.starts_at) : 'unknown'}`,
  ];
  if (incident.service_ids?.length) lines.push(`  services: ${incident.service_ids.join(', ')}`);
  for (const update of incident.updates ?? []) {
    lines.push(`  ${time(update.posted_at ?? update.inserted_at)} ${update.type}: ${(update.description ?? '').replace(/\s+/g, ' ')}`);
  }
  return lines.join('\n');
}

/**
 * incidents list|show|create|update|resolve|delete. Reads go straight to the server; writes go through the
 * outbox (see ./outbox.ts): sent at once when possible, else queued (exit 0) and sent later.
 */
export function registerIncidentCommands(program: Command, run: RunAction): void {
  const incidents = program.command('incidents').description('list, show, create, update, resolve and delete incidents');

  incidents
    .command('list')
    .description("a page's incidents, newest first")
    .argument('<subdomain>', 'the status page subdomain')
    .option('--type <type>', 'only incidents of this type (major, minor, scheduled or a custom type)')
    .option('--limit <n>', 'how many (1 to 100, default 20)', parseLimit)
    .action(
      run(async (ctx, subdomain: string, options: { type?: string; limit?: number }) => {
        const page = await ctx.client(subdomain).listIncidents({
          subdomain,
          ...(options.type ? { type: options.type } : {}),
          ...(options.limit ? { limit: options.limit } : {}),
        });
        ctx.print.result({ incidents: page.items, meta: page.meta }, () =>
          page.items.length === 0
            ? 'No incidents.'
            : table([
                ['ID', 'TYPE', 'STATE', 'STARTED', 'TITLE'],
                ...page.items.map((i) => [String(i.id), i.type, incidentState(i), i.starts_at ?? '', i.title]),
              ]),
        );
      }),
    );

  incidents
    .command('show')
    .description('one incident with its updates')
    .argument('<subdomain>', 'the status page subdomain')
    .argument('<id>', 'the incident id')
    .action(
      run(async (ctx, subdomain: string, id: string) => {
        const incident = await ctx.client(subdomain).getIncident({ subdomain, incidentId: parseId(id, 'incident id') });
        ctx.print.result(incident, () => describe(incident, (value) => ctx.time(value)));
      }),
    );

  incidents
    .command('create')
    .description('open an incident (needs a key; queued when the server cannot be reached)')
    .argument('<subdomain>', 'the status page subdomain')
    .requiredOption('--title <title>', 'the incident title')
    .requiredOption('--type <type>', 'major, minor, scheduled or a custom type of the page')
    .option('--service <id>', 'an affected service id (repeatable)', collect)
    .option('--message <text>', 'the first update')
    .addOption(new Option('--update-type <type>', 'type of the first update').default('issue'))
    .action(
      run(async (ctx, subdomain: string, options: { title: string; type: string; service?: string[]; message?: string; updateType: string }) => {
        requireText({
          '--title': options.title,
          '--type': options.type,
          '--update-type': options.updateType,
          ...(options.message === undefined ? {} : { '--message': options.message }),
        });
        const serviceIds = (options.service ?? []).map((id) => parseRef(id, 'service id'));
        const outcome = await submitWrite(ctx, {
          ...writeTarget(ctx, subdomain),
          operation: 'createIncident',
          input: {
            subdomain,
            incident: {
              type: options.type,
              title: options.title,
              ...(serviceIds.length ? { service_ids: serviceIds } : {}),
              ...(options.message ? { updates: [{ type: options.updateType, description: options.message }] } : {}),
            },
          },
        });
        if (outcome.state !== 'sent') return printNotSent(ctx, outcome);
        const incident = outcome.object as Incident;
        ctx.print.result({ state: 'sent', id: outcome.entry.id, incident }, () => `created #${incident.id} [${incident.type}] ${incident.title}`);
      }),
    );

  incidents
    .command('update')
    .description('post an update to an incident (needs a key; queued when the server cannot be reached)')
    .argument('<subdomain>', 'the status page subdomain')
    .argument('<id>', 'the incident id, or the temp id of one queued offline')
    .requiredOption('--message <text>', 'the update text')
    .addOption(new Option('--update-type <type>', 'issue, update, monitoring, resolved, …').default('update'))
    .action(
      run(async (ctx, subdomain: string, id: string, options: { message: string; updateType: string }) => {
        requireText({ '--message': options.message, '--update-type': options.updateType });
        const outcome = await submitWrite(ctx, {
          ...writeTarget(ctx, subdomain),
          operation: 'addIncidentUpdate',
          input: { subdomain, incidentId: parseRef(id, 'incident id'), update: { type: options.updateType, description: options.message } },
        });
        if (outcome.state !== 'sent') return printNotSent(ctx, outcome);
        const update = outcome.object as IncidentUpdate;
        ctx.print.result(
          { state: 'sent', id: outcome.entry.id, update },
          () => `posted update #${update.id} (${update.type}) to incident #${outcome.entry.input.incidentId}`,
        );
      }),
    );

  incidents
    .command('resolve')
    .description('resolve an incident with a final update (needs a key; queued when the server cannot be reached)')
    .argument('<subdomain>', 'the status page subdomain')
    .argument('<id>', 'the incident id, or the temp id of one queued offline')
    .option('--message <text>', 'the closing message', 'This incident has been resolved.')
    .action(
      run(async (ctx, subdomain: string, id: string, options: { message: string }) => {
        requireText({ '--message': options.message });
        const outcome = await submitWrite(ctx, {
          ...writeTarget(ctx, subdomain),
          operation: 'addIncidentUpdate',
          input: { subdomain, incidentId: parseRef(id, 'incident id'), update: { type: 'resolved', description: options.message } },
        });
        if (outcome.state !== 'sent') return printNotSent(ctx, outcome);
        ctx.print.result({ state: 'sent', id: outcome.entry.id, update: outcome.object }, () => `resolved incident #${outcome.entry.input.incidentId}`);
      }),
    );

  incidents
    .command('delete')
    .description('delete an incident permanently (needs a key; queued when the server cannot be reached)')
    .argument('<subdomain>', 'the status page subdomain')
    .argument('<id>', 'the incident id, or the temp id of one queued offline')
    .action(
      run(async (ctx, subdomain: string, id: string) => {
        const outcome = await submitWrite(ctx, {
          ...writeTarget(ctx, subdomain),
          operation: 'deleteIncident',
          input: { subdomain, incidentId: parseRef(id, 'incident id') },
        });
        if (outcome.state !== 'sent') return printNotSent(ctx, outcome);
        const deleted = outcome.entry.input.incidentId;
        ctx.print.result({ state: 'sent', id: outcome.entry.id, deleted }, () => `deleted incident #${deleted}`);
      }),
    );
}

/** A flag given with an empty value is a wrong command line, refused before anything is queued. */
function requireText(values: Record<string, string>): void {
  for (const [flag, value] of Object.entries(values)) if (value.trim() === '') throw new CliUsageError(`${flag} must not be empty`);
}

function printNotSent(ctx: CliContext, outcome: Exclude<WriteOutcome, { state: 'sent' }>): void {
  const queued = notSentResult(outcome);
  ctx.print.result(queued.json, () => queued.text);
}
