import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { SettingsStore } from '../../electron/core/settings/settings-store';
import { startStatusPageSimulator } from '../../simulators/statuspal';
import { watchedPageSchema } from '../../shared/monitor/watched-page';
import { makeTempDir } from '../../test/support/temp-dir';
import { startHarness, type Harness } from '../../test/e2e/support/harness';
import { BENCH_VIEWPORT } from './browser';
import { countIn, domNodes, installMarks, median, round1, settleFrames, waitForMark } from './first-render';
import { benchSubdomain, benchSummaryDoc, HUNDRED_SERVICES } from './seed-pages';

/*
 * First render of the dashboard with 100 watched pages of 100 services each: a status page simulator
 * seeded with 100 such pages, an AppCore (the real one, through the e2e harness) watching all of them,
 * one poll each; then the real renderer build is loaded again and again, timed from navigation start to
 * the frame that paints every card. The floor is the same navigation to an empty dashboard, in the same run.
 */

export interface DashboardRenderResult {
  pages: number;
  servicesPerPage: number;
  runs: number;
  /** Navigation start → the frame with every page card, ms. */
  firstRenderMs: { median: number; first: number; all: number[] };
  /** Navigation start → the frame with the empty dashboard ("No pages watched yet"), ms. */
  emptyRenderMs: { median: number; all: number[] };
  ratio: number;
  /** What the DOM holds once rendered. */
  dom: { cards: number; serviceRows: number; incidents: number; nodes: number };
  snapshotBytes: number;
  /** One monitor.snapshot round trip from the page, median of 5: the harness's IPC (a Playwright binding) is part of the render time. */
  snapshotIpcMs: number;
  /** The same call inside the main process alone (dispatcher: handler + response schema), median of 5. */
  snapshotDispatchMs: number;
  /** Page cards Vue re-rendered when one page changed (an incident opened, pushed as a patch). */
  cardsRerenderedPerChange: number;
}

const CARD = 'ul[aria-label="Watched pages"] article.page-card';
const EMPTY = 'section[aria-labelledby="dashboard-title"] .empty-state';

async function timedNavigations(harness: Harness, name: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    await harness.page.goto(`${harness.origin}/index.html`);
    times.push(round1((await waitForMark(harness.page, name)).frameMs));
  }
  return times;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function measureDashboard(browser: Browser, options: { pages?: number; runs?: number } = {}): Promise<DashboardRenderResult> {
  const pageCount = options.pages ?? 100;
  const runs = options.runs ?? 5;
  const sim = await startStatusPageSimulator({ seed: 'empty', rateLimit: false });
  const full = makeTempDir('statusdesk-bench-dashboard-');
  const empty = makeTempDir('statusdesk-bench-dashboard-empty-');
  const context = await browser.newContext({ viewport: BENCH_VIEWPORT });
  const harnesses: Harness[] = [];
  try {
    for (let i = 0; i < pageCount; i++) sim.seedSummary(benchSummaryDoc(i), { subdomain: benchSubdomain(i) });
    // Watched before the core starts, as after a restart; a long interval keeps polls out of the timing.
    new SettingsStore(full.dir).update((draft) => {
      draft.watchedPages = Array.from({ length: pageCount }, (_, i) =>
        watchedPageSchema.parse({ id: randomUUID(), region: 'custom', baseUrl: sim.baseUrl, subdomain: benchSubdomain(i), intervalSec: 3_600 }),
      );
    });

    // The floor: an empty dashboard, same build, same harness.
    const emptyPage = await context.newPage();
    await emptyPage.bringToFront();
    await installMarks(emptyPage, [{ name: 'empty', selector: EMPTY, count: 1 }]);
    const emptyHarness = await startHarness(emptyPage, { dataDir: empty.dir });
    harnesses.push(emptyHarness);
    await waitForMark(emptyPage, 'empty');
    const emptyTimes = await timedNavigations(emptyHarness, 'empty', runs);

    const page = await context.newPage();
    await page.bringToFront(); // a background tab gets no animation frames
    await installMarks(page, [{ name: 'cards', selector: CARD, count: pageCount }]);
    // No start-up spread: every page's first poll at once (the simulator has no rate limit here).
    const harness = await startHarness(page, { dataDir: full.dir, monitorTuning: { startSpreadMs: 0 } });
    harnesses.push(harness);
    await until(async () => (await harness.core.monitor.snapshot()).pages.every((p) => p.hasDetail), 60_000, 'the first poll of every page');
    const snapshotBytes = Buffer.byteLength(JSON.stringify(await harness.core.monitor.snapshot()));
    const times = await timedNavigations(harness, 'cards', runs + 1);
    await settleFrames(page);
    const dom = {
      cards: await countIn(page, CARD),
      serviceRows: await countIn(page, '.service-row'),
      incidents: await countIn(page, 'article.incident'),
      nodes: await domNodes(page),
    };
    // One page changes: the patch should re-render that card only (renderer/src/render-count.ts counts).
    const changed = harness.core.monitor.pages().find((p) => p.subdomain === benchSubdomain(1))!;
    await page.evaluate(() => {
      (window as unknown as { __statusdeskRenders: Record<string, number> }).__statusdeskRenders = {};
    });
    sim.openIncident({ page: benchSubdomain(1), type: 'major', title: 'Bench change' });
    await harness.core.monitor.pollNow(changed.id);
    await page.getByText('Bench change').first().waitFor({ timeout: 10_000 });
    await settleFrames(page);
    const cardsRerenderedPerChange = await page.evaluate(
      () => (window as unknown as { __statusdeskRenders: Record<string, number> }).__statusdeskRenders.PageCard ?? 0,
    );
    const ipc: number[] = [];
    for (let i = 0; i < 5; i++) {
      ipc.push(
        await page.evaluate(async () => {
          const started = performance.now();
          await (window as unknown as { api: { monitor: { snapshot(): Promise<unknown> } } }).api.monitor.snapshot();
          return performance.now() - started;
        }),
      );
    }
    const dispatch: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await harness.core.dispatcher.dispatch('monitor.snapshot', undefined, { url: `${harness.origin}/index.html`, isMainFrame: true });
      dispatch.push(performance.now() - started);
    }
    const warm = times.slice(1);
    const emptyMedian = median(emptyTimes);
    return {
      pages: pageCount,
      servicesPerPage: HUNDRED_SERVICES.groups * (1 + HUNDRED_SERVICES.perGroup),
      runs,
      firstRenderMs: { median: round1(median(warm)), first: times[0]!, all: warm },
      emptyRenderMs: { median: round1(emptyMedian), all: emptyTimes },
      ratio: Math.round((median(warm) / emptyMedian) * 100) / 100,
      dom,
      snapshotBytes,
      snapshotIpcMs: round1(median(ipc)),
      snapshotDispatchMs: round1(median(dispatch)),
      cardsRerenderedPerChange,
    };
  } finally {
    for (const h of harnesses) await h.close();
    await context.close();
    await sim.close();
    full.remove();
    empty.remove();
  }
}
