import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { repoRoot } from '../../support/paths';
import { afterEach, describe, expect, it } from 'vitest';
import { KeychainSecretStore, loadKeyring } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import type { KeychainProbe } from '../../../electron/core/vault/keychain-store';
import { SessionSecretStore } from '../../../electron/core/vault/secret-store';
import { bindingFor } from '../../../electron/core/vault/secret-binding';

const HOST = 'https://api.example.com/api/v2';
const bound = { binding: bindingFor([HOST]) };

// These run against the real Secret Service (gnome-keyring under dbus-run-session; see scripts/with-keyring.sh).
const service = `Statusdesk-test-${randomUUID()}`;
const keychain = new KeychainSecretStore({ service });
const created: string[] = [];
afterEach(async () => {
  for (const name of created.splice(0)) await keychain.delete(name);
});

describe('OS keychain (real Secret Service)', () => {
  it('is available in the test session', async () => {
    const probe = await keychain.probe();
    expect(probe).toMatchObject({ available: true, reason: null });
  });

  it('stores, reads, describes and deletes a key', async () => {
    const vault = new KeyVault(keychain);
    const name = secretNames.statusPageKey(randomUUID());
    created.push(name);
    await expect(vault.set(name, 'sk_live_abcdefgh1234', bound)).resolves.toBe('keychain');
    // Stored with its binding, never bare: another program reading the entry sees where it belongs.
    expect(JSON.parse((await keychain.get(name))!)).toMatchObject({ secret: 'sk_live_abcdefgh1234', origins: ['https://api.example.com'] });
    await expect(vault.release(name, { url: `${HOST}/status_pages/acme` })).resolves.toBe('sk_live_abcdefgh1234');
    await expect(vault.release(name, { url: 'https://evil.example/api/v2' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(vault.describe(name)).resolves.toEqual({ storage: 'keychain', lastFour: '1234' });
    await expect(vault.delete(name)).resolves.toBe(true);
    await expect(keychain.get(name)).resolves.toBeNull();
    await expect(vault.describe(name)).resolves.toEqual({ storage: 'none', lastFour: null });
    await expect(vault.delete(name)).resolves.toBe(false);
  });

  it('keeps separate services apart', async () => {
    const other = new KeychainSecretStore({ service: `${service}-other` });
    const name = 'shared-name';
    created.push(name);
    await keychain.set(name, 'first-secret-value');
    await expect(other.get(name)).resolves.toBeNull();
  });

  it('moves a key between the session and the keychain as the user chooses', async () => {
    const vault = new KeyVault(keychain);
    const name = secretNames.statusPageKey(randomUUID());
    created.push(name);
    await vault.set(name, 'keychain-value-9999', bound);
    await expect(vault.set(name, 'session-value-8888', { ...bound, sessionOnly: true })).resolves.toBe('session');
    await expect(keychain.get(name)).resolves.toBeNull();
    await expect(vault.release(name, { url: HOST })).resolves.toBe('session-value-8888');
    await vault.set(name, 'keychain-again-7777', bound);
    await expect(vault.describe(name)).resolves.toEqual({ storage: 'keychain', lastFour: '7777' });
  });
});

describe('keychain entries', () => {
  /**
   * The real library, counting the entries made (making one opens a Secret Service session and blocks the thread);
   * an entry put in `broken` fails its reads, as one whose keychain daemon went away would.
   */
  function countingStore(): { store: KeychainSecretStore; made: () => number; breakAll: () => void } {
    const entries: object[] = [];
    const broken = new Set<object>();
    const load = async () => {
      const { AsyncEntry } = await loadKeyring();
      return {
        AsyncEntry: class extends AsyncEntry {
          constructor(...args: ConstructorParameters<typeof AsyncEntry>) {
            super(...args);
            entries.push(this);
          }

          override getPassword(...args: Parameters<InstanceType<typeof AsyncEntry>['getPassword']>) {
            return broken.has(this) ? Promise.reject(new Error('the Secret Service session is gone')) : super.getPassword(...args);
          }
        },
      };
    };
    return { store: new KeychainSecretStore({ service, load }), made: () => entries.length, breakAll: () => entries.forEach((e) => broken.add(e)) };
  }

  it('a key read at every poll is read through one entry, and still sees a key stored through another entry', async () => {
    const { store, made } = countingStore();
    const name = secretNames.statusPageKey(randomUUID());
    created.push(name);
    await store.set(name, 'first-value-1111');
    for (let poll = 0; poll < 20; poll++) await expect(store.get(name)).resolves.toBe('first-value-1111');
    expect(made()).toBe(1);

    // Another store (as the command line's would) stores a new key through an entry of its own: the next read here has it.
    await keychain.set(name, 'second-value-2222');
    await expect(store.get(name)).resolves.toBe('second-value-2222');
    await expect(store.delete(name)).resolves.toBe(true);
    await expect(store.get(name)).resolves.toBeNull();
    expect(made()).toBe(2);
  });

  it('a kept entry that fails is replaced, and the read is tried again on the fresh one', async () => {
    const { store, made, breakAll } = countingStore();
    const name = secretNames.statusPageKey(randomUUID());
    created.push(name);
    await store.set(name, 'kept-value-3333');
    breakAll();
    await expect(store.get(name)).resolves.toBe('kept-value-3333');
    await expect(store.get(name)).resolves.toBe('kept-value-3333');
    expect(made()).toBe(2);
  });
});

describe('without a keychain', () => {
  const missing = new (class extends SessionSecretStore {
    override readonly kind = 'session' as const;
    async probe(): Promise<KeychainProbe> {
      return { available: false, backend: 'Secret Service', reason: 'no Secret Service on the session bus' };
    }
  })() as unknown as ConstructorParameters<typeof KeyVault>[0];

  it('refuses to store a key unless the user asks for this session only', async () => {
    const vault = new KeyVault(missing);
    await expect(vault.status()).resolves.toEqual({
      keychainAvailable: false,
      backend: 'Secret Service',
      reason: 'no Secret Service on the session bus',
    });
    await expect(vault.set('k', 'abcdefghijkl', bound)).rejects.toMatchObject({ code: 'keychain_unavailable' });
    await expect(vault.release('k', { url: HOST })).resolves.toBeNull();
    await expect(vault.set('k', 'abcdefghijkl', { ...bound, sessionOnly: true })).resolves.toBe('session');
    await expect(vault.describe('k')).resolves.toEqual({ storage: 'session', lastFour: 'ijkl' });
  });

  it('reports a missing Secret Service plainly from the real library, with no fallback', () => {
    // A separate process, because the native library keeps its D-Bus connection for the process's life.
    const script = `
      import { KeychainSecretStore } from ${JSON.stringify(path.join(repoRoot, 'electron/core/vault/keychain-store.ts'))};
      const probe = await new KeychainSecretStore({ service: 'Statusdesk-missing', timeoutMs: 5000 }).probe();
      console.log(JSON.stringify(probe));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/statusdesk-bus' },
      encoding: 'utf8',
    });
    const probe = JSON.parse(output.trim().split('\n').pop()!);
    expect(probe.available).toBe(false);
    expect(probe.reason).toMatch(/keychain is not available/i);
  });
});
