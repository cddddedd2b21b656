import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AlertDeliveryView } from '@shared/alerts/alert-delivery';
import {
  alertDestinationSchema,
  newAlertDestinationSchema,
  type AlertDestination,
  type AlertDestinationKind,
  type NewAlertDestination,
} from '@shared/alerts/alert-destination';
import { alertRuleSchema, type AlertRule, type AlertRuleInput } from '@shared/alerts/alert-rule';
import type { AlertSettings } from '@shared/alerts/alert-settings';
import type { AlertsView } from '@shared/alerts/alerts-view';
import { AppError } from '@shared/errors';
import { describeIssues } from '@shared/validation/describe-issues';
import type { SettingsStore } from '@core/settings/settings-store';
import { lastFour, type KeyVault } from '@core/vault/key-vault';
import type { AlertDeliveryApi } from './alert-delivery-api';
import type { AlertsApi } from './alerts-api';
import { destinationSecretFor, forgetDestinationSecret, storeDestinationSecret, type SecretCheck } from './destination-secret';
import { heldDeliveryViews, HELD_ID_PREFIX } from './routing/held-views';
import { heldIdOf, type HeldChanges } from './routing/held-changes';
import type { AlertRouter } from './routing/alert-router';
import { isKnownTimeZone } from './routing/quiet-hours';
import { AlertsBusyError } from './delivery/alert-queue-lock';
import { testMessage } from './test-message';

export interface AlertsServiceOptions {
  settings: SettingsStore;
  vault: KeyVault;
  delivery: AlertDeliveryApi;
  router: Pick<AlertRouter, 'releaseNow'>;
  held: HeldChanges;
  /** The destination format table's check of an address and key (destinations/destination-formats.ts). */
  checkSecret: (kind: AlertDestinationKind, input: { address?: string | undefined; key?: string | undefined }) => SecretCheck;
  now?: () => Date;
}

const destinationPatchSchema = alertDestinationSchema.pick({ name: true, timeZone: true, enabled: true }).partial().strict();
const ruleInputSchema = alertRuleSchema.extend({ id: z.string().min(1).max(64).optional() });

function parsed<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('invalid_input', describeIssues(result.error.issues, `${what}: `));
  return result.data;
}

function checkTimeZone(timeZone: string): void {
  if (!isKnownTimeZone(timeZone)) throw new AppError('invalid_input', `"${timeZone}" is not a time zone (use a name such as Europe/Berlin).`);
}

/** The team alerts' use cases (AlertsApi) over the settings file, the keychain, the held changes and the delivery queue. */
export class AlertsService implements AlertsApi {
  readonly #options: AlertsServiceOptions;
  readonly #settings: SettingsStore;
  readonly #vault: KeyVault;

  constructor(options: AlertsServiceOptions) {
    this.#options = options;
    this.#settings = options.settings;
    this.#vault = options.vault;
  }

  alerts(): AlertSettings {
    return this.#settings.read((settings) => settings.alerts);
  }

