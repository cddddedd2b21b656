import { CLI_STATUS_BUDGET_RATIO, CLI_VERSION_BUDGET_RATIO, type CliStartBenchResult } from '../cli-start.bench';
import type { DashboardSyncBenchResult } from '../dashboard-sync.bench';
import type { MonitorBenchResult } from '../monitor.bench';
import type { OutboxBenchResult } from '../outbox.bench';
import type { RenderBenchResult } from '../render.bench';
import type { RendererSizeBenchResult } from '../renderer-size.bench';
import type { TranslationBenchResult } from '../translation.bench';
import { ratioOf, type BenchRow } from './row';

/* Each benchmark's result as table rows: what docs/architecture.md budgets, against its floor. */

export function monitorRows(r: MonitorBenchResult): BenchRow[] {
  const cost = r.pollCost;
  const budget = `≤ ${r.budgets.pollCostRatio}×`;
  const rows: BenchRow[] = [
    {
      benchmark: 'Poll cost, changed body: normalise + diff',
      result: cost.changed.normaliseDiffUs,
      unit: 'µs',
      floor: cost.changed.jsonParseUs,
      floorLabel: 'JSON.parse of the same body',
      ratio: cost.changed.normaliseDiffRatio,
      budget,
      budgetSource: 'architecture',
      pass: cost.changed.normaliseDiffRatio <= r.budgets.pollCostRatio,
    },
    {
      benchmark: 'Poll cost, heavy change (a dozen changes): normalise + diff',
      result: cost.changedHeavy.normaliseDiffUs,
      unit: 'µs',
      floor: cost.changedHeavy.jsonParseUs,
      floorLabel: 'JSON.parse of the same body',
      ratio: cost.changedHeavy.normaliseDiffRatio,
      budget,
      budgetSource: 'architecture',
      pass: cost.changedHeavy.normaliseDiffRatio <= r.budgets.pollCostRatio,
    },
    {
      benchmark: 'Poll cost, unchanged body: whole poll path',
      result: cost.unchanged.monitorUs,
      unit: 'µs',
      floor: cost.unchanged.jsonParseUs,
      floorLabel: 'JSON.parse of the same body',
      ratio: cost.unchanged.ratio,
      budget,
      budgetSource: 'architecture',
      pass: cost.unchanged.ratio <= r.budgets.pollCostRatio,
    },
  ];
  const load = r.load;
  if (load === null) {
    rows.push({
      benchmark: `500 pages at 60 s`,
      result: null,
      unit: '',
      resultText: 'skipped',
      floor: null,
      floorLabel: '—',
      ratio: null,
      budget: '—',
      budgetSource: 'architecture',
      pass: null,
    });
    return rows;
  }
  const label = `${load.pages} pages at ${load.intervalSec} s${load.timeScale === 1 ? '' : ` (clock ×${load.timeScale})`}`;
  const [low, high] = r.budgets.requestsPerPagePerInterval;
  const floorLabel = 'the same GETs, bare (node:http), side by side';
  const cpuRow = (what: string, phase: 'tray' | 'window'): BenchRow => ({
    benchmark: `${label}: core CPU ${what}, steady`,
    result: load[phase].cpuPercentSteadyPerRealTime,
    unit: '%',
    floor: load.floor.cpuPercentSteadyPerRealTime,
    floorLabel,
    ratio: load.cpuRatio[phase],
    budget: `≤ ${r.budgets.cpuRatio}×`,
    budgetSource: 'architecture',
    pass: load.cpuRatio[phase] <= r.budgets.cpuRatio,
  });
  const rssMax = Math.max(load.tray.rssMbMax, load.window.rssMbMax);
  const requests = Math.min(load.tray.requestsPerPagePerInterval, load.window.requestsPerPagePerInterval);
  rows.push(
    cpuRow('in the tray (no window)', 'tray'),
    cpuRow('with the window open', 'window'),
    {
      benchmark: `${label}: RSS, max (tray or window)`,
      result: rssMax,
      unit: 'MB',
      floor: load.floor.rssMbMax,
      floorLabel: 'the bare GET loop process',
      ratio: ratioOf(rssMax, load.floor.rssMbMax),
      budget: `< ${r.budgets.rssMb} MB`,
      budgetSource: 'architecture',
      pass: rssMax < r.budgets.rssMb,
    },
    {
      benchmark: `${label}: requests per page per interval`,
      result: requests,
      unit: '',
      floor: 1,
      floorLabel: 'one per page per interval',
      ratio: ratioOf(requests, 1),
      budget: `1 (${low}–${high})`,
      budgetSource: 'architecture',
      pass: [load.tray, load.window].every((p) => p.requestsPerPagePerInterval >= low && p.requestsPerPagePerInterval <= high),
    },
  );
  return rows;
}

