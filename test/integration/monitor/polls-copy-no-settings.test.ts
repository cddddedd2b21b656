import { afterEach, describe, expect, it } from 'vitest';
import { createScaledClock } from '../../../electron/core/monitor/clock';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startStatusPageSimulator } from '../../../simulators/statuspal';
import { MonitorFeature } from '../../../electron/core/monitor/monitor-feature';
import { watchedPageSchema } from '../../../shared/monitor/watched-page';
import { makeTempDir } from '../../support/temp-dir';
import { createAppBus } from '../../../electron/core/events/app-events';

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
    const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    cleanup.push(() => sim.close());
    const home = makeTempDir('statusdesk-poll-settings-');
    cleanup.push(() => home.remove());
    const settings = new CountingSettings(home.dir);
    settings.update((draft) => {
      draft.watchedPages = Array.from({ length: 20 }, (_, i) =>
        watchedPageSchema.parse({
          id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
          region: 'custom',
          baseUrl: sim.baseUrl,
          subdomain: 'acme',
          intervalSec: 60,
        }),
      );
    });
    const feature = new MonitorFeature({
      settings,
      events: createAppBus(),
      dataDir: home.dir,
      // A minute of monitor time in 100 ms; the server's public budget (100 requests in 10 s) still holds.
      clock: createScaledClock(600),
      tuning: { startSpreadMs: 0, jitterRatio: 0 },
      hasViewers: () => false,
      reportProblem: () => undefined,
    });
    cleanup.push(() => feature.dispose());
    await feature.start();
    const copiesAtStart = settings.copies;

    await expect.poll(() => sim.requestCount('/status_pages/')).toBeGreaterThanOrEqual(80);
    expect(settings.copies - copiesAtStart).toBe(0);
  });
});
