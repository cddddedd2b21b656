/** A place that keeps secrets by name. Implementations: the OS keychain, and memory for this session only. */
export interface SecretStore {
  readonly kind: 'keychain' | 'session';
  get(name: string): Promise<string | null>;
  set(name: string, secret: string): Promise<void>;
  /** True when something was deleted. */
  delete(name: string): Promise<boolean>;
}

/** Secrets kept only in this process's memory: gone when the app quits, never written anywhere. */
export class SessionSecretStore implements SecretStore {
  readonly kind = 'session' as const;
  readonly #secrets = new Map<string, string>();

  async get(name: string): Promise<string | null> {
    return this.#secrets.get(name) ?? null;
  }

  async set(name: string, secret: string): Promise<void> {
    this.#secrets.set(name, secret);
  }

  async delete(name: string): Promise<boolean> {
    return this.#secrets.delete(name);
  }
}
