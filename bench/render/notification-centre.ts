import type { Browser, Page } from '@playwright/test';
import { EventHistory, historyFilePath } from '../../electron/core/monitor/event-history';
import { makeTempDir } from '../../test/support/temp-dir';
import { startHarness, type Harness } from '../../test/e2e/support/harness';
import { BENCH_VIEWPORT } from './browser';
import { countIn, domNodes, installMarks, median, round1, settleFrames, waitForMark } from './first-render';
import { benchEvents } from './seed-events';

/*
 * First render of the notification centre (virtualised, renderer/src/views/HistoryView.vue) holding
 * 1,000 events, the most it keeps: timed from the click on "Notifications" (the screen is loaded lazily,
 * then asks for the history over IPC) to the frame that paints its first rows. The floor is the same click
 * with an empty history. Rows in the DOM are counted at the top and after scrolling to the end.
 */

export interface NotificationCentreRenderResult {
  events: number;
  runs: number;
  /** Click → the frame with the first rows, ms. */
  firstRenderMs: { median: number; all: number[] };
  /** Click → the frame with the empty state, ms. */
  emptyRenderMs: { median: number; all: number[] };
  ratio: number;
  dom: { rowsAtTop: number; rowsAtEnd: number; nodes: number };
}

const SECTION = 'section[aria-labelledby="history-title"]';
const ROW = `${SECTION} [role="list"][aria-label="Events"] [role="listitem"]`;
const EMPTY = `${SECTION} .empty-state`;

type MarkWindow = Window & { __benchMarks?: Record<string, unknown> };

/** Loads the app, then clicks Notifications, returning the click's performance.now(). */
async function openCentre(harness: Harness): Promise<number> {
  const { page } = harness;
  await page.goto(`${harness.origin}/index.html`);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return page.evaluate(() => {
    const button = Array.from(document.querySelectorAll<HTMLButtonElement>('nav[aria-label="Main"] button')).find((b) =>
      b.textContent?.includes('Notifications'),
    );
    if (!button) throw new Error('no Notifications button');
    const clickedAt = performance.now();
    // Only what the click brings counts (the dashboard's own empty state is another selector anyway).
    const marks = (window as MarkWindow).__benchMarks ?? {};
    delete marks.rows;
    delete marks.empty;
    button.click();
    return clickedAt;
  });
}

async function timedOpens(harness: Harness, mark: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const clickedAt = await openCentre(harness);
    times.push(round1((await waitForMark(harness.page, mark)).frameMs - clickedAt));
  }
  return times;
}

async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[role="list"][aria-label="Events"]');
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  });
  await settleFrames(page);
  await settleFrames(page);
}

export async function measureNotificationCentre(browser: Browser, options: { events?: number; runs?: number } = {}): Promise<NotificationCentreRenderResult> {
  const count = options.events ?? 1_000;
  const runs = options.runs ?? 5;
  const full = makeTempDir('statusdesk-bench-history-');
  const empty = makeTempDir('statusdesk-bench-history-empty-');
  const context = await browser.newContext({ viewport: BENCH_VIEWPORT });
  const harnesses: Harness[] = [];
  try {
    const history = await EventHistory.open({ filePath: historyFilePath(full.dir) });
    await history.append(benchEvents(count));
    await history.flush();

    const emptyPage = await context.newPage();
    await emptyPage.bringToFront();
    await installMarks(emptyPage, [{ name: 'empty', selector: EMPTY, count: 1 }]);
    const emptyHarness = await startHarness(emptyPage, { dataDir: empty.dir });
    harnesses.push(emptyHarness);
    const emptyTimes = await timedOpens(emptyHarness, 'empty', runs);

    const page = await context.newPage();
    await page.bringToFront(); // a background tab gets no animation frames
    await installMarks(page, [{ name: 'rows', selector: ROW, count: 1 }]);
    const harness = await startHarness(page, { dataDir: full.dir });
    harnesses.push(harness);
    const times = await timedOpens(harness, 'rows', runs);
    await settleFrames(page);
    const listed = await page.evaluate(() => document.querySelector('[aria-label="Events"]') !== null);
    if (!listed) throw new Error('the notification centre shows no list');
    const rowsAtTop = await countIn(page, ROW);
    const nodes = await domNodes(page);
    await scrollToEnd(page);
    const rowsAtEnd = await countIn(page, ROW);
    const emptyMedian = median(emptyTimes);
    return {
      events: count,
      runs,
      firstRenderMs: { median: round1(median(times)), all: times },
      emptyRenderMs: { median: round1(emptyMedian), all: emptyTimes },
      ratio: Math.round((median(times) / emptyMedian) * 100) / 100,
      dom: { rowsAtTop, rowsAtEnd, nodes },
    };
  } finally {
    for (const h of harnesses) await h.close();
    await context.close();
    full.remove();
    empty.remove();
  }
}
