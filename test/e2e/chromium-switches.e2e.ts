import { expect, test } from '@playwright/test';
import { OUR_DISABLED_FEATURES } from './support/chromium-switches';

/*
 * The browser the end-to-end tests drive keeps every feature Playwright turns off and the ones we add
 * (chromium-switches.ts): Chromium reads only the last --disable-features, so a list that fell behind
 * Playwright's would silently turn its features back on.
 */

test('Chromium runs with Playwright’s disabled features and ours, and opens no address-bar popup per context', async ({ browser }) => {
  const cdp = await browser.newBrowserCDPSession();
  const context = await browser.newContext();
  try {
    // chrome://version shows the browser's own command line (CDP gives it only to --enable-automation).
    const page = await context.newPage();
    await page.goto('chrome://version');
    const args = (await page.locator('#command_line').innerText()).split(/\s+/);
    const lists = args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
    expect(lists.length, 'Playwright’s switch and ours').toBeGreaterThanOrEqual(2);
    const [playwrights, effective] = [lists[0]!, lists[lists.length - 1]!];
    expect(effective).toEqual(expect.arrayContaining([...playwrights, ...OUR_DISABLED_FEATURES]));

    await page.goto('data:text/html,<p>a page</p>');
    const { targetInfos } = await cdp.send('Target.getTargets');
    expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://'))).toEqual([]);
  } finally {
    await context.close();
    await cdp.detach();
  }
});
