import { afterEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { manyPagesOnSimulator } from './support/many-pages-on-simulator';

/*
 * Every poll's state passes by the check that drops the follows of ended incidents. A whole copy of the settings
 * there (every watched page) made each poll's cost grow with the pages watched: with 500 pages the monitor's CPU
 * went from under twice a bare loop of the same requests to over four times. A poll reads its own page's follows.
 */

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Settings that count the copies of themselves they hand out. */
class CountingSettings extends SettingsStore {
  copies = 0;

  override get(): ReturnType<SettingsStore['get']> {
    this.copies++;
    return super.get();
  }
}

describe('polls and the settings', () => {
  it('polls that change nothing copy none of the settings, however many pages are watched', async () => {
    const { sim, settings } = await manyPagesOnSimulator(cleanup, { pages: 20, store: (dir) => new CountingSettings(dir) });
    const copiesAtStart = settings.copies;

    await expect.poll(() => sim.requestCount('/status_pages/')).toBeGreaterThanOrEqual(80);
    expect(settings.copies - copiesAtStart).toBe(0);
  });
});
