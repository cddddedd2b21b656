import type { Command } from 'commander';
import {
  ALERT_DESTINATION_KINDS,
  ALERT_DESTINATION_LABELS,
  alertDestinationKindSchema,
  newAlertDestinationSchema,
  type AlertDestination,
  type AlertDestinationKind,
  type NewAlertDestination,
} from '@shared/alerts/alert-destination';
import type { AlertsView } from '@shared/alerts/alerts-view';
import { describeIssues } from '@shared/validation/describe-issues';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';
import type { RunAction } from '../run-action';
import { whileAppIsNotRunning } from '../while-app-is-not-running';
import { deliveriesText, deliveryStateWords, destinationsText, ruleWords } from './alerts-lines';
import { openAlerts, type OpenedAlerts } from './alerts-open';
import { ruleFromOptions, type RuleOptions } from './alerts-rule-options';
import { SECRET_PARTS, secretFields, secretLines } from './alerts-secret-text';
import { isKnownTimeZone } from '@core/alerts/routing/quiet-hours';

/*
 * statusdesk alerts list|add|remove|rule|rule-remove|test|retry: the same use cases the Settings → Alerts
 * screen calls (AlertsApi), over the same settings file, keychain and delivery queue. A destination's address
 * or key is never an argument (it would stay in the shell history and the process list): it is read from
 * stdin, or typed at a prompt that does not echo.
 */

interface AddOptions {
  name: string;
  zone?: string;
  eventsUrl?: string;
}

const DELIVERIES_SHOWN = 50;

/** A destination named by its id or its name (case aside). */
function findDestination(view: AlertsView, wanted: string): AlertDestination {
  const lower = wanted.trim().toLowerCase();
  const found = view.destinations.find((d) => d.id === wanted) ?? view.destinations.find((d) => d.name.toLowerCase() === lower);
  if (!found) throw new CliUsageError(`no alert destination "${wanted}" (destinations: ${view.destinations.map((d) => d.name).join(', ') || 'none'})`);
  return found;
}

function kindOf(text: string): AlertDestinationKind {
  const parsed = alertDestinationKindSchema.safeParse(text.toLowerCase());
  if (!parsed.success) throw new CliUsageError(`the kind must be one of ${ALERT_DESTINATION_KINDS.join(', ')}; not "${text}"`);
  return parsed.data;
}

/** The secret parts, from a pipe (its non-empty lines) or typed at prompts without echo; never from the command line. */
async function readSecretLines(ctx: CliContext, kind: AlertDestinationKind, name: string): Promise<string[]> {
  if (ctx.io.stdinIsTty && ctx.io.promptSecret) {
    const lines: string[] = [];
    for (const part of SECRET_PARTS[kind]) lines.push((await ctx.io.promptSecret(`${part} for ${name} (typing is not shown): `)).trim());
    return lines.filter((line) => line !== '');
  }
  if (!ctx.io.stdinIsTty && ctx.io.readStdin) return secretLines(await ctx.io.readStdin());
  return [];
}

/** Runs `use` on the alerts, closed afterwards whatever happens. */
async function withAlerts<T>(ctx: CliContext, use: (alerts: OpenedAlerts) => Promise<T>): Promise<T> {
  const alerts = await openAlerts(ctx);
  try {
    return await use(alerts);
  } finally {
    await alerts.close();
  }
}

/** A command that changes the alerts: refused while the app runs on the folder (it owns them then), the alerts open for it. */
function changeAlerts<T>(ctx: CliContext, use: (alerts: OpenedAlerts) => Promise<T>): Promise<T> {
  return whileAppIsNotRunning(ctx, () => withAlerts(ctx, use), 'alerts');
}

