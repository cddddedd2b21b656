import type { KeychainLike } from '../../electron/services/vault/key-vault';

/** A keychain that is always there and keeps its secrets in memory: for suites about the outbox, not the keychain. */
export function memoryKeychain(): KeychainLike {
  const secrets = new Map<string, string>();
  return {
    kind: 'keychain',
    probe: async () => ({ available: true, backend: 'test', reason: null }),
    get: async (name) => secrets.get(name) ?? null,
    set: async (name, value) => {
      secrets.set(name, value);
    },
    delete: async (name) => secrets.delete(name),
  };
}
