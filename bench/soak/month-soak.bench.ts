import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { randomUUID } from 'node:crypto';
import FakeTimers from '@sinonjs/fake-timers';
import { AppCore } from '../../electron/core/app-core';
import { DEFAULT_CAP_BYTES, HISTORY_DIR_NAME } from '../../electron/core/history/history-files';
import { SignalHub } from '../../electron/core/monitor/system-signals';
import { KeychainSecretStore } from '../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../electron/core/vault/key-vault';
import type { ProviderPageSeed } from '../../simulators/provider/model';
import { PROVIDER_FORMATS } from '../../shared/monitor/provider/provider-format';
import { startSoakSimulators } from './simulators';

/*
 * A month in the tray (the real AppCore, no window open), on a clock that runs as fast as the machine allows:
 * every timer of the process and `Date` are simulated (@sinonjs/fake-timers), the simulators answer on loopback
 * for real, and time moves on a minute at a time once the polls of that minute are done.
 *
 * What happens: fixed provider pages in every format and two own pages of an account, watched all month;
 * another provider page added every 2 hours and removed 8 hours later; an incident on a provider page every
 * 3 hours (followed once seen, resolved an hour later) and on our own page every 6 hours; an incident created
 * through the outbox every 6 hours (one of them each day while offline); a snooze every 12 hours; the computer
 * asleep for half an hour and offline for an hour each day.
 *
 * Once a simulated day it samples the heap after a full GC, RSS, the data folder (bytes and files) and the
 * core's collections (AppCore.footprint). It fails when the heap still grows in the last week (a least-squares
 * slope over its days), when the data folder or a collection stays above everything seen before for the whole
 * last week or jumps a quarter above it (what fills and is cut back is a saw-tooth), or when anything the core
 * holds per page is above the pages watched that day.
 */

export interface MonthSoakOptions {
  days?: number;
  log?: (line: string) => void;
}

export interface DaySample {
  day: number;
  heapMb: number;
  rssMb: number;
  /** The data folder but the provider history (kept 90 days, so it may grow all month: checked per file). */
  dataKb: number;
  dataFiles: number;
  historyFiles: number;
  largestHistoryKb: number;
  footprint: Record<string, number>;
}

export interface MonthSoakResult {
  days: number;
  realSeconds: number;
  samples: DaySample[];
  /** Heap after GC: least-squares growth per simulated day after the first day, and in the last week alone. */
  heapGrowthKbPerDay: number;
  heapGrowthLastWeekKbPerDay: number;
  rssGrowthKbPerDay: number;
  dataGrowthKbPerDay: number;
  counts: {
    pagesAdded: number;
    providerIncidents: number;
    ownIncidents: number;
    writes: number;
    snoozes: number;
    follows: number;
    polls: number;
    notifications: number;
  };
  /** What still grew (empty when the soak passes), in words. */
  growing: string[];
  budgets: typeof MONTH_SOAK_BUDGETS;
  pass: boolean;
}

/** Heap after GC may move by GC noise, not with the days: KB per simulated day. */
export const MONTH_SOAK_BUDGETS = { heapKbPerDay: 128 };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ORIGIN = 'app://statusdesk';
const FRAME = { url: `${ORIGIN}/index.html`, isMainFrame: true };

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function fullGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Least-squares slope of `ys` over their index (per day). */
export function slopePerDay(ys: readonly number[]): number {
  const n = ys.length;
  if (n < 2) return 0;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return num / den;
}

function folderSize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = folderSize(full);
      bytes += inner.bytes;
      files += inner.files;
    } else {
      bytes += fs.statSync(full).size;
      files++;
    }
  }
  return { bytes, files };
}

