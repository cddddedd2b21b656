import { AppError } from '@shared/errors';
import { normalizeBaseUrl, resolveBaseUrl, type Region } from '@shared/statuspal/regions';
import { StatusPageClient } from '@core/statuspal-client/client';
import { ServerClock } from '@core/statuspal-client/server-clock';
import type { RateLimiterOptions } from '@core/statuspal-client/rate-limiter';
import type { FetchLike } from '@core/statuspal-client/transport';
import type { OutboxEntry } from '../entry';

/** The environment variable the command line takes a key from when no account is named. */
export const API_KEY_ENV_VAR = 'STATUSDESK_API_KEY';

/** What the outbox needs to know about an account: where its server is. The key stays in the vault. */
export interface OutboxAccount {
  id: string;
  region: 'us' | 'eu' | 'custom';
  baseUrl?: string | undefined;
}

/** Accounts and their keys (AccountsService, or the command line's settings + vault). */
export interface OutboxAccountsPort {
  account(id: string): OutboxAccount | null;
  /** Read at send time, from the vault, for a request to `url` (the vault refuses another address); never stored by the outbox. */
  apiKey(id: string, url: string): Promise<string | null>;
  /** Why keys cannot be read at all (no OS keychain), so "no key" is not blamed on the account. */
  keyStoreProblem?(): Promise<string | null>;
}

/** The account id of entries whose key comes from STATUSDESK_API_KEY: one per server (and rate limiter). */
export function envAccountId(baseUrl: string): string {
  return `env@${normalizeBaseUrl(baseUrl)}`;
}

interface StatusPageTargetsOptions {
  accounts?: OutboxAccountsPort;
  /** Where STATUSDESK_API_KEY is read (default process.env), at send time. */
  env?: NodeJS.ProcessEnv;
  /** The accounts' shared limiters are created (or reconfigured) with these options. */
  rateLimit?: RateLimiterOptions;
  /** Per-request timeout of outbox sends; default 15 s. */
  timeoutMs?: number;
  fetch?: FetchLike;
  /** How long a key read from the vault is reused (a flush is hundreds of requests); default 5 s. A missing key is never cached. */
  keyCacheMs?: number;
  /** The outbox's clock, for the clients too: the server's clock offset is measured against the clock writes are stamped with. */
  now?: () => number;
}

function regionOf(account: OutboxAccount): Region {
  if (account.region === 'custom') return { baseUrl: account.baseUrl ?? '' };
  return account.region;
}

/**
 * Where an entry goes and with which key: the account's server and vault key, or for command-line entries
 * the recorded server and STATUSDESK_API_KEY of the sending process. One StatusPageClient per account and
 * server, on the account's shared rate limiter (getRateLimiter(accountId)), so the outbox, the monitor and
 * the connection test never exceed the account's limit together.
 */
export class StatusPageTargets {
  readonly #accounts: OutboxAccountsPort | undefined;
  readonly #env: NodeJS.ProcessEnv;
  readonly #rateLimit: RateLimiterOptions | undefined;
  readonly #timeoutMs: number;
  readonly #fetch: FetchLike | undefined;
  readonly #keyCacheMs: number;
  readonly #now: (() => number) | undefined;
  readonly #clients = new Map<string, StatusPageClient>();
  /** Base URLs as written in entries, normalized: asked for every queued write at each opening and flush, and they are few. */
  readonly #normalized = new Map<string, string>();
  /** One per server: every client of it (several accounts) sees the same clock. */
  readonly #serverClocks = new Map<string, ServerClock>();
  readonly #keys = new Map<string, { key: string; at: number }>();

  constructor(options: StatusPageTargetsOptions = {}) {
    this.#accounts = options.accounts;
    this.#env = options.env ?? process.env;
    this.#rateLimit = options.rateLimit;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#fetch = options.fetch;
    this.#keyCacheMs = options.keyCacheMs ?? 5_000;
    this.#now = options.now;
  }

  account(id: string): OutboxAccount | null {
    return this.#accounts?.account(id) ?? null;
  }

  /** The base URL the entry is sent to, or null when its account is gone. */
  baseUrlOf(entry: Pick<OutboxEntry, 'accountId' | 'server'>): string | null {
    if (entry.server) {
      let normalized = this.#normalized.get(entry.server.baseUrl);
      if (normalized === undefined) this.#normalized.set(entry.server.baseUrl, (normalized = normalizeBaseUrl(entry.server.baseUrl)));
      return normalized;
    }
    const account = this.account(entry.accountId);
    if (!account) return null;
    try {
      return resolveBaseUrl(regionOf(account));
    } catch {
      return null;
    }
  }

  /** Why the accounts' keys cannot be read at all, if that is so. */
  async keyStoreProblem(): Promise<string | null> {
    return (await this.#accounts?.keyStoreProblem?.()) ?? null;
  }

  /** Whether a key comes from the environment for this entry. */
  keyFromEnv(entry: Pick<OutboxEntry, 'server'>): boolean {
    return entry.server?.keyFrom === 'env';
  }

  /** The entry's key for a request to `url` (default: its account's server now). */
  async keyOf(entry: Pick<OutboxEntry, 'accountId' | 'server'>, url: string | null = this.baseUrlOf(entry)): Promise<string | null> {
    if (this.keyFromEnv(entry)) return this.#env[API_KEY_ENV_VAR]?.trim() || null;
    if (!this.#accounts) return null;
    if (url === null) return null;
    // Cached per account and server: a key released for one address is never reused for another.
    const cacheKey = `${entry.accountId}\n${new URL(url).origin}`;
    const cached = this.#keys.get(cacheKey);
    if (cached && Date.now() - cached.at < this.#keyCacheMs) return cached.key;
    const key = await this.#accounts.apiKey(entry.accountId, url);
    if (key) this.#keys.set(cacheKey, { key, at: Date.now() });
    else this.#keys.delete(cacheKey);
    return key;
  }

  /** Forgets cached keys (after the user changed one). */
  forgetKeys(): void {
    this.#keys.clear();
  }

  clientFor(entry: Pick<OutboxEntry, 'accountId' | 'server'>): StatusPageClient {
    const baseUrl = this.baseUrlOf(entry);
    if (baseUrl === null) throw new AppError('not_found', 'The account of this write no longer exists.');
    const cacheKey = `${entry.accountId}\n${baseUrl}\n${entry.server?.keyFrom ?? 'account'}`;
    let client = this.#clients.get(cacheKey);
    if (!client) {
      const target = { accountId: entry.accountId, ...(entry.server ? { server: entry.server } : {}) };
      let serverClock = this.#serverClocks.get(baseUrl);
      if (!serverClock) {
        serverClock = new ServerClock();
        this.#serverClocks.set(baseUrl, serverClock);
      }
      client = new StatusPageClient({
        serverClock,
        region: { baseUrl },
        apiKey: (url) => this.keyOf(target, url),
        accountId: entry.accountId,
        ...(this.#rateLimit ? { rateLimit: this.#rateLimit } : {}),
        timeoutMs: this.#timeoutMs,
        ...(this.#fetch ? { fetch: this.#fetch } : {}),
        ...(this.#now ? { now: this.#now } : {}),
      });
      this.#clients.set(cacheKey, client);
    }
    return client;
  }
}
