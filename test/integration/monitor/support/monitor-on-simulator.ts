import { SettingsStore } from '../../../../electron/core/settings/settings-store';
import { MonitorFeature, type MonitorFeatureOptions } from '../../../../electron/core/monitor/monitor-feature';
import type { NotificationIntent } from '../../../../shared/monitor/notification-intent';
import type { TrayModel } from '../../../../shared/monitor/tray';
import { watchedPageSchema, type WatchedPage } from '../../../../shared/monitor/watched-page';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../../simulators/statuspal';
import { makeTempDir } from '../../../support/temp-dir';
import { createAppBus, type AppBus } from '../../../../electron/core/events/app-events';

/**
 * The app's MonitorFeature over a real status page simulator, with no window open: one page, `acme`, watched
 * (polled when the test asks), what it notifies and draws in the tray recorded. Every step of taking it down is
 * pushed onto `cleanup`, for the test file's afterEach.
 */
export const ACME = '00000000-0000-4000-8000-000000000001';

interface MonitorOnSimulator {
  sim: StatusPageSimulator;
  feature: MonitorFeature;
  settings: SettingsStore;
  notified: NotificationIntent[];
  trays: TrayModel[];
  /** The bus the monitor publishes to, for a test's own subscribers. */
  bus: AppBus;
}

type Extra = Partial<Omit<MonitorFeatureOptions, 'settings' | 'dataDir' | 'events' | 'reportProblem'>>;

export async function monitorOnSimulator(
  cleanup: Array<() => Promise<void> | void>,
  options: {
    page?: Partial<WatchedPage>;
    feature?: (sim: StatusPageSimulator) => Extra;
    settings?: (draft: ReturnType<SettingsStore['get']>) => void;
    notify?: (intent: NotificationIntent) => NotificationIntent;
  } = {},
): Promise<MonitorOnSimulator> {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  cleanup.push(() => sim.close());
  const home = makeTempDir('statusdesk-monitor-');
  cleanup.push(() => home.remove());
  const settings = new SettingsStore(home.dir);
  settings.update((draft) => {
    draft.watchedPages = [
      watchedPageSchema.parse({ id: ACME, region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', intervalSec: 3_600, ...options.page }),
    ];
    options.settings?.(draft);
  });
  const notified: NotificationIntent[] = [];
  const trays: TrayModel[] = [];
  const bus = createAppBus();
  bus.subscribe('monitor.notify', (intent) => void notified.push(options.notify ? options.notify(intent) : intent));
  bus.subscribe('monitor.tray', (tray) => void trays.push(tray));
  const feature = new MonitorFeature({
    settings,
    events: bus,
    dataDir: home.dir,
    tuning: { startSpreadMs: 0, jitterRatio: 0 },
    hasViewers: () => false,
    reportProblem: (message) => {
      throw new Error(message);
    },
    ...options.feature?.(sim),
  });
  cleanup.push(() => feature.dispose());
  await feature.start();
  await feature.pollNow();
  return { sim, feature, settings, notified, trays, bus };
}
