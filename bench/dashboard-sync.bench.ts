import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createScaledClock } from '../electron/core/monitor/clock';
import { SettingsStore } from '../electron/core/settings/settings-store';
import { startStatusPageSimulator } from '../simulators/statuspal';
import { DashboardModel } from '../electron/core/monitor/dashboard-model';
import { MonitorFeature } from '../electron/core/monitor/monitor-feature';
import { dashboardPatchSchema, type DashboardPatch } from '../shared/monitor/dashboard-patch';
import type { PageState } from '../shared/monitor/page-state';
import { pageSnapshotSchema } from '../shared/monitor/snapshot';
import { readPageSnapshot } from '../shared/monitor/read-snapshot';
import { watchedPageSchema } from '../shared/monitor/watched-page';
import { makeTempDir } from '../test/support/temp-dir';
import { benchSubdomain, benchSummaryDoc } from './render/seed-pages';
import { createAppBus } from '../electron/core/events/app-events';

/*
 * Main → renderer dashboard traffic (docs/architecture.md: 100 pages × 100 services at 60 s with nothing changing costs
 * ≤ 50 KB/min of IPC; proportional to change).
 * (a) Steady state: a real MonitorFeature polls 100 such pages on the simulator at 60 s on a scaled clock
 *     (push and tick batching scaled alike); every patch it sends is checked by the contract's schema, as
 *     the event bus does, and counted in bytes of JSON. The first interval (first polls) is not counted.
 *     Shown beside it: one whole dashboard snapshot, what every push cost before patches.
 * (b) One changed poll (an incident opened on one of the 100 pages): the dashboard model's stage + flush,
 *     the contract check and serialising of the patch, against checking and serialising that page's own
 *     summary (what sending the page whole would cost at least): bytes and CPU time.
 * Run: npx tsx bench/dashboard-sync.bench.ts
 */

export const DASHBOARD_SYNC_BUDGET_KB_PER_MIN = 50;