export function outboxRows(r: OutboxBenchResult): BenchRow[] {
  return [
    {
      benchmark: `Outbox flush of ${r.writes.toLocaleString('en-US')} writes (${r.limit} req / ${r.windowMs / 1000} s)`,
      result: r.wallMs,
      unit: 'ms',
      floor: r.lowerBoundMs,
      floorLabel: 'the rate-limit bound',
      ratio: r.ratio,
      budget: '≤ 1.1×',
      budgetSource: 'architecture',
      pass: r.ratio <= 1.1,
    },
    {
      benchmark: 'Outbox flush: 429 answers / duplicates / lost / out of order',
      result: r.rateLimited429 + r.duplicates + r.lost + r.outOfOrder,
      unit: '',
      resultText: `${r.rateLimited429} / ${r.duplicates} / ${r.lost} / ${r.outOfOrder}`,
      floor: 0,
      floorLabel: 'none',
      ratio: null,
      budget: 'no 429 storm, no duplicate, nothing lost',
      budgetSource: 'architecture',
      pass: r.rateLimited429 === 0 && r.duplicates === 0 && r.lost === 0 && r.outOfOrder === 0,
    },
  ];
}

export function translationRows(r: TranslationBenchResult): BenchRow[] {
  return [
    {
      benchmark: `Translation of ${r.sentences.toLocaleString('en-US')} lines: words sent`,
      result: r.wordsSent,
      unit: 'words',
      floor: r.uniqueUncachedWords,
      floorLabel: 'unique uncached words',
      ratio: r.wordsRatio,
      budget: '= 1×',
      budgetSource: 'architecture',
      pass: r.wordsRatio === 1,
    },
    {
      benchmark: 'Translation: requests',
      result: r.requests,
      unit: 'requests',
      floor: r.minRequests,
      floorLabel: `unique uncached entries / ${r.batchEntries} per request`,
      ratio: r.requestsRatio,
      budget: '= 1×',
      budgetSource: 'architecture',
      pass: r.requestsRatio === 1,
    },
    {
      benchmark: 'Translation: the same lines again (same session / after restart)',
      result: r.repeatSameSession.requests + r.repeatAfterRestart.requests,
      unit: 'requests',
      resultText: `${r.repeatSameSession.requests} / ${r.repeatAfterRestart.requests} requests`,
      floor: 0,
      floorLabel: 'zero',
      ratio: null,
      budget: 'a repeat costs zero requests',
      budgetSource: 'architecture',
      pass: r.repeatSameSession.requests === 0 && r.repeatAfterRestart.requests === 0,
    },
  ];
}

export function rendererSizeRows(r: RendererSizeBenchResult): BenchRow[] {
  const kb = (bytes: number) => Math.round(bytes / 100) / 10;
  return [
    {
      benchmark: `Renderer initial JS, gzip (${r.files.length} file${r.files.length === 1 ? '' : 's'}; ${r.lazyChunks} lazy chunks not counted)`,
      result: kb(r.gzipBytes),
      unit: 'KB',
      floor: kb(r.budgetGzipBytes),
      floorLabel: 'the budget',
      ratio: r.ratio,
      budget: '< 150 KB gzip',
      budgetSource: 'architecture',
      pass: r.pass,
    },
  ];
}

