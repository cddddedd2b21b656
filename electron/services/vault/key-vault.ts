import { AppError } from '../../../shared/errors';
import type { KeyStorage } from '../../../shared/accounts/account';
import type { VaultStatus } from '../../../shared/ipc/channels/app';
import type { KeychainProbe } from './keychain-store';
import { SessionSecretStore, type SecretStore } from './secret-store';

export interface KeychainLike extends SecretStore {
  probe(): Promise<KeychainProbe>;
}

export interface SecretDescription {
  storage: KeyStorage;
  lastFour: string | null;
}

/** Names of the secrets the app keeps. One place, so nothing invents its own naming. */
export const secretNames = {
  statusPageKey: (accountId: string) => `statuspage-account:${accountId}`,
  translationKey: () => 'translation-api-key',
  googleRefreshToken: () => 'google-refresh-token',
} as const;

/**
 * Where keys live. The OS keychain when there is one; when there is none, a key is kept for this session
 * only, and only if the user asked for that. A key is never written to disk in clear.
 */
export class KeyVault {
  readonly #keychain: KeychainLike;
  readonly #session: SecretStore;
  #probe: Promise<KeychainProbe> | null = null;

  constructor(keychain: KeychainLike, session: SecretStore = new SessionSecretStore()) {
    this.#keychain = keychain;
    this.#session = session;
  }

  status(): Promise<VaultStatus> {
    this.#probe ??= this.#keychain.probe();
    return this.#probe.then((probe) => ({
      keychainAvailable: probe.available,
      backend: probe.backend,
      reason: probe.reason,
    }));
  }

  async #keychainAvailable(): Promise<boolean> {
    return (await this.status()).keychainAvailable;
  }

  async set(name: string, secret: string, options: { sessionOnly?: boolean } = {}): Promise<KeyStorage> {
    if (options.sessionOnly) {
      await this.#session.set(name, secret);
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
    await this.#keychain.set(name, secret);
    await this.#session.delete(name);
    return 'keychain';
  }

  /** The secret, from the session first (the user's explicit choice), then the keychain. */
  async get(name: string): Promise<string | null> {
    const inSession = await this.#session.get(name);
    if (inSession !== null) return inSession;
    if (!(await this.#keychainAvailable())) return null;
    return this.#keychain.get(name);
  }

  async delete(name: string): Promise<boolean> {
    const fromSession = await this.#session.delete(name);
    const fromKeychain = (await this.#keychainAvailable()) ? await this.#keychain.delete(name) : false;
    return fromSession || fromKeychain;
  }

  /** What the renderer may learn: where the key is and its last four characters. */
  async describe(name: string): Promise<SecretDescription> {
    const inSession = await this.#session.get(name);
    if (inSession !== null) return { storage: 'session', lastFour: lastFour(inSession) };
    if (!(await this.#keychainAvailable())) return { storage: 'none', lastFour: null };
    const inKeychain = await this.#keychain.get(name);
    return inKeychain === null ? { storage: 'none', lastFour: null } : { storage: 'keychain', lastFour: lastFour(inKeychain) };
  }
}

export function lastFour(secret: string): string {
  return secret.length <= 8 ? '' : secret.slice(-4);
}
