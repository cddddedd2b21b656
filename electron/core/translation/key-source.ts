import { secretNames, type KeyVault } from '@core/vault/key-vault';
import { bindingFor } from '@core/vault/secret-binding';

/** The environment variable the command line reads the translation key from. */
const TRANSLATION_KEY_ENV = 'STATUSDESK_TRANSLATION_KEY';

/** The key for a request to the service at `baseUrl`. */
export type GetTranslationKey = (baseUrl: string) => Promise<string | null>;

/**
 * The key from the OS keychain (or the session store), read at each use so a changed key applies at once,
 * and released only for the service address it was entered for. `baseUrl` is the translation service address as
 * stored in the settings (one stored before bindings is bound to it).
 */
export function keyFromVault(vault: Pick<KeyVault, 'release'>): GetTranslationKey {
  return (baseUrl) => vault.release(secretNames.translationKey(), { url: baseUrl }, { unbound: bindingFor([baseUrl]) });
}

/** The key from STATUSDESK_TRANSLATION_KEY (headless use); blank counts as none. */
export function keyFromEnv(env: NodeJS.ProcessEnv = process.env): GetTranslationKey {
  return async () => {
    const value = env[TRANSLATION_KEY_ENV]?.trim();
    return value ? value : null;
  };
}

/** The first source that has a key, in order (for example the environment, then the vault). */
export function firstKey(...sources: GetTranslationKey[]): GetTranslationKey {
  return async (baseUrl) => {
    for (const source of sources) {
      const key = await source(baseUrl);
      if (key) return key;
    }
    return null;
  };
}
