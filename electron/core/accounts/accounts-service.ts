import { randomUUID } from 'node:crypto';
import {
  accountCheckSchema,
  accountInputSchema,
  accountUpdateSchema,
  type AccountCheckInput,
  type AccountInput,
  type AccountRecord,
  type AccountUpdate,
  type AccountView,
  type ConnectionCheck,
} from '@shared/accounts/account';
import { AppError } from '@shared/errors';
import type { SettingsStore } from '@core/settings/settings-store';
import type { Settings } from '@core/settings/settings-schema';
import { watchedPageSchema, type WatchedPage } from '@shared/monitor/watched-page';
import { resolveBaseUrl } from '@shared/statuspal/regions';
import { secretNames, type KeyVault } from '@core/vault/key-vault';
import { bindingFor } from '@core/vault/secret-binding';
import { checkConnection, type ConnectionProbeClient } from './connection-check';
import { releaseAccountKey } from './account-key';
import { regionOfAccount } from './probe-client';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';

/** What the accounts publish to the app's bus. */
type AccountsBusEvents = Pick<AppEvents, 'accounts.pagesChanged' | 'accounts.keyChanged'>;

export type ProbeClientFactory = (account: AccountRecord, apiKey: string | null) => ConnectionProbeClient;

/** Status page accounts: the record lives in settings, the key in the vault, and they never meet on disk. */
export class AccountsService {
  readonly #settings: SettingsStore;
  readonly #vault: KeyVault;
  readonly #clientFor: ProbeClientFactory;
  readonly #now: () => Date;

  readonly #events: Publisher<AccountsBusEvents> | undefined;

  constructor(options: {
    settings: SettingsStore;
    vault: KeyVault;
    clientFor: ProbeClientFactory;
    now?: () => Date;
    /**
     * Where the app hears that an account's watched pages changed in settings (its page watched as it was added,
     * or moved with it to another server), and that a key was stored for it (added, or replaced). The command line has none.
     */
    events?: Publisher<AccountsBusEvents>;
  }) {
    this.#settings = options.settings;
    this.#vault = options.vault;
    this.#clientFor = options.clientFor;
    this.#now = options.now ?? (() => new Date());
    this.#events = options.events;
  }

  records(): AccountRecord[] {
    return this.#settings.read((settings) => settings.accounts);
  }

  /** One account, or null: the outbox looks one up per write (a file of 8,640 metric points is 8,640 look-ups). */
  record(id: string): AccountRecord | null {
    return this.#settings.read((settings) => settings.accounts.find((account) => account.id === id) ?? null);
  }

  find(id: string): AccountRecord {
    const account = this.records().find((candidate) => candidate.id === id);
    if (!account) throw new AppError('not_found', 'That account no longer exists.');
    return account;
  }

  /** Finds an account by id or by its name (the command line's `--account NAME`). */
  findByIdOrName(idOrName: string): AccountRecord {
    const all = this.records();
    const match = all.find((a) => a.id === idOrName) ?? all.find((a) => a.name.toLowerCase() === idOrName.toLowerCase());
    if (!match) throw new AppError('not_found', `No account named "${idOrName}". Add it in Settings first.`);
    return match;
  }

