import { createAlerts, type Alerts } from '@core/alerts/alerts-feature';
import { AlertDelivery } from '@core/alerts/delivery/alert-delivery';
import type { KnownSecrets } from '@core/security/known-secrets';
import type { SettingsStore } from '@core/settings/settings-store';
import type { KeyVault } from '@core/vault/key-vault';
import type { AlertDeliveryView } from '@shared/alerts/alert-delivery';
import type { AlertsOwnerRole } from '@core/alerts/delivery/alert-queue-lock';
import type { CliContext } from '../context';

/*
 * The team alerts of the data folder, built as the app builds them (createAlerts): the settings' destinations
 * and rules, the vault's secrets, the held changes and the delivery queue. `alerts` commands open them for one
 * use case; `serve` keeps them open and feeds them every poll.
 */

interface HeadlessAlertsOptions {
  dataDir: string;
  settings: SettingsStore;
  vault: KeyVault;
  reportProblem: (message: string) => void;
  log?: (line: string) => void;
  secrets?: KnownSecrets;
  /** How the app and other commands name this process when it holds the queue. */
  role: AlertsOwnerRole;
}

interface HeadlessAlerts extends Alerts {
  /** Resolves once the delivery queue file has been read: before it, the delivery log looks empty. */
  ready(): Promise<void>;
}

export function openHeadlessAlerts(options: HeadlessAlertsOptions): HeadlessAlerts {
  let queue: AlertDelivery | null = null;
  const alerts = createAlerts({
    ...options,
    // Kept to wait for its queue file to be read (AlertDeliveryApi has no such wait).
    createDelivery: (delivery) => (queue = new AlertDelivery(delivery)),
  });
  return { ...alerts, ready: () => queue?.ready() ?? Promise.resolve() };
}

export interface OpenedAlerts {
  api: Alerts['api'];
  /** Sends: what `alerts test` and `alerts retry` need before they wait for an outcome. */
  start(): Promise<void>;
  /** The delivery's view after its next attempt (delivered, queued again, or not delivered). */
  outcomeOf(deliveryId: string): Promise<AlertDeliveryView>;
  close(): Promise<void>;
}

/** The alerts for one command, their queue read: a damaged file is said on stderr, as every command says it. */
export async function openAlerts(ctx: CliContext): Promise<OpenedAlerts> {
  const alerts = openHeadlessAlerts({
    dataDir: ctx.dataDir,
    settings: await ctx.settingsStore(),
    vault: ctx.vault,
    reportProblem: (message) => ctx.io.stderr(`warning: ${message}\n`),
    role: 'cli',
  });
  await alerts.ready();
  let started = false;
  return {
    api: alerts.api,
    start: async () => {
      started = true;
      await alerts.start();
    },
    outcomeOf: (deliveryId) => alerts.delivery.firstOutcome(deliveryId),
    // Never started: nothing was sent, nothing is in flight; the queue file is closed all the same.
    close: () => (started ? alerts.stop() : alerts.delivery.stop()),
  };
}
