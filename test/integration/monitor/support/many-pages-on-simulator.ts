import { createAppBus } from '../../../../electron/core/events/app-events';
import { createScaledClock } from '../../../../electron/core/monitor/clock';
import { MonitorFeature, type MonitorFeatureOptions } from '../../../../electron/core/monitor/monitor-feature';
import { SettingsStore } from '../../../../electron/core/settings/settings-store';
import type { TrayModel } from '../../../../shared/monitor/tray';
import { watchedPageSchema } from '../../../../shared/monitor/watched-page';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../../simulators/statuspal';
import { makeTempDir } from '../../../support/temp-dir';

/**
 * The real monitor feature watching `pages` pages of the simulator (each `acme`, polled every 60 s of a scaled
 * clock, a minute in 100 ms by default), started, with the tray models it drew. The settings store is made by
 * `store` (a subclass that counts what it hands out, say). Everything it starts goes on `cleanup`.
 */
export async function manyPagesOnSimulator<S extends SettingsStore = SettingsStore>(
  cleanup: Array<() => Promise<void> | void>,
  options: {
    pages: number;
    scale?: number;
    spreadMs?: number;
    store?: (dir: string) => S;
    feature?: Pick<MonitorFeatureOptions, 'pushIntervalMs' | 'tickIntervalMs'>;
  },
): Promise<{ sim: StatusPageSimulator; feature: MonitorFeature; settings: S; trays: TrayModel[]; polls: () => number }> {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  cleanup.push(() => sim.close());
  const home = makeTempDir('statusdesk-many-pages-');
  cleanup.push(() => home.remove());
  const settings = options.store?.(home.dir) ?? (new SettingsStore(home.dir) as S);
  settings.update((draft) => {
    draft.watchedPages = Array.from({ length: options.pages }, (_, i) =>
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
    // The server's public budget (100 requests in 10 s) still holds at the default scale.
    clock: createScaledClock(options.scale ?? 600),
    tuning: { startSpreadMs: options.spreadMs ?? 0, jitterRatio: 0 },
    ...options.feature,
    hasViewers: () => false,
    reportProblem: () => undefined,
  });
  cleanup.push(() => feature.dispose());
  await feature.start();
  return { sim, feature, settings, trays, polls: () => sim.requestCount('/status_pages/') };
}
