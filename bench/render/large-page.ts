import type { Browser, Page } from '@playwright/test';
import { startStatusPageSimulator, type LargeSeedCounts, type StatusPageSimulator } from '../../simulators/statuspal';
import { startHarness, type Harness } from '../../test/e2e/support/harness';
import { makeTempDir } from '../../test/support/temp-dir';
import { BENCH_VIEWPORT } from './browser';
import { installMarks, round1, waitForMark } from './first-render';

/*
 * The large-page bench in Chromium: on the real renderer build fed by the real AppCore (the e2e
 * harness), each list's first render — click → the frame with its first rows — on the large company's page
 * and on its 10-item copy; then, on the large page, the requests one delete (and one member's new role) costs
 * with everything loaded, and the key presses that pick 3 of 400 services.
 *
 * The services list comes from the API as its top level only, one request per service below it, so after
 * Administration opens (the Services tab first) the bench waits until that read is done and the account's
 * rate-limit window is clear before it opens the other tabs: each list is timed alone.
 */

export interface SectionTiming {
  section: string;
  ms: number[];
}

export interface LargePageRender {
  sections: SectionTiming[];
  /** Only on the large page: what one write costs with everything loaded. */
  writes: Array<{ what: string; loaded: number; requests: number; countUpdateMs: number | null }>;
  picker: { keyPresses: number; picked: number } | null;
}

const ADMIN_TABS: Array<{ tab: string; list: string }> = [
  { tab: 'Subscriptions', list: 'Subscriptions' },
  { tab: 'Webhooks', list: 'Webhooks' },
  { tab: 'Access groups', list: 'Access groups' },
  { tab: 'Page members', list: 'Page members' },
  { tab: 'Org members', list: 'Organization members' },
  { tab: 'Status pages', list: 'Status pages' },
];
const rowsOf = (list: string) => `[role="tabpanel"] [role="list"][aria-label="${list}"] [role="listitem"]`;
const CONSOLE_ROWS = '[data-testid="incident-list"] [role="listitem"]';
const SENDER = (harness: Harness) => ({ url: `${harness.origin}/index.html`, isMainFrame: true });

/** Clicks a button in the page itself and returns the click's time (performance.now), so no round trip is timed. */
function clickAt(page: Page, selector: string, text: string): Promise<number> {
  return page.evaluate(
    ([s, t]) => {
      const button = Array.from(document.querySelectorAll<HTMLElement>(s)).find((b) => (b.textContent ?? '').trim().endsWith(t));
      if (!button) throw new Error(`no button "${t}"`);
      const at = performance.now();
      button.click();
      return at;
    },
    [selector, text] as const,
  );
}

async function timed(page: Page, mark: string, selector: string, text: string): Promise<number> {
  const at = await clickAt(page, selector, text);
  try {
    return round1((await waitForMark(page, mark, 120_000)).frameMs - at);
  } catch (error) {
    // What the window showed instead, for whoever reads the failure.
    await page.screenshot({ path: 'test-results/bench-large-page-failure.png' }).catch(() => undefined);
    throw error;
  }
}