/** What grew in the last week beyond the weeks before it, and what is above its bound on any day. */
export function whatGrows(samples: readonly DaySample[]): string[] {
  const growing: string[] = [];
  for (const s of samples) {
    const watched = s.footprint.watchedPages ?? 0;
    for (const name of ['dashboardPages', 'historyLivePages', 'historyHeartbeats'] as const) {
      if ((s.footprint[name] ?? 0) > watched) growing.push(`day ${s.day}: ${name} ${s.footprint[name]} for ${watched} watched pages`);
    }
    // One file a page and the heartbeat beside them, and the file of a page removed since the last five-minute
    // tick (one page is removed every 2 hours here).
    if (s.historyFiles > watched + 2) growing.push(`day ${s.day}: ${s.historyFiles} history files for ${watched} watched pages`);
    if (s.largestHistoryKb * 1024 > DEFAULT_CAP_BYTES) growing.push(`day ${s.day}: a history file of ${s.largestHistoryKb} KB, over its cap`);
  }
  const lastWeek = samples.slice(-7);
  const before = samples.slice(1, -7);
  if (before.length < 7) return growing;
  // Files and lists that fill up and are cut back (the outbox's sent entries, the event history) are a saw-tooth:
  // one that still grows stays above everything seen before for the whole last week, or jumps well above it.
  const series: Array<[string, (s: DaySample) => number]> = [
    ['data folder without the history (KB)', (s) => s.dataKb],
    ['data folder files without the history', (s) => s.dataFiles],
    ...Object.keys(samples[0]!.footprint).map((name): [string, (s: DaySample) => number] => [name, (s) => s.footprint[name] ?? 0]),
  ];
  for (const [name, of] of series) {
    const earlier = Math.max(...before.map(of));
    const lowest = Math.min(...lastWeek.map(of));
    const highest = Math.max(...lastWeek.map(of));
    if (lowest > earlier) growing.push(`${name}: at least ${lowest} all the last week, at most ${earlier} before`);
    else if (highest > earlier * 1.25) growing.push(`${name}: ${highest} in the last week, at most ${earlier} before`);
  }
  const heapLastWeek = slopePerDay(lastWeek.map((s) => s.heapMb * 1024));
  if (heapLastWeek > MONTH_SOAK_BUDGETS.heapKbPerDay) growing.push(`heap after GC: +${Math.round(heapLastWeek)} KB a day in the last week`);
  return growing;
}