export function renderRows(r: RenderBenchResult): BenchRow[] {
  const d = r.dashboard;
  const n = r.notificationCentre;
  const rows: BenchRow[] = [
    {
      benchmark: `Dashboard first render, ${d.pages} pages × ${d.servicesPerPage} services (Chromium)`,
      result: d.firstRenderMs.median,
      unit: 'ms',
      floor: d.emptyRenderMs.median,
      floorLabel: 'empty dashboard',
      ratio: d.ratio,
      budget: `≤ ${r.targets.dashboardRatio}×`,
      budgetSource: 'architecture',
      pass: d.ratio <= r.targets.dashboardRatio && d.dom.cards === d.pages,
    },
    {
      benchmark: `Dashboard cards re-rendered when one of ${d.pages} pages changes (Vue, counted)`,
      result: d.cardsRerenderedPerChange,
      unit: 'cards',
      floor: 1,
      floorLabel: 'the changed card',
      ratio: ratioOf(d.cardsRerenderedPerChange, 1),
      budget: '1',
      budgetSource: 'ours',
      pass: d.cardsRerenderedPerChange === 1,
    },
    {
      benchmark: `… of which the harness IPC of the ${Math.round(d.snapshotBytes / 1024)} KB snapshot (Playwright binding)`,
      result: d.snapshotIpcMs,
      unit: 'ms',
      floor: d.snapshotDispatchMs,
      floorLabel: 'the same call in the main process',
      ratio: ratioOf(d.snapshotIpcMs, d.snapshotDispatchMs, 1),
      budget: '—',
      budgetSource: 'none',
      pass: null,
    },
    {
      benchmark: 'Dashboard DOM once rendered (cards collapsed: > 3 pages)',
      result: d.dom.cards,
      unit: '',
      resultText: `${d.dom.cards} cards, ${d.dom.serviceRows} service rows, ${d.dom.nodes.toLocaleString('en-US')} elements`,
      floor: null,
      floorLabel: `${(d.pages * d.servicesPerPage).toLocaleString('en-US')} services in the snapshot`,
      ratio: null,
      budget: 'long lists virtualised',
      budgetSource: 'architecture',
      pass: null,
    },
    {
      benchmark: `Notification centre first render, ${n.events.toLocaleString('en-US')} events (Chromium)`,
      result: n.firstRenderMs.median,
      unit: 'ms',
      floor: n.emptyRenderMs.median,
      floorLabel: 'empty centre',
      ratio: n.ratio,
      budget: `≤ ${r.targets.notificationCentreMs} ms`,
      budgetSource: 'ours',
      pass: n.firstRenderMs.median <= r.targets.notificationCentreMs,
    },
    {
      benchmark: 'Notification centre rows in the DOM (top / scrolled to the end)',
      result: n.dom.rowsAtTop,
      unit: 'rows',
      resultText: `${n.dom.rowsAtTop} / ${n.dom.rowsAtEnd} rows`,
      floor: n.events,
      floorUnit: 'events',
      floorLabel: 'listed',
      ratio: ratioOf(Math.max(n.dom.rowsAtTop, n.dom.rowsAtEnd), n.events),
      budget: `virtualised (≤ ${r.targets.virtualRowsMax} rows)`,
      budgetSource: 'architecture',
      pass: n.dom.rowsAtTop > 0 && Math.max(n.dom.rowsAtTop, n.dom.rowsAtEnd) <= r.targets.virtualRowsMax,
    },
  ];
  const list = r.incidentList;
  if (!list.available) {
    rows.push({
      benchmark: 'Incident list first render, 10,000 incidents',
      result: null,
      unit: '',
      resultText: 'not yet available',
      floor: null,
      floorLabel: '—',
      ratio: null,
      budget: 'long lists virtualised',
      budgetSource: 'architecture',
      pass: null,
    });
  } else {
    rows.push(
      {
        benchmark: `Incident list first render, ${list.incidents.toLocaleString('en-US')} incidents (Chromium)`,
        result: list.firstRenderMs.median,
        unit: 'ms',
        floor: list.fiftyRenderMs.median,
        floorLabel: 'the same page with 50 incidents',
        ratio: list.ratio,
        budget: `≤ ${r.targets.notificationCentreMs} ms`,
        budgetSource: 'ours',
        pass: list.firstRenderMs.median <= r.targets.notificationCentreMs,
      },
      {
        benchmark: 'Incident list rows in the DOM (top / after loading by scrolling)',
        result: list.dom.rowsAtTop,
        unit: 'rows',
        resultText: `${list.dom.rowsAtTop} / ${list.dom.rowsAfterScrolling} rows`,
        floor: list.dom.loadedAfterScrolling,
        floorUnit: 'incidents',
        floorLabel: 'loaded',
        ratio: ratioOf(Math.max(list.dom.rowsAtTop, list.dom.rowsAfterScrolling), list.dom.loadedAfterScrolling),
        budget: `virtualised (≤ ${r.targets.virtualRowsMax} rows)`,
        budgetSource: 'architecture',
        pass: list.dom.rowsAtTop > 0 && Math.max(list.dom.rowsAtTop, list.dom.rowsAfterScrolling) <= r.targets.virtualRowsMax,
      },
    );
  }
  return rows;
}

