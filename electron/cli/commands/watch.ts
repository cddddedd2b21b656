import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import type { AccountRecord } from '@shared/accounts/account';
import type { PageState } from '@shared/monitor/page-state';
import { MIN_INTERVAL_SEC, type WatchedPage } from '@shared/monitor/watched-page';
import { levelWords } from '@shared/people-words/level-words';
import { pageCheckFailure } from '@shared/people-words/page-failure';
import { resolveBaseUrl } from '@shared/statuspal/regions';
import { DEMO_PAGE, DEMO_SCENARIO, playDemo } from '@core/demo/demo-scenario';
import { PROVIDER_SCENARIO } from '@core/demo/provider-scenario';
import { colourWanted, pageLabel, WatchLines } from './watch-lines';
import { addressName } from '@core/monitor/page-tracker';
import { MonitorService } from '@core/monitor/monitor-service';
import { startStatusPageSimulator } from '@simulators/statuspal';
import type { CliContext } from '../context';
import type { CommandInterruption } from '../interruption';
import { CliUsageError } from '../output';
import type { RunAction } from '../run-action';
import { startCliProviderDemo } from './provider-demo';
import { providerPageArgument } from './provider-watch';
import { formatOption } from '../provider-argument';
import { collectPart, PART_OPTION_HELP, partsOption } from '../part-option';
import { PROVIDER_FORMATS } from '@shared/monitor/provider/formats/format-ids';
import { WatchTally, type WatchStop } from './watch-tally';

interface WatchOptions {
  interval: string;
  part?: string[];
  format?: string;
  demo?: boolean;
  demoSpeed: string;
  for?: string;
}

function parseSeconds(text: string, what: string, min: number): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min) throw new CliUsageError(`${what} must be a number, at least ${min}`);
  return value;
}

/** A page's last failed check in people's words (shared/people-words), with the page's server. */
function failureLine(state: PageState, page: WatchedPage | undefined): string | null {
  return pageCheckFailure({ ...state, baseUrl: page?.baseUrl }, 'cli')?.text ?? null;
}

/** Where a page stands after its first check, so a quiet page is not mistaken for a command doing nothing. */
export function startingLine(state: PageState, page?: WatchedPage): string {
  if (state.level === null) return `${pageLabel(state)}: not read yet (${failureLine(state, page)?.replace(/\.$/, '') ?? 'no answer'})`;
  const open = state.summary?.incidents.length ?? 0;
  return `${pageLabel(state)}: ${levelWords(state.level, state.summary?.currentType)}${open > 0 ? `, ${open} open incident${open === 1 ? '' : 's'}` : ''}`;
}

/**
 * How the demo really moves: the pages are checked right after each scripted step (not every --interval),
 * so its header states the time between steps at this speed, and how long it lasts.
 */
function demoPace(speed: number): string {
  const at = [...DEMO_SCENARIO, ...PROVIDER_SCENARIO].map((step) => step.atMs / speed).sort((a, b) => a - b);
  const gaps = at.map((ms, index) => ms - (at[index - 1] ?? 0));
  const seconds = (ms: number) => `${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))}`;
  const low = Math.min(...gaps);
  const high = Math.max(...gaps);
  const every = seconds(low) === seconds(high) ? `${seconds(low)} s` : `${seconds(low)} to ${seconds(high)} s`;
  return `a scripted step every ${every} at speed ${speed}, the pages checked after each; it ends after ${seconds(at[at.length - 1]!)} s`;
}

/**
 * What ends a watch besides the demo's end and a page that does not exist: Ctrl+C or SIGTERM from the moment it
 * is made, taken from the command line's signal report (index.ts) so the closing line is the last word; and
 * --for running out, counted from `startClock`. `stopped` resolves with the first of them.
 */
function watchStopper(interruption: CommandInterruption | undefined) {
  let timer: NodeJS.Timeout | null = null;
  let resolveStopped!: (why: WatchStop) => void;
  const stopped = new Promise<WatchStop>((resolve) => (resolveStopped = resolve));
  const end = (why: WatchStop) => {
    release();
    resolveStopped(why);
  };
  const bySignal = (signal: NodeJS.Signals) => end({ by: 'signal', signal });
  // runCli without the binary's entry point (a test, another program): the process's signals, directly.
  const releaseSignals = interruption
    ? interruption.stopsItself(bySignal)
    : (() => {
        process.once('SIGINT', bySignal);
        process.once('SIGTERM', bySignal);
        return () => {
          process.off('SIGINT', bySignal);
          process.off('SIGTERM', bySignal);
        };
      })();
  function release() {
    releaseSignals();
    if (timer) clearTimeout(timer);
  }
  return {
    stopped,
    release,
    startClock(seconds: number | undefined) {
      if (seconds !== undefined) timer = setTimeout(() => end({ by: 'for', seconds }), seconds * 1000);
    },
  };
}