async function withHarness<T>(
  browser: Browser,
  sim: StatusPageSimulator,
  marks: Array<{ name: string; selector: string }>,
  body: (page: Page, harness: Harness) => Promise<T>,
): Promise<T> {
  const temp = makeTempDir('statusdesk-bench-large-');
  const context = await browser.newContext({ viewport: BENCH_VIEWPORT, acceptDownloads: false });
  let harness: Harness | null = null;
  try {
    const page = await context.newPage();
    await page.bringToFront();
    await installMarks(
      page,
      marks.map((m) => ({ ...m, count: 1 })),
    );
    harness = await startHarness(page, { dataDir: temp.dir });
    const added = await harness.core.dispatcher.dispatch(
      'accounts.add',
      { name: 'Bench', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', organizationId: '1', apiKey: sim.keys.demoReadWrite, sessionOnlyKey: true },
      SENDER(harness),
    );
    if (!added.ok) throw new Error(`could not add the bench account: ${added.error.message}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    return await body(page, harness);
  } finally {
    await harness?.close();
    await context.close();
    temp.remove();
  }
}

/** One run of every list's first render on a page seeded with `counts`; with `writes`, the write costs too. */
export async function measureLargePageRun(browser: Browser, counts: Partial<LargeSeedCounts>, options: { writes: boolean }): Promise<LargePageRender> {
  const sim = await startStatusPageSimulator({ seed: { large: counts }, rateLimit: false });
  try {
    const marks = [
      { name: 'console', selector: CONSOLE_ROWS },
      { name: 'services', selector: rowsOf('Services') },
      ...ADMIN_TABS.map((t) => ({ name: t.tab, selector: rowsOf(t.list) })),
    ];
    return await withHarness(browser, sim, marks, async (page, harness) => {
      const sections: SectionTiming[] = [];
      const nav = 'nav[aria-label="Main"] button';
      sections.push({ section: 'Incidents console', ms: [await timed(page, 'console', nav, 'Incidents')] });
      sections.push({ section: 'Services', ms: [await timed(page, 'services', nav, 'Administration')] });
      // The services list is read one service at a time below the top level: let it finish, and the rate window clear.
      await page.getByText('The page’s public tree, while its services are read one by one').waitFor({ state: 'hidden', timeout: 180_000 });
      await page.waitForTimeout(10_500);
      for (const { tab } of ADMIN_TABS) sections.push({ section: tab, ms: [await timed(page, tab, '[role="tab"]', tab)] });
      void harness;
      const writes = options.writes ? await measureWrites(page, sim) : [];
      const picker = options.writes ? await measurePicker(page) : null;
      return { sections, writes, picker };
    });
  } finally {
    await sim.close();
  }
}

/** Loads a whole list (Load more until there is no more) and returns how many it holds. */
async function loadEverything(page: Page): Promise<number> {
  const panel = page.getByRole('tabpanel');
  for (;;) {
    const more = panel.getByRole('button', { name: 'Load more' });
    if ((await more.count()) === 0) break;
    await more.click();
    await page.waitForFunction(() => !Array.from(document.querySelectorAll('button')).some((b) => b.textContent?.trim() === 'Loading…'));
  }
  const text = await panel.getByTestId('list-count').innerText();
  return Number(/^([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
}

async function countChange(page: Page, before: string): Promise<number> {
  const started = performance.now();
  await page.waitForFunction((text) => document.querySelector('[data-testid="list-count"]')?.textContent !== text, before, { timeout: 60_000 });
  return round1(performance.now() - started);
}

async function measureWrites(page: Page, sim: StatusPageSimulator): Promise<LargePageRender['writes']> {
  const out: LargePageRender['writes'] = [];
  const panel = page.getByRole('tabpanel');
  for (const tab of ['Subscriptions', 'Page members']) {
    await page.getByRole('tab', { name: tab }).click();
    const loaded = await loadEverything(page);
    await page.waitForTimeout(10_500);
    const count = await panel.getByTestId('list-count').innerText();
    sim.clearRequestCounts();
    await panel.getByRole('listitem').first().getByRole('checkbox').check();
    await panel.getByRole('button', { name: /^Delete 1 / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete 1' }).click();
    const countUpdateMs = await countChange(page, count);
    await page.waitForTimeout(500);
    out.push({ what: `${tab}: delete one`, loaded, requests: sum(sim.requestCounts()), countUpdateMs });
    if (tab === 'Page members') {
      sim.clearRequestCounts();
      await panel.getByRole('listitem').first().getByRole('checkbox').check();
      const role = (await panel.getByRole('listitem').first().innerText()).includes('Owner') ? 'viewer' : 'owner';
      await panel.getByLabel('Role', { exact: true }).selectOption(role);
      await panel.getByRole('button', { name: 'Give 1 this role' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="pending-badge"]') === null, undefined, { timeout: 60_000 });
      await page.waitForTimeout(500);
      out.push({ what: `${tab}: a new role for one`, loaded: loaded - 1, requests: sum(sim.requestCounts()), countUpdateMs: null });
    }
  }
  return out;
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Picks 3 of the page's services in the incident editor by typing their numbers, counting the keys. */
async function measurePicker(page: Page): Promise<LargePageRender['picker']> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Incidents/ })
    .click();
  await page.getByRole('button', { name: 'New incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'New incident' });
  const filter = dialog.getByRole('searchbox', { name: 'Filter affected services' });
  await filter.focus();
  let keys = 0;
  for (const number of ['217', '305', '042']) {
    for (const char of `${number}\n`) {
      keys++;
      await page.keyboard.press(char === '\n' ? 'Enter' : char);
    }
  }
  const picked = await dialog
    .getByRole('list', { name: /^Picked/ })
    .getByRole('button')
    .count();
  return { keyPresses: keys, picked };
}
