import type { KeychainLike } from '../../electron/core/vault/key-vault';

/**
 * A keychain that is always there and keeps its secrets in memory (`secrets`, for tests to look into): for suites
 * about something else than the keychain (the real one is tested under test/integration/vault).
 */
export function memoryKeychain(): KeychainLike & { secrets: Map<string, string> } {
  const secrets = new Map<string, string>();
  return {
    secrets,
    kind: 'keychain',
    probe: async () => ({ available: true, backend: 'test', reason: null }),
    get: async (name) => secrets.get(name) ?? null,
    set: async (name, value) => {
      secrets.set(name, value);
    },
    delete: async (name) => secrets.delete(name),
  };
}
