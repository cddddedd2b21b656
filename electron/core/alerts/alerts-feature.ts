import { systemClock, type MonitorClock } from '@core/monitor/clock';
import type { KnownSecrets } from '@core/security/known-secrets';
import type { SettingsStore } from '@core/settings/settings-store';
import type { KeyVault } from '@core/vault/key-vault';
import type { AlertDeliveryApi, AlertDeliveryOptions } from './alert-delivery-api';
import { AlertsService, type AlertsServiceOptions } from './alerts-service';
import { AlertDelivery } from './delivery/alert-delivery';
import { AlertsBusyError, type AlertQueueOwnership, type AlertsOwnerRole } from './delivery/alert-queue-lock';
import { checkDestinationSecret } from './destinations/destination-formats';
import { destinationSecretFor } from './destination-secret';
import { AlertRouter } from './routing/alert-router';
import type { FloodTuning } from './routing/flood-coalescer';
import { GatheredJournal, gatheredJournalPath } from './routing/gathered-journal';
import { HeldChanges, heldChangesPath } from './routing/held-changes';
import type { PagePoll } from './routing/page-poll';

/*
 * The team alerts built once, the same way in the app (AppCore) and in the headless watcher (`statusdesk
 * serve`): the settings' destinations and rules, the keychain's secrets, the held changes, the flood's gathered
 * changes and the delivery queue in the data folder. Feed it each poll of each page (`route`); `stop` finishes the attempt in flight.
 *
 * One process per data folder routes and sends (delivery/alert-queue-lock.ts): when the app and `statusdesk
 * serve` share one, the first to start sends; the other's start() says who does (reportProblem, and rejects
 * with AlertsBusyError), routes nothing, and still shows the delivery log.
 */

interface CreateAlertsOptions {
  dataDir: string;
  settings: SettingsStore;
  vault: KeyVault;
  /** The durable queue and its sender; default delivery/alert-delivery.ts's AlertDelivery (tests and the bench tune it). */
  createDelivery?: (options: AlertDeliveryOptions) => AlertDeliveryApi;
  /** Default: the destination formats' check of an address and key (destinations/destination-formats.ts). */
  checkSecret?: AlertsServiceOptions['checkSecret'];
  /** A damaged file, a full disk: told to the user, never silent. */
  reportProblem: (message: string) => void;
  log?: (line: string) => void;
  /** The redactor of this process: told every destination secret the vault reads (the app's core already is). */
  secrets?: KnownSecrets;
  clock?: MonitorClock;
  flood?: Partial<FloodTuning>;
  /** Who this process is, for the data folder's alert queue lock and the other process's words. Default 'app'. */
  role?: AlertsOwnerRole;
}

export interface Alerts {
  api: AlertsService;
  /** One poll of one page (the monitor's onPoll). */
  route: (poll: PagePoll) => void;
  router: AlertRouter;
  delivery: AlertDeliveryApi;
  /**
   * Takes the data folder's alerts and starts sending what the queue holds and what quiet hours held past their
   * end (after a crash or a reboot too). Rejects with AlertsBusyError (also told to reportProblem) when another
   * process sends them: this one then routes nothing.
   */
  start: () => Promise<void>;
  /** Whether this process sends the data folder's alerts (the command line and the window can say who does). */
  ownership: () => AlertQueueOwnership;
  /** Sends what was gathered, stops taking attempts and waits for the one in flight (SIGTERM). */
  stop: () => Promise<void>;
}

export function createAlerts(options: CreateAlertsOptions): Alerts {
  const clock = options.clock ?? systemClock;
  if (options.secrets) {
    const secrets = options.secrets;
    options.vault.notice((secret) => secrets.add(secret));
  }
  const alertsOf = () => options.settings.read((settings) => settings.alerts);
  const held = HeldChanges.open({ filePath: heldChangesPath(options.dataDir), reportProblem: options.reportProblem });
  const delivery = (options.createDelivery ?? ((given) => new AlertDelivery(given)))({
    dataDir: options.dataDir,
    destinations: () => alertsOf().destinations,
    secretFor: (destination) => destinationSecretFor(options.vault, destination),
    reportProblem: options.reportProblem,
    now: () => clock.now(),
    role: options.role ?? 'app',
    ...(options.log ? { log: options.log } : {}),
  });
  const router = new AlertRouter({
    alerts: alertsOf,
    delivery,
    held,
    // Read and written only by the process that sends (router.start() opens it).
    gathered: new GatheredJournal({ filePath: gatheredJournalPath(options.dataDir), reportProblem: options.reportProblem }),
    clock,
    reportProblem: options.reportProblem,
    ...(options.flood ? { flood: options.flood } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const api = new AlertsService({
    settings: options.settings,
    vault: options.vault,
    delivery,
    router,
    held,
    checkSecret: options.checkSecret ?? checkDestinationSecret,
  });
  let started = false;
  /** Set synchronously in start(): the monitor's first poll comes after it. */
  let routing = false;
  return {
    api,
    route: (poll) => {
      if (routing) router.route(poll);
    },
    router,
    delivery,
    ownership: () => delivery.ownership(),
    start: async () => {
      if (started) return;
      started = true;
      // The lock is taken synchronously by open(): whether this process sends is known before the first poll.
      const opened = delivery.open();
      const ownership = delivery.ownership();
      if (ownership.state === 'busy') {
        started = false;
        await opened.catch(() => undefined);
        options.reportProblem(ownership.problem);
        throw new AlertsBusyError(ownership.holderPid, ownership.holderRole);
      }
      routing = true;
      // A queue that cannot be opened is told by delivery.start(); routing keeps trying to queue.
      opened.catch(() => undefined);
      delivery.start();
      router.start();
    },
    stop: async () => {
      routing = false;
      await router.stop();
      await delivery.stop();
    },
  };
}