export async function runMonthSoak(options: MonthSoakOptions = {}): Promise<MonthSoakResult> {
  const days = options.days ?? 30;
  const log = options.log ?? (() => undefined);
  const gc = fullGc();
  // Taken before the clock is replaced: the soak's own real time.
  const realNow = performance.now.bind(performance);
  const realStart = realNow();
  const realSetTimeout = globalThis.setTimeout;
  const realPause = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));
  // From now: the simulators in their own process stamp their incidents with real time.
  const start = Date.now();
  const clock = FakeTimers.install({ now: start, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'statusdesk-soak-'));
  // As the polls: a keychain answer is never timed out by the simulated minutes alone.
  const keychain = new KeychainSecretStore({ service: `Statusdesk-soak-${randomUUID()}`, timeoutMs: 6 * HOUR });
  const fixed: ProviderPageSeed[] = PROVIDER_FORMATS.map((format, i) => ({
    slug: `fixed-${i}`,
    name: `Provider ${i} (${format})`,
    format,
    components: [{ group: 'Platform', children: ['API', 'Dashboard'] }, 'Webhooks'],
  }));
  const sims = await startSoakSimulators(fixed);
  const urls = new Map<string, string>();
  const urlOf = async (slug: string) => urls.get(slug) ?? urls.set(slug, await sims.call<string>('providers', 'pageUrl', slug)).get(slug)!;
  const signals = new SignalHub();
  let notifications = 0;
  const core = new AppCore({
    dataDir,
    vault: new KeyVault(keychain),
    version: '0.0.0-soak',
    appOrigins: [ORIGIN],
    ports: { signals, notify: () => notifications++, setTray: () => undefined },
    // Simulated time moves a minute at a step: a request is never timed out by the steps alone.
    monitorTuning: { requestTimeoutMs: 6 * HOUR },
  });
  const invoke = async <T = unknown>(channel: string, payload?: unknown): Promise<T> => {
    const result = await core.dispatcher.dispatch(channel, payload, FRAME);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
    return result.value as T;
  };
  const counts = { pagesAdded: 0, providerIncidents: 0, ownIncidents: 0, writes: 0, snoozes: 0, follows: 0, polls: 0, notifications: 0 };
  const samples: DaySample[] = [];
  const churn: Array<{ id: string; removeAt: number }> = [];
  const providerOpen: Array<{ slug: string; incidentId: string; resolveAt: number; followed: boolean }> = [];
  const ownOpen: Array<{ id: number; resolveAt: number }> = [];
  try {
    await core.start();
    const account = await invoke<{ id: string }>('accounts.add', {
      name: 'Acme',
      region: 'custom',
      baseUrl: sims.statusBaseUrl,
      subdomain: 'acme',
      organizationId: '1',
      apiKey: sims.statusKey,
    });
    // The account brought its own page (acme) to the dashboard; a second page of the same server is watched by hand.
    await invoke('monitor.addPage', { region: 'custom', baseUrl: sims.statusBaseUrl, subdomain: 'globex', intervalSec: 300 });
    for (const [i, seed] of fixed.entries())
      await invoke('monitor.addPage', { region: 'us', url: await urlOf(seed.slug), format: seed.format, name: seed.name, intervalSec: 600 + i });

    /** Until the polls of this minute are done and their files written (or 50 real ms passed: a poll may wait on simulated time). */
    const settle = async () => {
      // Asleep or offline, polls wait for the wake or the network, not for this minute.
      if (!asleep && signals.isOnline()) await Promise.race([core.monitor.settled(), realPause(50)]);
      for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    };
    let asleep = false;
    const pageIdOf = (url: string) => core.monitor.pages().find((p) => p.url === url)?.id;

    for (let minute = 0; minute < days * 24 * 60; minute++) {
      const at = minute * MINUTE;
      const minuteOfDay = minute % (24 * 60);
      // Page churn: a provider page every 2 hours, watched for 8.
      if (minute % 120 === 7) {
        const slug = await sims.call<string>('providers', 'addPage', {
          slug: `churn-${counts.pagesAdded}`,
          name: `Churn ${counts.pagesAdded}`,
          format: PROVIDER_FORMATS[counts.pagesAdded % PROVIDER_FORMATS.length]!,
          components: ['API', 'Console'],
        });
        const page = await invoke<{ id: string }>('monitor.addPage', {
          region: 'us',
          url: await urlOf(slug),
          format: PROVIDER_FORMATS[counts.pagesAdded % PROVIDER_FORMATS.length],
          intervalSec: 600,
        });
        churn.push({ id: page.id, removeAt: at + 8 * HOUR });
        counts.pagesAdded++;
      }
      for (const page of churn.filter((p) => p.removeAt <= at)) {
        await invoke('monitor.removePage', { id: page.id });
        churn.splice(churn.indexOf(page), 1);
      }
      // Provider incidents: one every 3 hours, followed once seen, resolved an hour later.
      if (minute % 180 === 20) {
        const slug = fixed[counts.providerIncidents % fixed.length]!.slug;
        const incidentId = await sims.call<string>('providers', 'openIncident', {
          page: slug,
          name: `Degraded API ${counts.providerIncidents}`,
          impact: 'minor',
          components: [{ name: 'API', status: 'degraded_performance' }],
          body: 'We are looking into it.',
        });
        providerOpen.push({ slug, incidentId, resolveAt: at + HOUR, followed: false });
        counts.providerIncidents++;
      }
      for (const open of providerOpen.filter((o) => !o.followed && o.resolveAt - at <= 40 * MINUTE)) {
        open.followed = true;
        const pageId = pageIdOf(await urlOf(open.slug));
        const state = pageId ? (await core.monitor.fullSnapshot()).pages.find((p) => p.pageId === pageId) : undefined;
        for (const incident of state?.summary?.incidents ?? []) {
          await invoke('monitor.followIncident', { pageId, incidentId: incident.id, follow: true });
          counts.follows++;
        }
      }
      for (const open of providerOpen.filter((o) => o.resolveAt <= at)) {
        await sims.call('providers', 'resolveIncident', { page: open.slug, incidentId: open.incidentId, body: 'This issue is now resolved.' });
        providerOpen.splice(providerOpen.indexOf(open), 1);
      }
      // Our own page: an incident a colleague opens every 6 hours, resolved 2 hours later.
      if (minute % 360 === 45) {
        const incident = await sims.call<{ id: number }>('status', 'openIncident', {
          page: 'acme',
          type: 'minor',
          title: `Slow logins ${counts.ownIncidents}`,
          services: [2],
        });
        ownOpen.push({ id: incident.id, resolveAt: at + 2 * HOUR });
        counts.ownIncidents++;
      }
      for (const open of ownOpen.filter((o) => o.resolveAt <= at)) {
        await sims.call('status', 'resolveIncident', { page: 'acme', incidentId: open.id, message: 'Logins are fast again' });
        ownOpen.splice(ownOpen.indexOf(open), 1);
      }
      // Writes through the outbox, one of them while offline; and resolved by a colleague 3 hours later.
      if (minute % 120 === 100) {
        await invoke('outbox.enqueue', {
          accountId: account.id,
          operation: 'createIncident',
          input: { subdomain: 'acme', incident: { type: 'minor', title: `Queued ${counts.writes}` } },
        });
        counts.writes++;
      }
      if (minute % 360 === 280) {
        const summary = await sims.call<{ incidents?: Array<{ id: number; name?: string; title?: string }> }>('status', 'summary', 'acme');
        for (const incident of summary.incidents ?? []) {
          if (/^Queued /.test(incident.title ?? incident.name ?? ''))
            await sims.call('status', 'resolveIncident', { page: 'acme', incidentId: incident.id, message: 'Resolved' });
        }
      }
      // A snooze every 12 hours, for an hour.
      if (minute % 720 === 200) {
        const target = core.monitor.pages()[counts.snoozes % core.monitor.pages().length]!;
        await invoke('snooze.add', { pageId: target.id, target: { kind: 'page' }, label: 'Soak', minutes: 60 });
        counts.snoozes++;
      }
      // Asleep half an hour at 02:00, offline an hour at 14:00.
      if (minuteOfDay === 120) {
        asleep = true;
        signals.suspend();
      }
      if (minuteOfDay === 150) {
        asleep = false;
        signals.resume();
      }
      if (minuteOfDay === 14 * 60) signals.setOnline(false);
      if (minuteOfDay === 15 * 60) signals.setOnline(true);

      await clock.tickAsync(MINUTE);
      await settle();

      if ((minute + 1) % (24 * 60) === 0) {
        await realPause(50);
        gc();
        const memory = process.memoryUsage();
        const data = folderSize(dataDir);
        const historyDir = path.join(dataDir, HISTORY_DIR_NAME);
        const history = fs.readdirSync(historyDir).map((name) => fs.statSync(path.join(historyDir, name)).size);
        const historyBytes = history.reduce((a, b) => a + b, 0);
        const sample: DaySample = {
          day: (minute + 1) / (24 * 60),
          heapMb: round(memory.heapUsed / 2 ** 20),
          rssMb: round(memory.rss / 2 ** 20),
          dataKb: round((data.bytes - historyBytes) / 1024, 1),
          dataFiles: data.files - history.length,
          historyFiles: history.length,
          largestHistoryKb: round(Math.max(0, ...history) / 1024, 1),
          footprint: await core.footprint(),
        };
        samples.push(sample);
        log(
          `day ${sample.day}: heap ${sample.heapMb} MB, rss ${sample.rssMb} MB, data ${sample.dataKb} KB in ${sample.dataFiles} files + ${sample.historyFiles} history files (largest ${sample.largestHistoryKb} KB), ${JSON.stringify(sample.footprint)}`,
        );
      }
    }
  } finally {
    // Shutting down may wait on timers (a last write, a lock's retry): simulated time goes on until it is done.
    let disposed = false;
    const disposing = core.dispose().then(
      () => (disposed = true),
      () => (disposed = true),
    );
    for (let i = 0; i < 600 && !disposed; i++) {
      await clock.tickAsync(1_000);
      await realPause(5);
    }
    if (disposed) await disposing;
    else log('the core did not finish shutting down after 10 simulated minutes');
    clock.uninstall();
    counts.polls = (await sims.call<{ requests: number }>('providers', 'stats')).requests;
    await sims.close();
    for (const account of core.settings.get().accounts) await keychain.delete(secretNames.statusPageKey(account.id)).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  counts.notifications = notifications;
  const afterFirst = samples.slice(1);
  const growing = whatGrows(samples);
  return {
    days,
    realSeconds: round((realNow() - realStart) / 1000, 1),
    samples,
    heapGrowthKbPerDay: round(slopePerDay(afterFirst.map((s) => s.heapMb * 1024)), 1),
    heapGrowthLastWeekKbPerDay: round(slopePerDay(samples.slice(-7).map((s) => s.heapMb * 1024)), 1),
    rssGrowthKbPerDay: round(slopePerDay(afterFirst.map((s) => s.rssMb * 1024)), 1),
    dataGrowthKbPerDay: round(slopePerDay(afterFirst.map((s) => s.dataKb)), 1),
    counts,
    growing,
    budgets: MONTH_SOAK_BUDGETS,
    pass: growing.length === 0,
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The soak's days as a page of docs/, written by `npm run soak` (never edited by hand). */
export function monthSoakMarkdown(r: MonthSoakResult): string {
  const keys = Object.keys(r.samples[0]?.footprint ?? {});
  const head = ['day', 'heap after GC (MB)', 'RSS (MB)', 'data folder without history (KB, files)', 'history files (largest KB)', ...keys];
  const rows = r.samples.map((s) => [
    s.day,
    s.heapMb,
    s.rssMb,
    `${s.dataKb} (${s.dataFiles})`,
    `${s.historyFiles} (${s.largestHistoryKb})`,
    ...keys.map((k) => s.footprint[k] ?? 0),
  ]);
  const line = (cells: ReadonlyArray<string | number>) => `| ${cells.join(' | ')} |`;
  return [
    '# A month in the tray',
    '',
    `Generated by \`npm run soak\` (bench/soak/month-soak.bench.ts) on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}; do not edit by hand.`,
    '',
    `${r.days} simulated days in ${r.realSeconds} s of real time: ${r.counts.pagesAdded} provider pages added and removed, ${r.counts.providerIncidents} provider and ${r.counts.ownIncidents} own incidents, ${r.counts.follows} follows, ${r.counts.snoozes} snoozes, ${r.counts.writes} writes through the outbox, ${r.counts.polls} provider requests, ${r.counts.notifications} notifications; asleep half an hour and offline an hour every day; no window open.`,
    '',
    `Heap after GC: ${r.heapGrowthLastWeekKbPerDay} KB a day in the last week (budget ≤ ${r.budgets.heapKbPerDay}), ${r.heapGrowthKbPerDay} KB a day over the month while the capped lists fill (docs/data-folder.md has each cap).`,
    '',
    r.pass ? 'Verdict: nothing grows beyond the pages watched now or its cap.' : `Verdict: still grows: ${r.growing.join('; ')}.`,
    '',
    line(head),
    line(head.map(() => '---')),
    ...rows.map(line),
    '',
  ].join('\n');
}

/** `npm run soak [-- --days N]`: the soak alone, its days as they pass, what grew, exit 1 when anything did. */
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({ options: { days: { type: 'string', default: '30' } }, strict: true });
  const result = await runMonthSoak({ days: Number(values.days), log: (line) => console.error(`soak: ${line}`) });
  console.log(
    `soak: ${result.days} simulated days in ${result.realSeconds} s: ${result.counts.pagesAdded} pages added and removed, ${result.counts.providerIncidents + result.counts.ownIncidents} incidents, ${result.counts.follows} follows, ${result.counts.snoozes} snoozes, ${result.counts.writes} writes, ${result.counts.polls} provider requests`,
  );
  console.log(
    `soak: heap after GC ${result.heapGrowthLastWeekKbPerDay} KB a day in the last week (${result.heapGrowthKbPerDay} KB a day over the month, while capped lists fill)`,
  );
  if (result.pass) console.log('soak: nothing grows beyond what is watched now or its cap');
  else for (const line of result.growing) console.log(`soak: still grows: ${line}`);
  fs.writeFileSync(path.join(here, '../../docs/month-soak.md'), monthSoakMarkdown(result));
  console.log('soak: written to docs/month-soak.md');
  process.exitCode = result.pass ? 0 : 1;
}
