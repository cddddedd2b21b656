import { randomUUID } from 'node:crypto';
import {
  accountInputSchema,
  accountUpdateSchema,
  type AccountInput,
  type AccountRecord,
  type AccountUpdate,
  type AccountView,
  type ConnectionCheck,
} from '../../../shared/accounts/account';
import { AppError } from '../../../shared/errors';
import type { SettingsStore } from '../settings/settings-store';
import { secretNames, type KeyVault } from '../vault/key-vault';
import { checkConnection, type ConnectionProbeClient } from './connection-check';

export type ProbeClientFactory = (account: AccountRecord, apiKey: string | null) => ConnectionProbeClient;

/** Status page accounts: the record lives in settings, the key in the vault, and they never meet on disk. */
export class AccountsService {
  readonly #settings: SettingsStore;
  readonly #vault: KeyVault;
  readonly #clientFor: ProbeClientFactory;
  readonly #now: () => Date;

  constructor(options: { settings: SettingsStore; vault: KeyVault; clientFor: ProbeClientFactory; now?: () => Date }) {
    this.#settings = options.settings;
    this.#vault = options.vault;
    this.#clientFor = options.clientFor;
    this.#now = options.now ?? (() => new Date());
  }

  records(): AccountRecord[] {
    return this.#settings.get().accounts;
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

  async apiKey(id: string): Promise<string | null> {
    return this.#vault.get(secretNames.statusPageKey(id));
  }

  async view(record: AccountRecord): Promise<AccountView> {
    const key = await this.#vault.describe(secretNames.statusPageKey(record.id));
    return { ...record, key };
  }

  async list(): Promise<AccountView[]> {
    return Promise.all(this.records().map((record) => this.view(record)));
  }

  async add(input: AccountInput): Promise<AccountView> {
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
    if (apiKey) await this.#vault.set(secretNames.statusPageKey(record.id), apiKey, { sessionOnly: sessionOnlyKey === true });
    this.#settings.update((draft) => {
      draft.accounts.push(record);
    });
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
    if (apiKey === null) await this.#vault.delete(keyName);
    else if (apiKey !== undefined) await this.#vault.set(keyName, apiKey, { sessionOnly: sessionOnlyKey === true });
    this.#settings.update((draft) => {
      draft.accounts = draft.accounts.map((a) => (a.id === id ? next : a));
    });
    return this.view(next);
  }

  async remove(id: string): Promise<{ removed: boolean; keyDeleted: boolean }> {
    this.find(id);
    const keyDeleted = await this.#vault.delete(secretNames.statusPageKey(id));
    this.#settings.update((draft) => {
      draft.accounts = draft.accounts.filter((a) => a.id !== id);
    });
    return { removed: true, keyDeleted };
  }

  async testConnection(id: string): Promise<ConnectionCheck> {
    const record = this.find(id);
    const apiKey = await this.apiKey(id);
    return checkConnection(this.#clientFor(record, apiKey), {
      subdomain: record.subdomain,
      organizationId: record.organizationId,
      hasKey: apiKey !== null,
    });
  }
}
