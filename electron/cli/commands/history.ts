import type { Command } from 'commander';
import { AVAILABILITY_WINDOWS, availabilityWindows, observedText, percentText } from '@shared/history/availability';
import { dayBuckets } from '@shared/history/day-buckets';
import { HISTORY_DAYS, type HistoryComponent, type PageHistory } from '@shared/history/page-history';
import { levelInSentence } from '@shared/people-words/level-words';
import type { WatchedPage } from '@shared/monitor/watched-page';
import type { BaseLevel } from '@shared/statuspal/levels';
import { historyDir, readHeartbeat, readPageHistoryFile } from '@core/history/history-files';
import type { CliContext } from '../context';
import { CliUsageError, table } from '../output';
import type { RunAction } from '../run-action';
import { countWords } from '@shared/people-words/count-words';

/*
 * `statusdesk history <page> [--days N]`: what the app observed of a watched page (provider-history/ in the data
 * folder, written by the app; this command only reads): availability per component over 24 h, 7 d, 30 d and
 * 90 d, one character per day (the worst level seen that day in this computer's time zone, `·` where nothing
 * was observed), the periods that were not operational, and the incidents seen. `--json` prints the history
 * with the availability figures.
 */

const DAY_MARK: Record<BaseLevel, string> = { operational: 'o', scheduled: 's', minor: 'm', major: 'M' };

/** A page by its id, the name the user gave it, its subdomain or its address. */
function pageNamed(pages: readonly WatchedPage[], wanted: string): WatchedPage | undefined {
  const lower = wanted.trim().toLowerCase();
  return (
    pages.find((p) => p.id === wanted) ??
    pages.find((p) => (p.name ?? '').toLowerCase() === lower) ??
    pages.find((p) => p.subdomain.toLowerCase() === lower) ??
    pages.find((p) => p.url !== undefined && p.url.replace(/\/+$/, '').toLowerCase() === lower.replace(/\/+$/, ''))
  );
}

/**
 * The page `wanted` names, also by the name the page gives itself ("Nimbus Cloud" for a page watched by its
 * address), as the window shows it: that name is in the page's history, written by the app.
 */
async function findPage(dir: string, pages: readonly WatchedPage[], wanted: string, heartbeat: Record<string, number>): Promise<WatchedPage> {
  const named = pageNamed(pages, wanted);
  if (named) return named;
  const now = Date.now();
  const names = new Map<string, string>();
  for (const page of pages) {
    const own = page.name ?? (await readPageHistoryFile(dir, page.id, { fromMs: now - 86_400_000, toMs: now, heartbeat }).catch(() => null))?.name;
    names.set(page.id, own ?? page.url ?? page.subdomain);
  }
  const lower = wanted.trim().toLowerCase();
  const found = pages.find((p) => names.get(p.id)!.toLowerCase() === lower);
  if (found) return found;
  throw new CliUsageError(`no watched page "${wanted}" (watched: ${[...names.values()].join(', ') || 'none; watch pages in the app'})`);
}

async function pageHistory(ctx: CliContext, wanted: string, days: number): Promise<number> {
  const dir = historyDir(ctx.dataDir);
  const heartbeat = await readHeartbeat(dir);
  const page = await findPage(dir, (await ctx.settings()).get().watchedPages, wanted, heartbeat);
  const now = Date.now();
  const history = await readPageHistoryFile(dir, page.id, { fromMs: now - days * 86_400_000, toMs: now, heartbeat });
  const label = page.name ?? history?.name ?? page.url ?? page.subdomain;
  if (!history) {
    ctx.print.result({ page: { id: page.id, name: label }, history: null }, () => `${label}: no history yet. It is kept while the app watches the page.`);
    return 0;
  }
  const rows = [history.overall, ...history.components];
  const figures = rows.map((component) => ({ key: component.key, name: component.name, ...availabilityWindows(component.segments, now) }));
  ctx.print.result({ page: { id: page.id, name: label }, days, history, availability: figures }, () => text(ctx, label, history, figures, days, now));
  return 0;
}

function text(
  ctx: CliContext,
  label: string,
  history: PageHistory,
  figures: Array<{ name: string } & ReturnType<typeof availabilityWindows>>,
  days: number,
  now: number,
): string {
  const windows = AVAILABILITY_WINDOWS.filter((w) => w.ms <= days * 86_400_000 || w.id === '24h');
  const observed = figures[0]![windows.at(-1)!.id].observedMs;
  const lines = [
    `${label}: the last ${countWords(days, 'day')} as this computer observed them (observed ${observedText(observed)}; time not observed counts neither way)`,
    '',
  ];
  lines.push('Availability (operational or in maintenance, share of the observed time):');
  lines.push(
    table([['COMPONENT', ...windows.map((w) => w.label.toUpperCase())], ...figures.map((f) => [f.name, ...windows.map((w) => percentText(f[w.id].percent))])]),
  );
  const zone = ctx.options.utc ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone;
  lines.push('', `Days, oldest first (${zone}; o operational, s maintenance, m minor, M major, · not observed):`);
  const width = Math.max(...figures.map((f) => f.name.length));
  const bar = (component: HistoryComponent) =>
    dayBuckets(component.segments, now, days, zone)
      .map((b) => (b.worst === null ? '·' : DAY_MARK[b.worst]))
      .join('');
  for (const component of [history.overall, ...history.components]) lines.push(`${component.name.padEnd(width)}  ${bar(component)}`);
  const periods = [history.overall, ...history.components]
    .flatMap((component) => component.segments.filter((s) => s.level !== 'operational').map((s) => ({ ...s, name: component.name })))
    .sort((a, b) => b.start - a.start);
  lines.push('', periods.length === 0 ? 'Not operational: never, while observed.' : 'Not operational (newest first):');
  for (const p of periods.slice(0, 50)) lines.push(`  ${ctx.time(new Date(p.start))} – ${ctx.time(new Date(p.end))}  ${p.name}: ${levelInSentence(p.level)}`);
  if (periods.length > 50) lines.push(`  … and ${periods.length - 50} more (--json lists them all)`);
  lines.push('', history.incidents.length === 0 ? 'Incidents seen: none.' : 'Incidents seen (newest first):');
  for (const incident of history.incidents) {
    const end = incident.resolved === null ? 'not resolved when last seen' : ctx.time(new Date(incident.resolved));
    lines.push(`  ${ctx.time(new Date(incident.start))} – ${end}  [${levelInSentence(incident.maintenance ? 'scheduled' : incident.level)}] ${incident.title}`);
  }
  return lines.join('\n');
}

export function registerHistoryCommand(program: Command, run: RunAction): void {
  program
    .command('history')
    .description("a watched page's history as the app observed it: availability per component, each day's worst level, incidents")
    .argument('<page>', "a watched page's name, subdomain or address")
    .option('--days <n>', `how many days back (1–${HISTORY_DAYS})`, String(HISTORY_DAYS))
    .action(
      run(async (ctx, wanted: string, options: { days: string }) => {
        const days = Number(options.days);
        if (!Number.isInteger(days) || days < 1 || days > HISTORY_DAYS)
          throw new CliUsageError(`--days must be a whole number from 1 to ${HISTORY_DAYS}, not "${options.days}"`);
        return pageHistory(ctx, wanted, days);
      }),
    );
}