/** statusdesk watch: the desktop app's monitor, headless, one line per event. */
export function registerWatchCommand(program: Command, run: RunAction): void {
  program
    .command('watch')
    .description('watch pages and print one line per change (with --json: one JSON object per line)')
    .argument('[pages...]', "status page subdomains, providers' status page addresses (any format the app reads) or their names in the catalogue")
    .option('--format <format>', `what the addresses publish, when it cannot be told: ${PROVIDER_FORMATS.join(', ')}`)
    .option('--part <name>', PART_OPTION_HELP, collectPart)
    .option('--interval <seconds>', `seconds between checks of each page (at least ${MIN_INTERVAL_SEC})`, '60')
    .option('--demo', 'watch a built-in simulator playing a one-minute scenario (no account, no network)')
    .option('--demo-speed <factor>', 'play the demo this many times faster', '1')
    .option('--for <seconds>', 'stop after this many seconds (default: until Ctrl+C; the demo stops when it ends)')
    .action(
      run(async (ctx: CliContext, subdomains: string[], options: WatchOptions) => {
        const intervalSec = parseSeconds(options.interval, '--interval', MIN_INTERVAL_SEC);
        const forSeconds = options.for === undefined ? undefined : parseSeconds(options.for, '--for', 0);
        if (!options.demo && subdomains.length === 0) throw new CliUsageError('name at least one subdomain to watch, or use --demo');

        const speed = options.demo ? parseSeconds(options.demoSpeed, '--demo-speed', 0.01) : null;
        const sim = options.demo ? await startStatusPageSimulator({ seed: 'demo', rateLimit: false, control: false }) : null;
        const upstream = options.demo ? await startCliProviderDemo(intervalSec) : null;
        try {
          // Each page on its own account's region (or --base-url / --region when given): pages of several
          // accounts and regions can be watched together.
          const format = formatOption(options.format);
          const parts = partsOption(options.part);
          const providers = new Map<string, WatchedPage>();
          if (!sim)
            for (const name of subdomains) {
              // A provider's page, in its format; the same events come of it.
              const provider = await providerPageArgument(ctx, name, intervalSec, format, parts);
              if (provider) providers.set(name, provider);
            }
          const accounts = new Map<string, AccountRecord | null>();
          if (!sim) for (const name of subdomains) if (!providers.has(name)) accounts.set(name, await ctx.account(name));
          const pages: WatchedPage[] = (sim ? [DEMO_PAGE] : subdomains).map((subdomain) => {
            const provider = providers.get(subdomain);
            if (provider) return provider;
            const account = accounts.get(subdomain) ?? null;
            return {
              id: randomUUID(),
              region: 'custom',
              baseUrl: resolveBaseUrl(sim ? { baseUrl: sim.baseUrl } : ctx.region(account)),
              subdomain,
              ...(account ? { accountId: account.id } : {}),
              intervalSec,
              muted: false,
              mutedServiceIds: [],
              followedIncidentIds: [],
            };
          });
          if (upstream) pages.push(upstream.page);
          const servers = [...new Set(pages.map((p) => p.url ?? p.baseUrl))].join(', ');
          // A provider page by its address until its summary names it, never by the slug made from it.
          const names = pages.map((p) => (p.kind === 'provider' && p.url ? (p.name ?? addressName(p.url)) : p.subdomain));
          const lines = new WatchLines({
            pages: names,
            providers: new Set(pages.filter((p) => p.kind === 'provider').map((p) => p.id)),
            colour: colourWanted(ctx.io, ctx.print.json),
            time: (iso) => ctx.time(iso),
          });
          const tally = new WatchTally();
          const monitor = new MonitorService({
            pages,
            onEvent: (event) => {
              tally.note(event);
              ctx.print.line(event, () => lines.line(event));
            },
          });
          const pace = speed === null ? `every ${intervalSec} s` : `(demo: ${demoPace(speed)})`;
          ctx.print.note(`watching ${names.join(', ')} on ${servers} ${pace}; Ctrl+C to stop`);
          const stopper = watchStopper(ctx.io.interruption);
          let stopped: WatchStop;
          monitor.start();
          try {
            // The first check of every page, demo or not: where each stands, and a page that does not exist ends
            // the command. A slow server may take a while to answer it; Ctrl+C meanwhile ends the watch at once.
            // The demo's scenario starts only after it, so this check sees the calm page, whatever the speed.
            const stoppedEarly = await Promise.race([monitor.pollNow().then(() => null), stopper.stopped]);
            if (stoppedEarly) {
              stopped = stoppedEarly;
            } else {
              const states = monitor.state();
              const pageOf = (state: PageState) => pages.find((p) => p.id === state.pageId);
              for (const state of states) ctx.print.note(startingLine(state, pageOf(state)));
              const missing = states.filter((state) => state.error?.code === 'not_found' && state.lastSuccessAt === null);
              if (missing.length > 0) {
                for (const state of missing) ctx.print.note(`statusdesk: ${failureLine(state, pageOf(state))}`);
                return 1;
              }
              if (!sim) {
                stopper.startClock(forSeconds);
                stopped = await stopper.stopped;
              } else {
                ctx.print.note(
                  "demo: an incident opens, gets two updates, a maintenance starts and ends, the incident resolves; a provider's incident opens and resolves beside it",
                );
                const player = playDemo(sim, { speed: speed!, afterStep: () => void monitor.pollNow() });
                const upstreamPlayer = upstream?.play(speed!, () => void monitor.pollNow());
                const ended = Promise.all([player.done, upstreamPlayer?.done]).then((): WatchStop => ({ by: 'demo_ended' }));
                stopper.startClock(forSeconds);
                stopped = await Promise.race([ended, stopper.stopped]);
                stopper.release();
                player.stop();
                upstreamPlayer?.stop();
                await monitor.pollNow();
              }
            }
          } finally {
            stopper.release();
            monitor.stop();
            await monitor.settled();
          }
          for (const state of monitor.state()) {
            const failure =
              state.status !== 'ok'
                ? failureLine(
                    state,
                    pages.find((p) => p.id === state.pageId),
                  )
                : null;
            if (failure) ctx.print.note(`${pageLabel(state)}: ${failure}`);
          }
          ctx.print.note(tally.closingLine(stopped, monitor.state()));
        } finally {
          await sim?.close();
          await upstream?.close();
        }
      }),
    );
}
