import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScaledClock } from '../../../electron/core/monitor/clock';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startStatusPageSimulator } from '../../../simulators/statuspal';
import { MonitorFeature } from '../../../electron/core/monitor/monitor-feature';
import type { TrayModel } from '../../../shared/monitor/tray';
import { watchedPageSchema } from '../../../shared/monitor/watched-page';
import { makeTempDir } from '../../support/temp-dir';
import { createAppBus } from '../../../electron/core/events/app-events';

/*
 * With 500 pages the app all day in the tray redrew the tray (500 menu labels, a native
 * menu rebuilt) after every poll, changed or not, and with no window a poll that moved only its check times
 * asked for a push within 250 ms as if the page had changed. Polls that change nothing now redraw nothing,
 * and pages that change redraw it at most once a second.
 */

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function watching(pages: number, options: { scale?: number; spreadMs?: number } = {}) {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  cleanup.push(() => sim.close());
  const home = makeTempDir('statusdesk-tray-');
  cleanup.push(() => home.remove());
  const settings = new SettingsStore(home.dir);
  settings.update((draft) => {
    draft.watchedPages = Array.from({ length: pages }, (_, i) =>
      watchedPageSchema.parse({
        id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        region: 'custom',
        baseUrl: sim.baseUrl,
        subdomain: 'acme',
        intervalSec: 60,
      }),
    );
  });
  const trays: TrayModel[] = [];
  const bus = createAppBus();
  bus.subscribe('monitor.tray', (model) => void trays.push(model));
  const feature = new MonitorFeature({
    settings,
    events: bus,
    dataDir: home.dir,
    // By default a minute of monitor time in 100 ms: each page polls about ten times a second.
    clock: createScaledClock(options.scale ?? 600),
    tuning: { startSpreadMs: options.spreadMs ?? 0, jitterRatio: 0 },
    pushIntervalMs: 5,
    tickIntervalMs: 20,
    hasViewers: () => false,
    reportProblem: () => undefined,
  });
  cleanup.push(() => feature.dispose());
  await feature.start();
  return { sim, feature, trays, polls: () => sim.requestCount('/status_pages/') };
}

describe('the tray in the tray (no window open)', () => {
  it('is not drawn again by polls that change nothing, and is by one that does', async () => {
    const { sim, trays, polls } = await watching(3);
    await wait(300); // the first polls: pending → operational
    const settled = trays.length;
    const pollsBefore = polls();
    await wait(600);
    expect(polls() - pollsBefore).toBeGreaterThan(10);
    expect(trays.length - settled).toBe(0);

    // A change is drawn, within the second the tray waits between two redraws.
    sim.openIncident({ page: 'acme', type: 'major', title: 'Database down' });
    await vi.waitFor(() => expect(trays.at(-1)?.icon).toBe('major'), { timeout: 3_000 });
    expect(trays.length - settled).toBeLessThanOrEqual(2);
  });
});

describe('the tray while pages keep changing', () => {
  it('is drawn at most about once a second, and ends showing the last change', async () => {
    const { sim, trays } = await watching(1);
    await wait(300);
    const before = trays.length;
    // An incident opened and resolved every 100 ms for 1.5 s: about ten polls a second each see a change.
    const started = Date.now();
    while (Date.now() - started < 1_500) {
      const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'Flapping' });
      await wait(50);
      sim.resolveIncident({ page: 'acme', incidentId: incident.id });
      await wait(50);
    }
    await vi.waitFor(() => expect(trays.at(-1)?.icon).not.toBe('major'), { timeout: 3_000 });
    expect(trays.length - before).toBeLessThanOrEqual(4);
  });
});