  /** The account's key for a request to `url`: released only to the address the key was entered for. */
  async keyFor(id: string, url: string): Promise<string | null> {
    const account = this.records().find((candidate) => candidate.id === id);
    return account ? releaseAccountKey(this.#vault, account, url) : null;
  }

  /** Where the account's API is now (its region's server, or its custom base URL). */
  baseUrlOf(record: Pick<AccountRecord, 'region' | 'baseUrl'>): string {
    return resolveBaseUrl(regionOfAccount(record));
  }

  async view(record: AccountRecord): Promise<AccountView> {
    const key = await this.#vault.describe(secretNames.statusPageKey(record.id));
    return { ...record, key };
  }

  async list(): Promise<AccountView[]> {
    return Promise.all(this.records().map((record) => this.view(record)));
  }

  /**
   * `watchItsPage`: the account's own page goes on the dashboard with it (what a person adding an account in the
   * window or the command line expects); scripts and tests that set pages up themselves leave it off.
   */
  async add(input: AccountInput, options: { watchItsPage?: boolean } = {}): Promise<AccountView> {
    const parsed = accountInputSchema.parse(input);
    const { apiKey, sessionOnlyKey, ...fields } = parsed;
    if (this.records().some((a) => a.name.toLowerCase() === fields.name.toLowerCase())) {
      throw new AppError('invalid_input', `An account named "${fields.name}" already exists.`);
    }
    const record: AccountRecord = {
      ...fields,
      baseUrl: fields.region === 'custom' ? fields.baseUrl : undefined,
      id: randomUUID(),
      createdAt: this.#now().toISOString(),
    };
    // The key first: if the keychain refuses it, nothing half-made is left in settings.
    if (apiKey) await this.#storeKey(record, apiKey, sessionOnlyKey === true);
    let watching = false;
    this.#settings.update((draft) => {
      draft.accounts.push(record);
      if (options.watchItsPage === true) watching = watchAccountPage(draft, record);
    });
    if (watching) this.#events?.publish('accounts.pagesChanged', { accountId: record.id });
    if (apiKey) this.#events?.publish('accounts.keyChanged', { accountId: record.id });
    return this.view(record);
  }

  async update(change: AccountUpdate): Promise<AccountView> {
    const parsed = accountUpdateSchema.parse(change);
    const current = this.find(parsed.id);
    const { id, apiKey, sessionOnlyKey, ...fields } = parsed;
    const next: AccountRecord = { ...current };
    for (const [field, value] of Object.entries(fields)) {
      if (value !== undefined) (next as Record<string, unknown>)[field] = value;
    }
    if (next.region === 'custom' && !next.baseUrl) throw new AppError('invalid_input', 'A custom region needs a base URL.');
    if (next.region !== 'custom') delete next.baseUrl;
    if (this.records().some((a) => a.id !== id && a.name.toLowerCase() === next.name.toLowerCase())) {
      throw new AppError('invalid_input', `An account named "${next.name}" already exists.`);
    }
    const keyName = secretNames.statusPageKey(id);
    const moved = this.baseUrlOf(current) !== this.baseUrlOf(next);
    let notice: string | undefined;
    if (apiKey === null) await this.#vault.delete(keyName);
    else if (apiKey !== undefined) await this.#storeKey(next, apiKey, sessionOnlyKey === true);
    else if (moved && (await this.#vault.deleteUnlessBoundTo(keyName, [this.baseUrlOf(next)]))) {
      // A key is bound to the server it was entered for: moving the account never takes the key along.
      notice = `The API key was removed because the account now points to ${new URL(this.baseUrlOf(next)).origin}. Enter the key for that server.`;
    }
    this.#settings.update((draft) => {
      draft.accounts = draft.accounts.map((a) => (a.id === id ? next : a));
      // A watched page of the account follows it to its new server.
      if (moved) draft.watchedPages = draft.watchedPages.map((page) => (page.accountId === id ? pageOnAccountServer(page, next) : page));
    });
    if (moved) this.#events?.publish('accounts.pagesChanged', { accountId: id });
    if (apiKey !== undefined && apiKey !== null) this.#events?.publish('accounts.keyChanged', { accountId: id });
    const view = await this.view(next);
    return notice === undefined ? view : { ...view, notice };
  }

  /** Stores a key bound to the account's server: it will be sent there and nowhere else. */
  async #storeKey(record: AccountRecord, apiKey: string, sessionOnly: boolean): Promise<void> {
    const binding = bindingFor([this.baseUrlOf(record)]);
    await this.#vault.set(secretNames.statusPageKey(record.id), apiKey, { binding, sessionOnly });
  }

  async remove(id: string): Promise<{ removed: boolean; keyDeleted: boolean }> {
    this.find(id);
    const keyDeleted = await this.#vault.delete(secretNames.statusPageKey(id));
    this.#settings.update((draft) => {
      draft.accounts = draft.accounts.filter((a) => a.id !== id);
    });
    return { removed: true, keyDeleted };
  }

  /**
   * The same check before an account is saved (Settings' Save account), with the key the form holds; editing
   * without a new key, the stored one, unless the account moves to another server (its key does not follow).
   */
  async checkBeforeSave(input: AccountCheckInput): Promise<ConnectionCheck> {
    const { id, apiKey, ...fields } = accountCheckSchema.parse(input);
    const record: AccountRecord = {
      ...fields,
      name: '',
      baseUrl: fields.region === 'custom' ? fields.baseUrl : undefined,
      id: id ?? randomUUID(),
      createdAt: '',
    };
    const current = id ? this.find(id) : null;
    const stored =
      current && apiKey === undefined && this.baseUrlOf(current) === this.baseUrlOf(record) ? await this.keyFor(current.id, this.baseUrlOf(record)) : null;
    const key = apiKey ?? stored;
    return checkConnection(this.#clientFor(record, key), { subdomain: record.subdomain, organizationId: record.organizationId, hasKey: key !== null });
  }

  async testConnection(id: string): Promise<ConnectionCheck> {
    const record = this.find(id);
    const apiKey = await this.keyFor(id, this.baseUrlOf(record));
    return checkConnection(this.#clientFor(record, apiKey), {
      subdomain: record.subdomain,
      organizationId: record.organizationId,
      hasKey: apiKey !== null,
    });
  }
}

/** A page of an account, on the account's server as it is now. */
/**
 * An account's own page goes on the dashboard as the account is added: the page it names, read on its server
 * with its key. A page already watched there without an account becomes the account's; one already watched
 * with an account stays as it is. True when the watched pages changed.
 */
function watchAccountPage(draft: Settings, account: AccountRecord): boolean {
  const page = pageOnAccountServer(watchedPageSchema.parse({ id: randomUUID(), region: 'us', subdomain: account.subdomain, accountId: account.id }), account);
  const same = draft.watchedPages.find(
    (watched) =>
      watched.kind !== 'provider' && watched.subdomain === page.subdomain && watched.region === page.region && (watched.baseUrl ?? '') === (page.baseUrl ?? ''),
  );
  if (same?.accountId !== undefined) return false;
  if (same) {
    draft.watchedPages = draft.watchedPages.map((watched) => (watched === same ? { ...watched, accountId: account.id } : watched));
    return true;
  }
  draft.watchedPages.push(page);
  return true;
}

function pageOnAccountServer(page: WatchedPage, account: AccountRecord): WatchedPage {
  const { baseUrl: _old, ...rest } = page;
  return account.region === 'custom' ? { ...rest, region: 'custom', baseUrl: account.baseUrl } : { ...rest, region: account.region };
}
