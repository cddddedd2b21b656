import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBenchBrowser } from './render/browser';
import { measureDashboard, type DashboardRenderResult } from './render/dashboard';
import { measureIncidentList, type IncidentListRenderResult } from './render/incident-list';
import { measureNotificationCentre, type NotificationCentreRenderResult } from './render/notification-centre';
import { runRendererSizeBench } from './renderer-size.bench';

/*
 * Renderer first-render benchmark in headless Chromium (Debian's), on the real renderer build fed by the
 * real AppCore through the e2e harness: the dashboard with 100 pages × 100 services, the notification
 * centre with 1,000 events, and the incident list with 10,000 incidents once that screen exists.
 * docs/architecture.md sets no time budget here ("long lists virtualised"); the targets below are ours.
 * Run (inside scripts/with-keyring.sh, as the harness uses the keychain): npx tsx bench/render.bench.ts
 */

export const RENDER_TARGETS = {
  /**
   * Navigation → every card painted, 100 × 100, including the harness IPC (a Playwright binding): at most this
   * many times the empty dashboard measured in the same run (docs/architecture.md). Only the ratio is held: the absolute
   * time follows the machine's load (205 ms to 562 ms for the same code), the ratio does not.
   */
  dashboardRatio: 2,
  /** Click → first rows painted: 1,000 events in the notification centre, the first page of 10,000 incidents. */
  notificationCentreMs: 500,
  /** A virtualised list keeps about a screenful of rows in the DOM, whatever its length. */
  virtualRowsMax: 60,
} as const;

export interface RenderBenchResult {
  name: 'render';
  dashboard: DashboardRenderResult;
  notificationCentre: NotificationCentreRenderResult;
  incidentList: IncidentListRenderResult;
  targets: typeof RENDER_TARGETS;
  pass: boolean;
}

export async function runRenderBench(options: { runs?: number } = {}): Promise<RenderBenchResult> {
  await runRendererSizeBench(); // builds out/renderer when it is missing
  const browser = await launchBenchBrowser();
  try {
    const runs = options.runs ?? 5;
    const dashboard = await measureDashboard(browser, { runs });
    const notificationCentre = await measureNotificationCentre(browser, { runs });
    const incidentList = await measureIncidentList(browser, { runs: Math.min(runs, 3) });
    const pass =
      dashboard.ratio <= RENDER_TARGETS.dashboardRatio &&
      dashboard.cardsRerenderedPerChange === 1 &&
      dashboard.dom.cards === dashboard.pages &&
      notificationCentre.firstRenderMs.median <= RENDER_TARGETS.notificationCentreMs &&
      notificationCentre.dom.rowsAtTop > 0 &&
      notificationCentre.dom.rowsAtTop <= RENDER_TARGETS.virtualRowsMax &&
      notificationCentre.dom.rowsAtEnd <= RENDER_TARGETS.virtualRowsMax &&
      (!incidentList.available ||
        (incidentList.firstRenderMs.median <= RENDER_TARGETS.notificationCentreMs &&
          incidentList.dom.rowsAtTop > 0 &&
          Math.max(incidentList.dom.rowsAtTop, incidentList.dom.rowsAfterScrolling) <= RENDER_TARGETS.virtualRowsMax));
    return { name: 'render', dashboard, notificationCentre, incidentList, targets: RENDER_TARGETS, pass };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = await runRenderBench();
  console.log(JSON.stringify(result, null, 2));
  if (!result.pass) process.exitCode = 1;
}