export function registerAlertsCommands(program: Command, run: RunAction): void {
  const alerts = program
    .command('alerts')
    .description('team alerts to Slack, Microsoft Teams, PagerDuty and webhooks, shared with the app (secrets in the OS keychain)')
    .addHelpText(
      'after',
      [
        '',
        'A destination is named by its name or its id. The secret of "alerts add" is read from stdin or typed at a',
        'prompt that does not show it, never an argument:',
        '  slack, teams   the webhook address',
        '  pagerduty      the routing (integration) key; --events-url for the EU service',
        "  webhook        the receiver's address, then the signing secret on the next line",
      ].join('\n'),
    );

  alerts
    .command('list')
    .description('destinations with their rules and whether their secret is stored, then the delivery log, newest first')
    .option('--limit <n>', 'deliveries shown', String(DELIVERIES_SHOWN))
    .action(
      run(async (ctx, options: { limit: string }) => {
        const limit = Number(options.limit);
        if (!Number.isInteger(limit) || limit < 1) throw new CliUsageError('--limit must be a whole number, at least 1');
        const { view, deliveries } = await withAlerts(ctx, async ({ api }) => ({ view: await api.view(), deliveries: await api.deliveries({ limit }) }));
        const pages = (await ctx.settings()).get().watchedPages;
        ctx.print.result({ destinations: view.destinations, rules: view.rules, deliveries }, () =>
          [destinationsText(view, pages), '', deliveriesText(deliveries, (iso) => ctx.time(iso))].join('\n'),
        );
      }),
    );

  alerts
    .command('add')
    .description('add a destination: its address or key from stdin or a prompt')
    .argument('<kind>', ALERT_DESTINATION_KINDS.join(', '))
    .requiredOption('--name <name>', 'a name for it (what the other commands take)')
    .option('--zone <IANA zone>', "the team's time zone, for quiet hours and the times in messages (default: this computer's)")
    .option('--events-url <url>', 'PagerDuty: the Events API address (default the US service; https://events.eu.pagerduty.com/v2/enqueue for the EU)')
    .action(run(async (ctx, kindText: string, options: AddOptions) => addDestination(ctx, kindOf(kindText), options)));

  alerts
    .command('remove')
    .description('remove a destination, its rules, its secret and its undelivered messages')
    .argument('<destination>', 'its name or id')
    .action(
      run(async (ctx, wanted: string) =>
        changeAlerts(ctx, async ({ api }) => {
          const destination = findDestination(await api.view(), wanted);
          const { droppedMessages } = await api.removeDestination(destination.id);
          ctx.print.result(
            { removed: destination.name, id: destination.id, droppedMessages },
            () =>
              `removed ${destination.name}, its rules and its secret${droppedMessages > 0 ? `; ${droppedMessages} undelivered ${droppedMessages === 1 ? 'message was' : 'messages were'} dropped` : ''}`,
          );
        }),
      ),
    );

  alerts
    .command('rule')
    .description('add a rule to a destination (or replace one with --replace): which pages, from which level, which updates, quiet hours')
    .argument('<destination>', 'its name or id')
    .option('--pages <pages...>', 'watched pages by name, subdomain or address (default: every watched page, those added later too)')
    .option('--min-level <level>', 'the least severe change sent: operational, maintenance, minor (default) or major')
    .option('--only-open-resolve', 'only openings and resolutions, not every update')
    .option('--quiet <HH:MM-HH:MM>', "quiet hours in the destination's zone: below major is held, then sent as one digest")
    .option('--replace <rule-id>', 'replace this rule instead of adding one')
    .option('--off', 'save it switched off')
    .action(
      run(async (ctx, wanted: string, options: RuleOptions) =>
        changeAlerts(ctx, async ({ api }) => {
          const view = await api.view();
          const destination = findDestination(view, wanted);
          if (options.replace !== undefined && !view.rules.some((r) => r.id === options.replace && r.destinationId === destination.id)) {
            throw new CliUsageError(`"${destination.name}" has no rule ${options.replace} (statusdesk alerts list shows its rules)`);
          }
          const pages = (await ctx.settings()).get().watchedPages;
          const saved = await api.saveRule(ruleFromOptions(destination, options, pages));
          ctx.print.result(
            { rule: saved },
            () => `${options.replace ? 'replaced' : 'added'} rule ${saved.id} for ${destination.name}: ${ruleWords(saved, pages)}`,
          );
        }),
      ),
    );

  alerts
    .command('rule-remove')
    .description('remove a rule')
    .argument('<rule-id>', 'as statusdesk alerts list shows it')
    .action(
      run(async (ctx, ruleId: string) =>
        changeAlerts(ctx, async ({ api }) => {
          const view = await api.view();
          const rule = view.rules.find((r) => r.id === ruleId);
          if (!rule) throw new CliUsageError(`no rule ${ruleId} (statusdesk alerts list shows the rules)`);
          await api.removeRule(rule.id);
          const name = view.destinations.find((d) => d.id === rule.destinationId)?.name ?? rule.destinationId;
          ctx.print.result({ removed: rule.id }, () => `removed rule ${rule.id} of ${name}`);
        }),
      ),
    );

  alerts
    .command('test')
    .description('send a test message to a destination and say what became of it (exits 1 when it was not delivered)')
    .argument('<destination>', 'its name or id')
    .action(
      run(async (ctx, wanted: string) =>
        changeAlerts(ctx, async ({ api, start }) => {
          const destination = findDestination(await api.view(), wanted);
          ctx.print.note(`sending a test message to ${destination.name} (${destination.origin})…`);
          await start();
          const outcome = await api.test(destination.id);
          ctx.print.result({ delivery: outcome }, () => `test message to ${destination.name}: ${deliveryStateWords(outcome, (iso) => ctx.time(iso))}`);
          return outcome.state === 'delivered' ? 0 : 1;
        }),
      ),
    );

  alerts
    .command('retry')
    .description('send a message that was not delivered (or is held by quiet hours) now, and say what became of it (exits 1 unless delivered)')
    .argument('<delivery-id>', 'as statusdesk alerts list shows it')
    .action(
      run(async (ctx, deliveryId: string) =>
        changeAlerts(ctx, async ({ api, start, outcomeOf }) => {
          const known = await api.deliveries({});
          const delivery = known.find((d) => d.id === deliveryId);
          if (!delivery) throw new CliUsageError(`no delivery ${deliveryId} in the log (statusdesk alerts list shows them)`);
          if (delivery.state !== 'not_delivered' && delivery.state !== 'held') {
            throw new CliUsageError(
              `delivery ${deliveryId} is ${deliveryStateWords(delivery, (iso) => ctx.time(iso))}: only one NOT DELIVERED (or held) is sent again`,
            );
          }
          await start();
          const queued = await api.retry(deliveryId);
          ctx.print.note(`sending "${queued.title}" to ${queued.destinationName} again…`);
          const again = queued.state === 'delivered' ? queued : await outcomeOf(queued.id);
          ctx.print.result({ delivery: again }, () => `${again.title} to ${again.destinationName}: ${deliveryStateWords(again, (iso) => ctx.time(iso))}`);
          return again.state === 'delivered' ? 0 : 1;
        }),
      ),
    );
}

