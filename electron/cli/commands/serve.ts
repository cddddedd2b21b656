import type { Command } from 'commander';
import { AccountsService } from '@core/accounts/accounts-service';
import { createStatusPageProbeClient } from '@core/accounts/probe-client';
import { MonitorService } from '@core/monitor/monitor-service';
import { KnownSecrets } from '@core/security/known-secrets';
import { resolveDataDir } from '@core/settings/data-dir';
import { SettingsStore } from '@core/settings/settings-store';
import { watchedPageFetcher } from '@core/monitor/page-fetcher';
import { countWords } from '@shared/people-words/count-words';
import type { CliContext } from '../context';
import type { CommandInterruption } from '../interruption';
import { EXIT } from '../output';
import type { RunAction } from '../run-action';
import { openHeadlessAlerts } from './alerts-open';
import { appRunsProblem, brokenConfigText, EXIT_BROKEN_CONFIG, settingsFileProblems, watchConfigProblems } from './serve-config';
import { DeliveryLogFollower } from './serve-deliveries';
import { eventLogLine } from './serve-events';
import { startingLine } from './watch';
import { ServeLog, serveLogFormat, SERVE_LOG_FORMATS } from './serve-log';
import { credentialsDirOf, serveSecrets } from './serve-secrets';

/*
 * statusdesk serve: the headless watcher. The app's settings file (its watched pages, accounts and alert
 * rules), polled by the app's monitor, routed by the app's alert router into the same durable delivery queue,
 * unattended: a service manager starts it, reads its log and stops it with SIGTERM.
 */

interface ServeOptions {
  logFormat: string;
  credentialsDir?: string;
}

/** Environment variables that may hold a key: never in a log line. */
const SECRET_ENV = ['STATUSDESK_API_KEY', 'STATUSDESK_TRANSLATION_KEY', 'STATUSDESK_ACCESS_TOKEN'];

const HELP = `
Reads the data folder's settings.json (STATUSDESK_HOME, as every command): the watched pages, the accounts and
the alert destinations and rules, exactly as the app and "statusdesk alerts" keep them. They are read at start:
restart serve after changing them (systemctl restart statusdesk-serve). Not beside the running app on the
same folder: the app sends that folder's alerts itself.

Secrets: each destination's address or key is read from the OS keychain, as the app stores it. On a server or
in a container without one, from a credentials directory instead: --credentials-dir, else
STATUSDESK_CREDENTIALS_DIR (the container image sets /run/secrets, where Docker and Compose put secrets), else
systemd's $CREDENTIALS_DIRECTORY (LoadCredential=). One file per destination, named after its id (shown by
"statusdesk alerts list") or ending in _<id> (a folder loaded by LoadCredential=alerts:/etc/statusdesk/alerts),
holding what "statusdesk alerts add" reads on stdin. Its address must be where the destination was set up
to send, and it is never logged.

Exit codes: 0 stopped by SIGTERM or Ctrl+C after the delivery in flight finished; 78 a broken configuration
(nothing was polled; a service manager should not restart it); 1 another failure.`;

export function registerServeCommand(program: Command, run: RunAction): void {
  program
    .command('serve')
    .description('the headless watcher: poll the watched pages and send the team alerts, unattended (systemd, containers)')
    .option('--log-format <format>', `one line per event and delivery on stdout, as ${SERVE_LOG_FORMATS.join(' or ')}`, 'text')
    .option('--credentials-dir <dir>', "read the destinations' secrets from files in this folder instead of the keychain")
    .addHelpText('after', HELP)
    .action(run(async (ctx: CliContext, options: ServeOptions) => serve(ctx, options)));
}

