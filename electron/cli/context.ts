import type { AccountRecord } from '@shared/accounts/account';
import { resolveBaseUrl, type Region } from '@shared/statuspal/regions';
import { regionOfAccount } from '@core/accounts/probe-client';
import { ensureDataDir, resolveDataDir } from '@core/settings/data-dir';
import type { SettingsReader } from '@core/settings/settings-file';
import type { SettingsStore } from '@core/settings/settings-store';
import { StatusPageClient } from '@core/statuspal-client/client';
import { KeychainSecretStore } from '@core/vault/keychain-store';
import { KeyVault } from '@core/vault/key-vault';
import { releaseAccountKey } from '@core/accounts/account-key';
import { CliUsageError, Printer, type CliIo } from './output';
import { nodeHttpFetch } from '@core/http/node-http-fetch';
import type { CallTarget } from './explain-failure';
import { cliTime } from './cli-time';

/** Options every command accepts (see program.ts). */
export interface GlobalOptions {
  region?: string;
  baseUrl?: string;
  json?: boolean;
  account?: string;
  /** Times in UTC instead of the local offset. */
  utc?: boolean;
}

/**
 * What a command needs, built lazily from the global options and the environment: the data folder shared
 * with the desktop app, the settings, the keychain, and a client for the chosen server.
 */
export class CliContext {
  readonly io: CliIo;
  readonly options: GlobalOptions;
  readonly print: Printer;
  #settings: SettingsReader | null = null;
  #settingsStore: SettingsStore | null = null;
  #vault: KeyVault | null = null;
  #dataDir: string | null = null;

  constructor(io: CliIo, options: GlobalOptions) {
    this.io = io;
    this.options = options;
    this.print = new Printer(io, options.json === true);
    if (options.region !== undefined) {
      // EU, Eu and eu are the same region.
      const region = options.region.toLowerCase();
      if (region !== 'us' && region !== 'eu') throw new CliUsageError(`--region must be us or eu, not "${options.region}"`);
      this.options = { ...options, region };
    }
  }

  /**
   * Created on first use, readable by this user only (0700), whichever command comes first on a fresh install:
   * `accounts add` takes the outbox lock in it before anything else is written there.
   */
  get dataDir(): string {
    this.#dataDir ??= ensureDataDir(resolveDataDir(this.io.env));
    return this.#dataDir;
  }

  /**
   * The settings, read without their writer (conf, with ajv: a fifth of a command's start): a file that needs
   * writing or moving aside is left to the next writer. Once a command opened the store, what it holds. Loaded
   * on first use: their schema is a tenth of a start, and `--base-url URL status acme` never reads them.
   */
  async settings(): Promise<SettingsReader> {
    if (!this.#settings) {
      const { readOnlySettings } = await import('@core/settings/settings-file');
      const { reader, problem } = readOnlySettings(this.dataDir);
      if (problem) this.io.stderr(`warning: The settings file could not be read (${problem}); what could be kept is used.\n`);
      this.#settings ??= reader;
    }
    return this.#settings;
  }

  /** The settings store, for a command that changes settings: its writer is loaded only then. */
  async settingsStore(): Promise<SettingsStore> {
    if (!this.#settingsStore) {
      const { SettingsStore } = await import('@core/settings/settings-store');
      const store = new SettingsStore(this.dataDir);
      if (store.problem) this.io.stderr(`warning: ${store.problem.message}\n`);
      this.#settingsStore = store;
      this.#settings = store;
    }
    return this.#settingsStore;
  }

  get vault(): KeyVault {
    this.#vault ??= new KeyVault(new KeychainSecretStore());
    return this.#vault;
  }

  /** A time as the command line prints it: ISO 8601 with the local offset, or UTC under --utc. */
  time(value: string | Date | null | undefined): string {
    return cliTime(value, this.options.utc === true);
  }

  /** The account named by --account, else one configured for this subdomain, else none. */
  async account(subdomain?: string): Promise<AccountRecord | null> {
    // Read only when an account can be chosen: `--base-url URL status acme` never needs the settings.
    const all = async () => (await this.settings()).read((settings) => settings.accounts);
    if (this.options.account) {
      const accounts = await all();
      const wanted = this.options.account.toLowerCase();
      const found = accounts.find((a) => a.id === this.options.account || a.name.toLowerCase() === wanted);
      if (!found) throw new CliUsageError(`no account named "${this.options.account}" (accounts: ${accounts.map((a) => a.name).join(', ') || 'none'})`);
      return found;
    }
    if (subdomain && !this.options.baseUrl && !this.options.region) {
      return (await all()).find((a) => a.subdomain === subdomain) ?? null;
    }
    return null;
  }

  /** --base-url wins over --region, which wins over the account's region; the default is US. */
  region(account: AccountRecord | null): Region {
    if (this.options.baseUrl) return { baseUrl: this.options.baseUrl };
    if (this.options.region === 'us' || this.options.region === 'eu') return this.options.region;
    if (account) return regionOfAccount(account);
    return 'us';
  }

  /**
   * The key of a call, read only when an operation needs it: the keychain entry of an account named with
   * --account; else STATUSDESK_API_KEY when set; else the keychain entry of the page's account. (Writes choose
   * the same way: see writeTarget.)
   */
  async apiKey(account: AccountRecord | null, url: string): Promise<string | null> {
    // The vault releases an account's key only for the server it was entered for (not a --base-url elsewhere).
    const fromAccount = async () => (account ? releaseAccountKey(this.vault, account, url) : null);
    if (account && this.options.account) {
      const key = await fromAccount();
      if (key) return key;
    }
    return this.envApiKey() ?? fromAccount();
  }

  envApiKey(): string | null {
    return this.io.env.STATUSDESK_API_KEY?.trim() || null;
  }

  /** The server and page of the latest client made, for messages about its failures. */
  lastTarget: CallTarget | null = null;

  async client(subdomain?: string): Promise<StatusPageClient> {
    const account = await this.account(subdomain);
    let region: Region;
    try {
      region = this.region(account);
      this.lastTarget = { baseUrl: resolveBaseUrl(region), subdomain };
      return new StatusPageClient({
        region,
        // A command lives for one exchange or a few: node:http starts in a fraction of fetch's time.
        fetch: nodeHttpFetch,
        apiKey: (url) => this.apiKey(account, url),
        ...(account ? { accountId: account.id } : {}),
      });
    } catch (error) {
      if (error instanceof TypeError) throw new CliUsageError(`--base-url: ${error.message}`);
      throw error;
    }
  }
}
