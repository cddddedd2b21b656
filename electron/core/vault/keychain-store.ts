import type * as Keyring from '@napi-rs/keyring';
import type { AsyncEntry } from '@napi-rs/keyring';
import { AppError } from '@shared/errors';
import type { SecretStore } from './secret-store';

const DEFAULT_KEYCHAIN_SERVICE = 'Statusdesk';

export interface KeychainProbe {
  available: boolean;
  backend: string;
  reason: string | null;
}

function backendName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service';
}

/** The keychain library's message, trimmed: it names the failing platform API, never a secret. */
function plainReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 300);
}

/** The keychain did not answer in time: a fresh entry would wait as long. */
class KeychainTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new KeychainTimeout(`${what} did not answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

type KeyringModule = Pick<typeof Keyring, 'AsyncEntry'>;

/**
 * The keychain library, loaded on first use: it is a native binding with one package per platform, and a
 * missing one must leave the app running without an OS keychain, not stop the main process from loading.
 */
export const loadKeyring = (): Promise<KeyringModule> => import('@napi-rs/keyring');

/**
 * The OS keychain through @napi-rs/keyring. On Linux the entry is pinned to the Secret Service: the library
 * would otherwise fall back silently to the kernel keyring, which forgets everything on reboot.
 *
 * An entry is made once per name and kept: making one opens a Secret Service session and blocks the thread
 * (about 12 ms; a read on a kept entry takes about 1 ms, off the thread), and an account's key is read at every
 * poll of its pages. An entry that fails is dropped, and the call is tried once more on a fresh one (a keychain
 * daemon that restarted); one whose key is deleted goes too. Entries hold no secret: each read asks the keychain.
 */
export class KeychainSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly #service: string;
  readonly #timeoutMs: number;
  readonly #load: () => Promise<KeyringModule>;
  #library: Promise<KeyringModule> | null = null;
  readonly #entries = new Map<string, AsyncEntry>();

  constructor(options: { service?: string; timeoutMs?: number; load?: () => Promise<KeyringModule> } = {}) {
    this.#service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#load = options.load ?? loadKeyring;
  }

  async #entry(name: string): Promise<AsyncEntry> {
    const kept = this.#entries.get(name);
    if (kept) return kept;
    this.#library ??= this.#load();
    let library: KeyringModule;
    try {
      library = await this.#library;
    } catch (error) {
      throw new AppError('keychain_unavailable', `The OS keychain library could not be loaded: ${plainReason(error)}`);
    }
    try {
      const entry = new library.AsyncEntry(this.#service, name, { linux: { store: 'secret-service' } });
      this.#entries.set(name, entry);
      return entry;
    } catch (error) {
      throw new AppError('keychain_unavailable', `The OS keychain is not available: ${plainReason(error)}`);
    }
  }

  async #run<T>(what: string, name: string, action: (entry: AsyncEntry) => Promise<T>): Promise<T> {
    const kept = this.#entries.has(name);
    try {
      return await withTimeout(this.#entry(name).then(action), this.#timeoutMs, 'The OS keychain');
    } catch (error) {
      this.#entries.delete(name);
      if (kept && !(error instanceof AppError) && !(error instanceof KeychainTimeout)) return this.#run(what, name, action);
      if (error instanceof AppError) throw error;
      throw new AppError('keychain_unavailable', `The OS keychain could not ${what}: ${plainReason(error)}`);
    }
  }

  get(name: string): Promise<string | null> {
    return this.#run('read a key', name, (entry) => entry.getPassword());
  }

  set(name: string, secret: string): Promise<void> {
    return this.#run('store a key', name, (entry) => entry.setPassword(secret));
  }

  async delete(name: string): Promise<boolean> {
    const deleted = await this.#run('delete a key', name, (entry) => entry.deletePassword());
    this.#entries.delete(name);
    return deleted;
  }

  /** Reads a name that does not exist: proves the keychain answers, without writing anything. */
  async probe(): Promise<KeychainProbe> {
    const backend = backendName(process.platform);
    try {
      await this.get('__statusdesk_probe__');
      return { available: true, backend, reason: null };
    } catch (error) {
      return { available: false, backend, reason: error instanceof Error ? error.message : String(error) };
    }
  }
}