async function addDestination(ctx: CliContext, kind: AlertDestinationKind, options: AddOptions): Promise<void> {
  const timeZone = options.zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isKnownTimeZone(timeZone)) throw new CliUsageError(`--zone must be an IANA time zone (e.g. Europe/Berlin, America/New_York); not "${timeZone}"`);
  if (options.eventsUrl !== undefined && kind !== 'pagerduty') throw new CliUsageError('--events-url is for pagerduty destinations only');
  const fields = newAlertDestinationSchema.omit({ address: true, key: true }).safeParse({ name: options.name, kind, timeZone });
  if (!fields.success) throw new CliUsageError(describeIssues(fields.error.issues));
  // Whether the app runs, and whether the name is free, before anyone types a secret for nothing.
  await whileAppIsNotRunning(ctx, () => Promise.resolve(), 'alerts');
  const taken = await withAlerts(ctx, async ({ api }) =>
    (await api.view()).destinations.some((d) => d.name.toLowerCase() === options.name.trim().toLowerCase()),
  );
  if (taken) throw new CliUsageError(`a destination named "${options.name}" already exists (statusdesk alerts remove "${options.name}" first)`);
  const input: NewAlertDestination = { ...fields.data, ...secretFields(kind, await readSecretLines(ctx, kind, options.name), options.eventsUrl) };
  const parsed = newAlertDestinationSchema.safeParse(input);
  if (!parsed.success) throw new CliUsageError(describeIssues(parsed.error.issues));
  const added = await changeAlerts(ctx, ({ api }) => api.addDestination(parsed.data));
  ctx.print.result({ destination: added }, () =>
    [
      `added ${ALERT_DESTINATION_LABELS[added.kind]} destination ${added.name} (${added.id}), sending to ${added.origin}, zone ${added.timeZone}; its secret is in the keychain`,
      `it receives nothing until it has a rule: statusdesk alerts rule "${added.name}" [--pages …] [--min-level major]; statusdesk alerts test "${added.name}" sends a test message`,
    ].join('\n'),
  );
}
