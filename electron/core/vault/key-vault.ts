import { AppError } from '@shared/errors';
import type { KeyStorage } from '@shared/accounts/account';
import { backoffDelay, type BackoffPolicy } from '@core/timing/backoff';
import type { KeychainProbe } from './keychain-store';
import { bindingCovers, checkDestination, decodeSecret, encodeSecret, type SecretBinding, type SecretDestination, type StoredSecret } from './secret-binding';
import { SessionSecretStore, type SecretStore } from './secret-store';
import type { VaultStatus } from '@shared/vault/vault-status';
import { TypedEvents } from '@core/events/typed-events';

export interface KeychainLike extends SecretStore {
  probe(): Promise<KeychainProbe>;
}

interface SecretDescription {
  storage: KeyStorage;
  lastFour: string | null;
}

/** Names of the secrets the app keeps. One place, so nothing invents its own naming. */
export const secretNames = {
  statusPageKey: (accountId: string) => `statuspage-account:${accountId}`,
  translationKey: () => 'translation-api-key',
  googleRefreshToken: () => 'google-refresh-token',
  /** A team alert destination's address (a Slack or Teams webhook address is itself a secret). */
  alertAddress: (destinationId: string) => `alert-destination:${destinationId}:address`,
  /** Its PagerDuty routing key or webhook signing secret. */
  alertKey: (destinationId: string) => `alert-destination:${destinationId}:key`,
} as const;

/** How a secret is named in what the user reads. */
function labelOf(name: string): string {
  if (name.startsWith('statuspage-account:')) return 'API key';
  if (name === secretNames.translationKey()) return 'translation key';
  if (name === secretNames.googleRefreshToken()) return 'Google sign-in';
  if (name.startsWith('alert-destination:')) return name.endsWith(':key') ? 'alert destination key' : 'alert destination address';
  return 'key';
}

/** A keychain that failed (locked at login, its daemon not up yet) is asked again after this backoff. */
const KEYCHAIN_RETRY: BackoffPolicy = { baseMs: 5_000, maxMs: 5 * 60_000, jitter: 0.1 };

/**
 * Where keys live. The OS keychain when there is one; when there is none, a key is kept for this session
 * only, and only if the user asked for that. A key is never written to disk in clear, and it leaves the
 * vault only through `release`, for an address it is bound to (see secret-binding.ts).
 */
export class KeyVault {
  readonly #keychain: KeychainLike;
  readonly #session: SecretStore;
  readonly #now: () => number;
  #probe: Promise<KeychainProbe> | null = null;
  /** Told of every secret stored or read, so the redactor knows it (security/known-secrets.ts). */
  readonly #noticers = new TypedEvents<{ secret: string }>();
  #failures = 0;
  #retryAt = 0;

  constructor(keychain: KeychainLike, session: SecretStore = new SessionSecretStore(), options: { now?: () => number } = {}) {
    this.#keychain = keychain;
    this.#session = session;
    this.#now = options.now ?? Date.now;
  }

  /** Calls `noticer` with every secret stored in or read from this vault from now on. */
  notice(noticer: (secret: string) => void): void {
    this.#noticers.subscribe('secret', noticer);
  }