async function serve(ctx: CliContext, options: ServeOptions): Promise<number> {
  const secrets = new KnownSecrets();
  for (const name of SECRET_ENV) secrets.add(ctx.io.env[name]);
  const log = new ServeLog({ format: serveLogFormat(options.logFormat), write: (line) => ctx.io.stdout(line), secrets });
  const refuse = (problems: readonly string[]): number => {
    for (const problem of problems) log.error('broken configuration', { problem });
    ctx.io.stderr(`statusdesk: ${brokenConfigText(problems)}\n`);
    return EXIT_BROKEN_CONFIG;
  };

  // Checked before the folder is made: a mistyped STATUSDESK_HOME is said, not created empty.
  const file = settingsFileProblems(resolveDataDir(ctx.io.env));
  if (file.problems.length > 0) return refuse(file.problems);
  const dataDir = ctx.dataDir;
  const appRuns = appRunsProblem(dataDir);
  if (appRuns !== null) return refuse([appRuns]);
  const settings = new SettingsStore(dataDir);
  const source = serveSecrets(credentialsDirOf(options.credentialsDir, ctx.io.env), () => settings.read((s) => s.alerts.destinations));
  // Every secret the vault reads is known to the log's redactor from then on (createAlerts tells it too).
  source.vault.notice((secret) => secrets.add(secret));
  const config = settings.get();
  const check = await watchConfigProblems({
    pages: config.watchedPages,
    alerts: config.alerts,
    secretProblem: (d) => source.problemOf(d),
    secretsFrom: source.from,
  });
  if (check.problems.length > 0) return refuse(check.problems);
  for (const warning of [...file.warnings, ...check.warnings]) log.warn(warning);

  const alerts = openHeadlessAlerts({
    dataDir,
    settings,
    vault: source.vault,
    secrets,
    reportProblem: (message) => log.error(message),
    log: (line) => log.info(line),
    role: 'serve',
  });
  await alerts.ready();
  const deliveries = new DeliveryLogFollower(alerts.api, log);
  const waiting = (await deliveries.start()).filter((d) => d.state === 'queued' || d.state === 'held').length;
  const accounts = new AccountsService({ settings, vault: source.vault, clientFor: createStatusPageProbeClient });
  const monitor = new MonitorService({
    pages: config.watchedPages,
    clientFor: (page) =>
      watchedPageFetcher(page, {
        apiKeyFor: (accountId, url) => accounts.keyFor(accountId, url),
        accountBaseUrl: (accountId) => {
          const account = accounts.records().find((a) => a.id === accountId);
          return account ? accounts.baseUrlOf(account) : null;
        },
      }),
    onEvent: (event) => {
      const { msg, fields } = eventLogLine(event);
      log.info(msg, fields);
    },
    onPoll: (poll) => alerts.route(poll),
    onError: (error) => log.warn('monitor', { reason: error instanceof Error ? error.message : String(error) }),
  });

  const stop = stopSignal(ctx.io.interruption);
  await alerts.start();
  monitor.start();
  // The first check of every page is where each stands, not news: said once, before "watching", so what
  // changes after that line is what the alerts are about. A slow server may take a while; SIGTERM still ends it.
  const first = await Promise.race([monitor.pollNow().then(() => null), stop.stopped]);
  if (first === null) {
    for (const state of monitor.state()) {
      const page = config.watchedPages.find((p) => p.id === state.pageId);
      log[state.level === null ? 'warn' : 'info'](startingLine(state, page), { pageId: state.pageId });
    }
  }
  const enabled = config.alerts.destinations.filter((d) => d.enabled);
  log.info(`watching ${countWords(config.watchedPages.length, 'page')}, alerting ${countWords(enabled.length, 'destination')}`, {
    dataDir,
    secrets: source.from,
    waiting: waiting > 0 ? waiting : undefined,
  });
  const signal = await stop.stopped;
  stop.release();
  // Polling stops first, so nothing new is routed; then what was routed is queued and the delivery in flight
  // finishes (a slow receiver, a Retry-After it honours); what waits stays in the queue for the next start.
  log.info('stopping: finishing the delivery in flight', { signal });
  monitor.stop();
  await monitor.settled();
  await alerts.stop();
  await deliveries.stop();
  const left = (await alerts.api.deliveries({})).filter((d) => d.state === 'queued' || d.state === 'held').length;
  log.info('stopped', { signal, waiting: left > 0 ? left : undefined });
  return EXIT.ok;
}

/** SIGTERM or Ctrl+C, taken from the command line's signal handling (index.ts) so serve ends as it chooses, exit 0. */
function stopSignal(interruption: CommandInterruption | undefined): { stopped: Promise<NodeJS.Signals>; release: () => void } {
  let resolveStopped!: (signal: NodeJS.Signals) => void;
  const stopped = new Promise<NodeJS.Signals>((resolve) => (resolveStopped = resolve));
  if (interruption) return { stopped, release: interruption.stopsItself((signal) => resolveStopped(signal), { exitsCleanly: true }) };
  // runCli without the binary's entry point (a test, another program): the process's signals, directly.
  const onSignal = (signal: NodeJS.Signals) => resolveStopped(signal);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    stopped,
    release: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
