import type { Page } from '@playwright/test';

/*
 * First-render marks taken inside the page: an init script (run before any app script on every
 * navigation) watches the DOM and stamps performance.now() (ms since navigation start) the first time a
 * selector matches at least `count` elements, and again at the next animation frame, which is when
 * Chromium paints what is there.
 */

export interface MarkCondition {
  name: string;
  selector: string;
  count: number;
}

export interface Mark {
  /** The DOM first held the elements. */
  domMs: number;
  /** The frame after: painted. */
  frameMs: number;
}

type MarkWindow = Window & { __benchMarks?: Record<string, Partial<Mark>> };

export async function installMarks(page: Page, conditions: MarkCondition[]): Promise<void> {
  // Plain text, not a function: tsx's name helpers would not exist in the page.
  await page.addInitScript({
    content: `(() => {
      const conds = ${JSON.stringify(conditions)};
      const marks = {};
      window.__benchMarks = marks;
      const check = () => {
        for (const c of conds) {
          if (marks[c.name] !== undefined || document.querySelectorAll(c.selector).length < c.count) continue;
          const mark = { domMs: performance.now() };
          marks[c.name] = mark;
          requestAnimationFrame(() => { mark.frameMs = performance.now(); });
        }
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    })();`,
  });
}

/** Waits until the mark has its painted frame, and returns it. */
export async function waitForMark(page: Page, name: string, timeoutMs = 60_000): Promise<Mark> {
  try {
    await page.waitForFunction((n) => (window as MarkWindow).__benchMarks?.[n]?.frameMs !== undefined, name, { timeout: timeoutMs });
  } catch (error) {
    const seen = await page.evaluate(() => ({
      marks: JSON.stringify((window as MarkWindow).__benchMarks),
      main: document.querySelector('main')?.innerHTML.slice(0, 400),
    }));
    throw new Error(`mark "${name}" never came (marks ${seen.marks}; main: ${seen.main})`, { cause: error });
  }
  return page.evaluate((n) => (window as MarkWindow).__benchMarks![n] as Mark, name);
}

/** Two animation frames: whatever the last render scheduled is in the DOM. */
export function settleFrames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

export function countIn(page: Page, selector: string): Promise<number> {
  return page.evaluate((s) => document.querySelectorAll(s).length, selector);
}

export function domNodes(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
