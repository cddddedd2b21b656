import { AppError } from '../../../shared/errors';
import { translationKeyInputSchema, type TranslationKeyStatus } from '../../../shared/translation/key-status';
import { secretNames, type KeyVault } from '../vault/key-vault';

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

  async set(key: string, options: { sessionOnly?: boolean } = {}): Promise<TranslationKeyStatus> {
    const parsed = translationKeyInputSchema.safeParse(key);
    if (!parsed.success) throw new AppError('invalid_input', parsed.error.issues[0]?.message ?? 'That translation key is not valid.');
    await this.#vault.set(secretNames.translationKey(), parsed.data, options.sessionOnly === true ? { sessionOnly: true } : {});
    return this.status();
  }

  async remove(): Promise<TranslationKeyStatus & { removed: boolean }> {
    const removed = await this.#vault.delete(secretNames.translationKey());
    return { ...(await this.status()), removed };
  }
}