  #destination(id: string): AlertDestination {
    const destination = this.alerts().destinations.find((d) => d.id === id);
    if (!destination) throw new AppError('not_found', 'That alert destination no longer exists.');
    return destination;
  }

  async view(): Promise<AlertsView> {
    const { destinations, rules } = this.alerts();
    const described = await Promise.all(
      destinations.map(async (destination) => {
        const secret = await destinationSecretFor(this.#vault, destination).catch(() => null);
        const shown = secret?.key ?? (destination.kind === 'slack' || destination.kind === 'teams' ? secret?.address : undefined);
        return { ...destination, secretStored: secret !== null, lastFour: shown ? lastFour(shown) || null : null };
      }),
    );
    return { destinations: described, rules };
  }

  async addDestination(input: NewAlertDestination): Promise<AlertDestination> {
    const entered = parsed(newAlertDestinationSchema, input, 'The destination');
    checkTimeZone(entered.timeZone);
    const checked = this.#options.checkSecret(entered.kind, { address: entered.address, key: entered.key });
    if (!checked.ok) throw new AppError('invalid_input', checked.problem);
    const destination: AlertDestination = {
      id: randomUUID(),
      name: entered.name,
      kind: entered.kind,
      origin: checked.origin,
      timeZone: entered.timeZone,
      enabled: true,
    };
    // The keychain first: a destination saved without its secret could never send.
    await storeDestinationSecret(this.#vault, destination.id, { address: checked.address, ...(checked.key ? { key: checked.key } : {}) });
    try {
      this.#settings.update((draft) => {
        draft.alerts.destinations.push(destination);
      });
    } catch (error) {
      await forgetDestinationSecret(this.#vault, destination.id).catch(() => undefined);
      throw error;
    }
    return destination;
  }

  async updateDestination(id: string, patch: Partial<Pick<AlertDestination, 'name' | 'timeZone' | 'enabled'>>): Promise<AlertDestination> {
    const change = parsed(destinationPatchSchema, patch, 'The change');
    if (change.timeZone !== undefined) checkTimeZone(change.timeZone);
    this.#destination(id);
    const next = this.#settings.update((draft) => {
      const index = draft.alerts.destinations.findIndex((d) => d.id === id);
      draft.alerts.destinations[index] = { ...draft.alerts.destinations[index]!, ...change };
    });
    return next.alerts.destinations.find((d) => d.id === id)!;
  }

  async removeDestination(id: string): Promise<{ droppedMessages: number }> {
    this.#destination(id);
    this.#settings.update((draft) => {
      draft.alerts.destinations = draft.alerts.destinations.filter((d) => d.id !== id);
      draft.alerts.rules = draft.alerts.rules.filter((r) => r.destinationId !== id);
    });
    await forgetDestinationSecret(this.#vault, id);
    const queued = this.#options.delivery.dropDestination(id);
    // Held changes are the sending process's file: when another one sends, it drops them itself on release.
    const held = (await this.#mayWrite())
      ? await this.#options.held.dropDestination(id)
      : this.#options.held.list().filter((e) => e.destinationId === id).length;
    return { droppedMessages: queued + held };
  }

  async saveRule(input: Omit<AlertRuleInput, 'id'> & { id?: string }): Promise<AlertRule> {
    const entered = parsed(ruleInputSchema, input, 'The rule');
    this.#destination(entered.destinationId);
    const rule: AlertRule = { ...entered, id: entered.id ?? randomUUID() };
    this.#settings.update((draft) => {
      const index = draft.alerts.rules.findIndex((r) => r.id === rule.id);
      if (index >= 0) draft.alerts.rules[index] = rule;
      else draft.alerts.rules.push(rule);
    });
    return rule;
  }

  async removeRule(id: string): Promise<void> {
    if (!this.alerts().rules.some((r) => r.id === id)) throw new AppError('not_found', 'That alert rule no longer exists.');
    this.#settings.update((draft) => {
      draft.alerts.rules = draft.alerts.rules.filter((r) => r.id !== id);
    });
  }

  async test(destinationId: string): Promise<AlertDeliveryView> {
    const destination = this.#destination(destinationId);
    const message = testMessage(destination, (this.#options.now ?? (() => new Date()))());
    const id = await this.#options.delivery.enqueue(destination.id, message);
    return this.#options.delivery.firstOutcome(id);
  }

  async deliveries(options: { limit?: number; destinationId?: string } = {}): Promise<AlertDeliveryView[]> {
    await this.#options.delivery.refresh();
    const held = heldDeliveryViews(this.#options.held.list(), this.alerts().destinations).filter(
      (view) => options.destinationId === undefined || view.destinationId === options.destinationId,
    );
    const all = [...held, ...this.#options.delivery.list(options)].sort((a, b) => b.queuedAt.localeCompare(a.queuedAt));
    return options.limit === undefined ? all : all.slice(0, options.limit);
  }

  async retry(deliveryId: string): Promise<AlertDeliveryView> {
    if (!deliveryId.startsWith(HELD_ID_PREFIX)) return this.#options.delivery.retry(deliveryId);
    const sentId = await this.#options.router.releaseNow(deliveryId.slice(HELD_ID_PREFIX.length));
    const sent = sentId === null ? undefined : this.#options.delivery.list().find((view) => view.id === sentId);
    if (!sent) throw new AppError('not_found', 'That alert is no longer held.');
    return sent;
  }

  async dismiss(deliveryId: string): Promise<void> {
    if (!deliveryId.startsWith(HELD_ID_PREFIX)) return this.#options.delivery.dismiss(deliveryId);
    const id = deliveryId.slice(HELD_ID_PREFIX.length);
    if (!this.#options.held.list().some((entry) => heldIdOf(entry) === id)) throw new AppError('not_found', 'That alert is no longer held.');
    // Only the process that sends writes the held file (rejects with who sends otherwise).
    await this.#options.delivery.open();
    await this.#options.held.remove([id]);
  }

  /** Whether this process may write the data folder's alert files: it sends them, or nobody does yet. */
  async #mayWrite(): Promise<boolean> {
    try {
      await this.#options.delivery.open();
      return true;
    } catch (error) {
      if (error instanceof AlertsBusyError) return false;
      throw error;
    }
  }

  onChange(listener: () => void): () => void {
    let last = JSON.stringify(this.alerts());
    const offSettings = this.#settings.onChange((settings) => {
      const now = JSON.stringify(settings.alerts);
      if (now === last) return;
      last = now;
      listener();
    });
    const offDelivery = this.#options.delivery.onChange(listener);
    const offHeld = this.#options.held.onChange(listener);
    return () => {
      offSettings();
      offDelivery();
      offHeld();
    };
  }
}
