import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core (WCAG 2 A and AA) on the window as it is: no serious or critical finding. The pointer is moved
 * away first so a hover style is not what gets checked. `soft` lets a tour of many screens report them all.
 */
export async function expectAccessible(page: Page, where: string, options: { soft?: boolean } = {}): Promise<void> {
  await page.mouse.move(0, 0);
  // Legacy mode runs axe.run() in the page. The default mode opens a blank page for every scan to merge each frame's
  // results, and the window has no frames (its CSP refuses them): 477 → 207 ms a scan, the same rules.
  // axe-core (half a megabyte of script) is evaluated once per document: a later scan of the same window reuses it
  // (207 → 137 ms a scan). The builder still configures and runs it each time.
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  const builder = new AxeBuilder(loaded ? { page, axeSource: ';' } : { page });
  const result = await builder.withTags(['wcag2a', 'wcag2aa']).setLegacyMode().analyze();
  const serious = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  if (options.soft === true) expect.soft(serious, `axe on ${where}`).toEqual([]);
  else expect(serious, `axe on ${where}`).toEqual([]);
}