  #noticed<T extends { secret: string }>(stored: T): T {
    this.#noticers.publish('secret', stored.secret);
    return stored;
  }

  /**
   * Whether the OS keychain answers. Only an answer is remembered: after a failure the keychain is asked
   * again once its backoff has passed (or at once through `retryKeychain`), so a keyring unlocked after
   * the app started is used without a restart.
   */
  status(): Promise<VaultStatus> {
    if (this.#probe === null || (this.#failures > 0 && this.#now() >= this.#retryAt)) this.#probe = this.#askKeychain();
    return this.#probe.then((probe) => ({
      keychainAvailable: probe.available,
      backend: probe.backend,
      reason: probe.reason,
    }));
  }

  /** Asks the keychain again now (Settings' "Try again"). */
  retryKeychain(): Promise<VaultStatus> {
    this.#probe = this.#askKeychain();
    return this.status();
  }

  #askKeychain(): Promise<KeychainProbe> {
    return this.#keychain.probe().then((probe) => {
      if (probe.available) this.#failures = 0;
      else {
        this.#retryAt = this.#now() + backoffDelay(this.#failures, KEYCHAIN_RETRY);
        this.#failures += 1;
      }
      return probe;
    });
  }

  async #keychainAvailable(): Promise<boolean> {
    return (await this.status()).keychainAvailable;
  }

  /** Stores a secret for the addresses of `binding`; it will be released to those origins only. */
  async set(name: string, secret: string, options: { binding: SecretBinding; sessionOnly?: boolean }): Promise<KeyStorage> {
    this.#noticed({ secret });
    const stored = encodeSecret(secret, options.binding);
    if (options.sessionOnly) {
      await this.#session.set(name, stored);
      if (await this.#keychainAvailable()) await this.#keychain.delete(name);
      return 'session';
    }
    const status = await this.status();
    if (!status.keychainAvailable) {
      throw new AppError(
        'keychain_unavailable',
        `No OS keychain is available (${status.reason ?? 'unknown reason'}). The key was not saved; you can keep it for this session only.`,
      );
    }
    await this.#keychain.set(name, stored);
    await this.#session.delete(name);
    return 'keychain';
  }

  /** The stored secret and where it is, from the session first (the user's explicit choice), then the keychain. */
  async #read(name: string): Promise<(StoredSecret & { store: SecretStore }) | null> {
    const inSession = await this.#session.get(name);
    if (inSession !== null) return this.#noticed({ ...decodeSecret(inSession), store: this.#session });
    if (!(await this.#keychainAvailable())) return null;
    const inKeychain = await this.#keychain.get(name);
    return inKeychain === null ? null : this.#noticed({ ...decodeSecret(inKeychain), store: this.#keychain });
  }

  /**
   * The secret, for a request to `destination`: the one place a secret leaves the vault. Null when none is
   * stored; a typed refusal when the destination is not where the secret was entered for. A secret stored
   * before bindings existed is bound, on its first use, to `unbound`: the addresses its owner holds as stored
   * now (an account's server, a sign-in's token, revoke and service addresses), never to where a request
   * happens to be going, so the first request cannot choose where the key may go from then on. Without
   * `unbound`, such a secret is refused.
   */
  async release(name: string, destination: SecretDestination, options: { unbound?: SecretBinding } = {}): Promise<string | null> {
    const stored = await this.#read(name);
    if (!stored) return null;
    let binding = stored.binding;
    if (binding === null) {
      if (!options.unbound) {
        throw new AppError(
          'forbidden',
          `The ${labelOf(name)} was saved by an older version and is bound to no address yet; it is not sent anywhere until it is.`,
        );
      }
      binding = options.unbound;
      await stored.store.set(name, encodeSecret(stored.secret, binding));
    }
    checkDestination(labelOf(name), binding, destination);
    return stored.secret;
  }

  /** What a stored secret is bound to: undefined when none is stored, null for one stored before bindings. */
  async bindingOf(name: string): Promise<SecretBinding | null | undefined> {
    const stored = await this.#read(name);
    return stored ? stored.binding : undefined;
  }

  /**
   * After an address changed: deletes the stored secret unless it is bound to every one of `urls` (and
   * `clientId`), as when the user moves back to where the key was entered. True when one was deleted.
   */
  async deleteUnlessBoundTo(name: string, urls: readonly string[], clientId?: string): Promise<boolean> {
    const binding = await this.bindingOf(name);
    if (binding === undefined) return false;
    if (binding !== null && bindingCovers(binding, urls, clientId)) return false;
    return this.delete(name);
  }

  async delete(name: string): Promise<boolean> {
    const fromSession = await this.#session.delete(name);
    const fromKeychain = (await this.#keychainAvailable()) ? await this.#keychain.delete(name) : false;
    return fromSession || fromKeychain;
  }

  /** What the renderer may learn: where the key is and its last four characters. */
  async describe(name: string): Promise<SecretDescription> {
    const stored = await this.#read(name);
    if (!stored) return { storage: 'none', lastFour: null };
    return { storage: stored.store === this.#session ? 'session' : 'keychain', lastFour: lastFour(stored.secret) };
  }
}

export function lastFour(secret: string): string {
  return secret.length <= 8 ? '' : secret.slice(-4);
}
