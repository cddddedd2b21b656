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

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
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
const loadKeyring = (): Promise<KeyringModule> => import('@napi-rs/keyring');

/**
 * The OS keychain through @napi-rs/keyring. On Linux the entry is pinned to the Secret Service: the library
 * would otherwise fall back silently to the kernel keyring, which forgets everything on reboot.
 */
export class KeychainSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly #service: string;
  readonly #timeoutMs: number;
  readonly #load: () => Promise<KeyringModule>;
  #library: Promise<KeyringModule> | null = null;

  constructor(options: { service?: string; timeoutMs?: number; load?: () => Promise<KeyringModule> } = {}) {
    this.#service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#load = options.load ?? loadKeyring;
  }

  async #entry(name: string): Promise<AsyncEntry> {
    this.#library ??= this.#load();
    let library: KeyringModule;
    try {
      library = await this.#library;
    } catch (error) {
      throw new AppError('keychain_unavailable', `The OS keychain library could not be loaded: ${plainReason(error)}`);
    }
    try {
      return new library.AsyncEntry(this.#service, name, { linux: { store: 'secret-service' } });
    } catch (error) {
      throw new AppError('keychain_unavailable', `The OS keychain is not available: ${plainReason(error)}`);
    }
  }

  async #run<T>(what: string, action: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(action(), this.#timeoutMs, 'The OS keychain');
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('keychain_unavailable', `The OS keychain could not ${what}: ${plainReason(error)}`);
    }
  }

  get(name: string): Promise<string | null> {
    return this.#run('read a key', async () => (await this.#entry(name)).getPassword());
  }

  set(name: string, secret: string): Promise<void> {
    return this.#run('store a key', async () => (await this.#entry(name)).setPassword(secret));
  }

  delete(name: string): Promise<boolean> {
    return this.#run('delete a key', async () => (await this.#entry(name)).deletePassword());
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
