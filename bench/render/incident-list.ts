import type { Browser, Page } from '@playwright/test';
import { startStatusPageSimulator } from '../../simulators/statuspal';
import { makeTempDir } from '../../test/support/temp-dir';
import { startHarness, type Harness } from '../../test/e2e/support/harness';
import { BENCH_VIEWPORT } from './browser';
import { countIn, domNodes, installMarks, median, round1, settleFrames, waitForMark } from './first-render';

/*
 * First render of the incident console's list (renderer/src/views/IncidentsView.vue) over a page with
 * 10,000 incidents (20 open), on an account added through IPC: timed from the click on "Incidents" to the
 * frame with the first rows. The floor is the same click while the page holds only 50 incidents (one API
 * page), in the same run. The console reads the API a page (50) at a time and loads
 * more as the list is scrolled; rows in the DOM are counted at the top and after scrolling until 1,000
 * incidents are loaded. When the build has no "Incidents" entry in its sidebar, this reports that the
 * screen is not yet available.
 */

export type IncidentListRenderResult =
  | { available: false; reason: string }
  | {
      available: true;
      incidents: number;
      runs: number;
      /** Click → the frame with the first rows, ms. */
      firstRenderMs: { median: number; all: number[] };
      /** The same with 50 incidents on the page. */
      fiftyRenderMs: { median: number; all: number[] };
      ratio: number;
      dom: { rowsAtTop: number; loadedAfterScrolling: number; rowsAfterScrolling: number; nodes: number };
    };

const SCREEN_LABEL = /^\s*\S*\s*Incidents\s*$/;
const SECTION = 'section[aria-labelledby="incidents-title"]';
const ROW = `${SECTION} [role="list"][aria-label="Incidents"] [role="listitem"]`;
const SENDER = (harness: Harness) => ({ url: `${harness.origin}/index.html`, isMainFrame: true });

/** Is there an incidents screen in the sidebar of this build? */
async function hasScreen(page: Page): Promise<boolean> {
  const labels = await page.locator('nav[aria-label="Main"] button').allTextContents();
  return labels.some((label) => SCREEN_LABEL.test(label));
}

/** Clicks "Incidents" in the page itself, after clearing any earlier mark; returns the click's time. */
function clickIncidents(page: Page): Promise<number> {
  return page.evaluate((label) => {
    const button = Array.from(document.querySelectorAll<HTMLButtonElement>('nav[aria-label="Main"] button')).find((b) =>
      new RegExp(label).test(b.textContent ?? ''),
    );
    const marks = (window as Window & { __benchMarks?: Record<string, unknown> }).__benchMarks ?? {};
    delete marks.rows;
    const at = performance.now();
    button!.click();
    return at;
  }, SCREEN_LABEL.source);
}

/** "1,050 of 10,002 incidents" → 1050. */
async function loadedCount(page: Page): Promise<number> {
  const text = await page.locator(`${SECTION} [role="status"]`).first().innerText();
  return Number(/([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
}

export async function measureIncidentList(
  browser: Browser,
  options: { incidents?: number; runs?: number; loadUpTo?: number } = {},
): Promise<IncidentListRenderResult> {
  const count = options.incidents ?? 10_000;
  const runs = options.runs ?? 3;
  const loadUpTo = options.loadUpTo ?? 1_000;
  const temp = makeTempDir('statusdesk-bench-incidents-');
  const context = await browser.newContext({ viewport: BENCH_VIEWPORT });
  let harness: Harness | null = null;
  let sim: Awaited<ReturnType<typeof startStatusPageSimulator>> | null = null;
  try {
    const page = await context.newPage();
    await page.bringToFront(); // a background tab gets no animation frames
    await installMarks(page, [{ name: 'rows', selector: ROW, count: 1 }]);
    harness = await startHarness(page, { dataDir: temp.dir });
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    if (!(await hasScreen(page))) {
      return { available: false, reason: 'not yet available: renderer/src/screens.ts has no incidents screen' };
    }

    sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    const simulator = sim;
    const seed = (from: number, to: number, open: number) => {
      for (let i = from; i < to; i++) {
        const incident = simulator.openIncident({
          page: 'acme',
          type: i % 3 === 0 ? 'major' : 'minor',
          title: `Bench incident ${i + 1}`,
          message: 'Investigating.',
        });
        if (i < to - open) simulator.resolveIncident({ page: 'acme', incidentId: incident.id });
      }
    };
    seed(0, 50, 20);
    const added = await harness.core.dispatcher.dispatch(
      'accounts.add',
      { name: 'Bench', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', organizationId: '1', apiKey: sim.keys.demoReadWrite, sessionOnlyKey: true },
      SENDER(harness),
    );
    if (!added.ok) throw new Error(`could not add the bench account: ${added.error.message}`);

    const timed = async () => {
      const times: number[] = [];
      for (let r = 0; r < runs; r++) {
        await page.goto(`${harness!.origin}/index.html`);
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        const clickedAt = await clickIncidents(page);
        times.push(round1((await waitForMark(page, 'rows', 120_000)).frameMs - clickedAt));
      }
      return times;
    };
    const fifty = await timed();
    seed(50, count, 0);
    const times = await timed();
    await settleFrames(page);
    const rowsAtTop = await countIn(page, ROW);
    const nodes = await domNodes(page);

    // Scroll to the end until enough is loaded: the console reads on, the DOM should not grow with it.
    for (let i = 0; i < 60 && (await loadedCount(page)) < loadUpTo; i++) {
      await page.evaluate((section) => {
        const scroller = document.querySelector<HTMLElement>(`${section} [role="list"][aria-label="Incidents"]`);
        if (scroller) scroller.scrollTop = scroller.scrollHeight;
      }, SECTION);
      await page.waitForTimeout(150);
    }
    await settleFrames(page);
    return {
      available: true,
      incidents: count,
      runs,
      firstRenderMs: { median: round1(median(times)), all: times },
      fiftyRenderMs: { median: round1(median(fifty)), all: fifty },
      ratio: Math.round((median(times) / median(fifty)) * 100) / 100,
      dom: { rowsAtTop, loadedAfterScrolling: await loadedCount(page), rowsAfterScrolling: await countIn(page, ROW), nodes },
    };
  } finally {
    await harness?.close();
    await context.close();
    await sim?.close();
    temp.remove();
  }
}
