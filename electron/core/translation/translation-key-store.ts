import { AppError } from '@shared/errors';
import { translationKeyInputSchema, type TranslationKeyStatus } from '@shared/translation/key-status';
import { secretNames, type KeyVault } from '@core/vault/key-vault';
import { bindingFor } from '@core/vault/secret-binding';

/** The translation key in the vault: set, remove, and describe it without ever handing it out. */
export class TranslationKeyStore {
  readonly #vault: Pick<KeyVault, 'set' | 'delete' | 'describe'>;

  constructor(vault: Pick<KeyVault, 'set' | 'delete' | 'describe'>) {
    this.#vault = vault;
  }

  async status(): Promise<TranslationKeyStatus> {
    const described = await this.#vault.describe(secretNames.translationKey());
    return { stored: described.storage !== 'none', storage: described.storage, lastFour: described.lastFour };
  }

  /** Stores the key for the service at `baseUrl`: it is sent there and nowhere else. */
  async set(key: string, options: { baseUrl: string; sessionOnly?: boolean }): Promise<TranslationKeyStatus> {
    const parsed = translationKeyInputSchema.safeParse(key);
    if (!parsed.success) throw new AppError('invalid_input', parsed.error.issues[0]?.message ?? 'That translation key is not valid.');
    await this.#vault.set(secretNames.translationKey(), parsed.data, { binding: bindingFor([options.baseUrl]), sessionOnly: options.sessionOnly === true });
    return this.status();
  }

  async remove(): Promise<TranslationKeyStatus & { removed: boolean }> {
    const removed = await this.#vault.delete(secretNames.translationKey());
    return { ...(await this.status()), removed };
  }
}