export interface DashboardSyncBenchResult {
  name: 'dashboard-sync';
  pages: number;
  intervalSec: number;
  minutes: number;
  timeScale: number;
  steady: { bytes: number; kbPerMinute: number; patches: number; ticks: number; cards: number };
  /** JSON bytes of one whole dashboard snapshot (every page's summary): what each push cost before. */
  fullSnapshotBytes: number;
  changedPoll: { patchBytes: number; summaryBytes: number; bytesRatio: number; cpuUs: number; summarySendUs: number; cpuRatio: number };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function steadyState(pages: number, minutes: number, timeScale: number) {
  const sim = await startStatusPageSimulator({ seed: 'empty', rateLimit: false });
  const home = makeTempDir('statusdesk-bench-sync-');
  let feature: MonitorFeature | null = null;
  try {
    for (let i = 0; i < pages; i++) sim.seedSummary(benchSummaryDoc(i), { subdomain: benchSubdomain(i) });
    const settings = new SettingsStore(home.dir);
    settings.update((draft) => {
      draft.watchedPages = Array.from({ length: pages }, (_, i) =>
        watchedPageSchema.parse({ id: randomUUID(), region: 'custom', baseUrl: sim.baseUrl, subdomain: benchSubdomain(i), intervalSec: 60 }),
      );
    });
    let counting = false;
    const steady = { bytes: 0, patches: 0, ticks: 0, cards: 0 };
    const bus = createAppBus();
    bus.subscribe('monitor.onPatch', (patch: DashboardPatch) => {
      const checked = dashboardPatchSchema.parse(patch);
      if (!counting) return;
      steady.bytes += Buffer.byteLength(JSON.stringify(checked));
      steady.patches++;
      steady.ticks += checked.ticks.length;
      steady.cards += checked.pages.length;
    });
    feature = new MonitorFeature({
      settings,
      events: bus,
      dataDir: home.dir,
      clock: createScaledClock(timeScale),
      pushIntervalMs: 250 / timeScale,
      tickIntervalMs: 5_000 / timeScale,
      reportProblem: () => undefined,
    });
    await feature.start();
    // The first interval: every page's first poll (cards appear), not the steady state.
    await new Promise((r) => setTimeout(r, 60_000 / timeScale + 500));
    const fullSnapshotBytes = Buffer.byteLength(JSON.stringify(await feature.fullSnapshot()));
    counting = true;
    await new Promise((r) => setTimeout(r, (minutes * 60_000) / timeScale));
    counting = false;
    return { steady: { ...steady, kbPerMinute: Math.round((steady.bytes / 1024 / minutes) * 10) / 10 }, fullSnapshotBytes };
  } finally {
    await feature?.dispose();
    await sim.close();
    home.remove();
  }
}

function stateOf(index: number, summary: ReturnType<typeof readPageSnapshot>, nowIso: string): PageState {
  return {
    pageId: `page-${index}`,
    name: summary.name,
    subdomain: summary.subdomain,
    region: 'custom',
    status: 'ok',
    level: summary.level,
    stale: false,
    staleSince: null,
    lastCheckedAt: nowIso,
    lastSuccessAt: nowIso,
    nextCheckAt: nowIso,
    consecutiveFailures: 0,
    error: null,
    paused: null,
    muted: false,
    summary,
  };
}

function changedPoll(pages: number, rounds: number) {
  const now = Date.parse('2025-06-01T12:00:00Z');
  const iso = new Date(now).toISOString();
  const global = { online: true, suspended: false, notificationsPausedUntil: null };
  const summaries = Array.from({ length: pages }, (_, i) => readPageSnapshot(benchSummaryDoc(i, undefined, now)));
  // Page 1 (no incident) gets one: a new incident, the page's level, one service's level.
  const quietDoc = benchSummaryDoc(1, undefined, now);
  const changedDoc = benchSummaryDoc(11, undefined, now); // the same shape with an incident
  const changedBody: Record<string, unknown> = {
    ...quietDoc,
    incidents: (changedDoc.incidents as Array<Record<string, unknown>>).map((inc) => ({ ...inc, id: 20_001, service_ids: [20_002] })),
    status_page: { ...(quietDoc.status_page as object), current_incident_type: 'major' },
  };
  (changedBody.services as Array<{ children: Array<{ id: number; current_incident_type: string | null }> }>)[0]!.children[0]!.current_incident_type = 'major';
  const cpu: number[] = [];
  const stringify: number[] = [];
  let patchBytes = 0;
  let summaryBytes = 0;
  for (let r = 0; r < rounds; r++) {
    const model = new DashboardModel();
    for (let i = 0; i < pages; i++) model.stage(stateOf(i, summaries[i]!, iso));
    model.flush(global);
    const next = readPageSnapshot(changedBody); // the poll's own work, not counted
    const started = performance.now();
    model.stage(stateOf(1, next, iso));
    const patch = dashboardPatchSchema.parse(model.flush(global));
    const text = JSON.stringify(patch);
    cpu.push((performance.now() - started) * 1000);
    const s2 = performance.now();
    const summaryText = JSON.stringify(pageSnapshotSchema.parse(next));
    stringify.push((performance.now() - s2) * 1000);
    patchBytes = Buffer.byteLength(text);
    summaryBytes = Buffer.byteLength(summaryText);
  }
  const cpuUs = Math.round(median(cpu) * 10) / 10;
  const summarySendUs = Math.round(median(stringify) * 10) / 10;
  return {
    patchBytes,
    summaryBytes,
    bytesRatio: Math.round((patchBytes / summaryBytes) * 1000) / 1000,
    cpuUs,
    summarySendUs,
    cpuRatio: Math.round((cpuUs / summarySendUs) * 100) / 100,
  };
}

export async function runDashboardSyncBench(options: { pages?: number; minutes?: number; timeScale?: number } = {}): Promise<DashboardSyncBenchResult> {
  const pages = options.pages ?? 100;
  const minutes = options.minutes ?? 3;
  const timeScale = options.timeScale ?? 6;
  const { steady, fullSnapshotBytes } = await steadyState(pages, minutes, timeScale);
  return { name: 'dashboard-sync', pages, intervalSec: 60, minutes, timeScale, steady, fullSnapshotBytes, changedPoll: changedPoll(pages, 200) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(JSON.stringify(await runDashboardSyncBench(), null, 2));
}