export function dashboardSyncRows(r: DashboardSyncBenchResult): BenchRow[] {
  const c = r.changedPoll;
  const budgetKb = 50;
  return [
    {
      benchmark: `Dashboard IPC, ${r.pages} pages × 100 services at ${r.intervalSec} s, nothing changing (clock ×${r.timeScale})`,
      result: r.steady.kbPerMinute,
      unit: 'KB/min',
      floor: budgetKb,
      floorLabel: `the budget; one whole snapshot was ${Math.round(r.fullSnapshotBytes / 1024)} KB`,
      ratio: ratioOf(r.steady.kbPerMinute, budgetKb),
      budget: `≤ ${budgetKb} KB/min`,
      budgetSource: 'architecture',
      pass: r.steady.kbPerMinute <= budgetKb,
    },
    {
      benchmark: 'Dashboard IPC per changed poll (one page: incident opened)',
      result: c.patchBytes,
      unit: 'bytes',
      floor: c.summaryBytes,
      floorLabel: "the page's own summary",
      ratio: c.bytesRatio,
      budget: '≤ 1×',
      budgetSource: 'ours',
      pass: c.bytesRatio <= 1,
    },
    {
      benchmark: 'Main-process CPU per changed poll: diff + contract check + JSON of the patch',
      result: c.cpuUs,
      unit: 'µs',
      floor: c.summarySendUs,
      floorLabel: "check + JSON of the page's own summary",
      ratio: c.cpuRatio,
      budget: '≤ 3×',
      budgetSource: 'ours',
      pass: c.cpuRatio <= 3,
    },
  ];
}

export function cliStartRows(r: CliStartBenchResult): BenchRow[] {
  const row = (what: string, ms: number, ratio: number, budget: number): BenchRow => ({
    benchmark: `Command line cold start: ${what}`,
    result: ms,
    unit: 'ms',
    floor: r.nodeMs,
    floorLabel: 'node -e 0',
    ratio,
    budget: `≤ ${budget}×`,
    budgetSource: 'architecture',
    pass: ratio <= budget,
  });
  return [
    row('statusdesk --version', r.versionMs, r.versionRatio, CLI_VERSION_BUDGET_RATIO),
    row('statusdesk status <subdomain> (simulator)', r.statusMs, r.statusRatio, CLI_STATUS_BUDGET_RATIO),
  ];
}
