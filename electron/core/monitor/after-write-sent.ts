import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { resolveBaseUrl } from '@shared/statuspal/regions';
import { regionOfAccount } from '@core/accounts/probe-client';
import type { LinkedIncidents } from '@core/incidents/linked-incidents';
import type { SettingsStore } from '@core/settings/settings-store';
import type { MonitorFeature } from './monitor-feature';
import { OwnWrites } from './own-writes';
import { pagesWrittenTo } from './written-pages';

/** Sent writes remembered as checked: a repeated "sent" comes within moments, never 100 writes later. */
const CHECKED_AFTER_KEPT = 100;

export interface AfterWriteSentOptions {
  settings: SettingsStore;
  monitor: () => MonitorFeature;
  linkedIncidents: () => LinkedIncidents;
  log?: (message: string) => void;
}

/**
 * What follows when the server confirms one of our writes: the echo is marked ours (not notified as news), its
 * page is checked at once (the dashboard and tray show it now, not at the next poll), and a linked incident
 * created offline gets its server id in place of its temp id.
 */
export class AfterWriteSent {
  readonly #options: AfterWriteSentOptions;
  readonly ownWrites = new OwnWrites();
  /** Outbox entries whose page was checked once the server confirmed them. */
  readonly #checked = new Set<string>();

  constructor(options: AfterWriteSentOptions) {
    this.#options = options;
  }

  sent(entry: OutboxEntryView): void {
    if (entry.tempId !== undefined) this.reconcileLinked([entry]);
    this.ownWrites.noteSent(entry, this.baseUrlOfAccount(entry.accountId));
    this.#checkPage(entry);
  }

  /** Creates the outbox reports sent (now, or while the app was closed) give linked members their server ids. */
  reconcileLinked(entries: readonly OutboxEntryView[]): void {
    this.#options
      .linkedIncidents()
      .reconcile(entries)
      .catch((error: unknown) => this.#options.log?.(`linked incidents: ${error instanceof Error ? error.message : String(error)}`));
  }

  baseUrlOfAccount(accountId: string): string | null {
    const account = this.#options.settings.get().accounts.find((a) => a.id === accountId);
    return account ? resolveBaseUrl(regionOfAccount(account)) : null;
  }

  /** Entries remembered as checked (bounded; the month soak samples it). */
  get checkedCount(): number {
    return this.#checked.size;
  }

  /** Once per entry: the core may report the same "sent" again. */
  #checkPage(entry: OutboxEntryView): void {
    if (this.#checked.has(entry.id)) return;
    this.#checked.add(entry.id);
    if (this.#checked.size > CHECKED_AFTER_KEPT) this.#checked.delete(this.#checked.values().next().value!);
    const monitor = this.#options.monitor();
    for (const id of pagesWrittenTo(entry, this.baseUrlOfAccount(entry.accountId), monitor.pages())) {
      monitor.pollNow(id).catch((error: unknown) => this.#options.log?.(`monitor: ${error instanceof Error ? error.message : String(error)}`));
    }
  }
}
