import { describe, expect, it, vi } from 'vitest';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { bindingFor } from '../../../electron/core/vault/secret-binding';
import { boot, invoke, invokeOk, useBootHarness } from './support/boot';

// A platform without the keyring's native package. Importing it fails, as it does when the
// optional platform package was not installed; the app must start anyway, without an OS keychain.
vi.mock('@napi-rs/keyring', () => {
  throw new Error('Cannot find native binding. npm has a bug related to optional dependencies.');
});
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

useBootHarness();

describe('no keyring native binding', () => {
  it('the keychain store reports "no OS keychain" with the reason, and the vault offers the session instead', async () => {
    const vault = new KeyVault(new KeychainSecretStore());
    const status = await vault.status();
    expect(status).toMatchObject({ keychainAvailable: false, reason: expect.stringMatching(/^The OS keychain library could not be loaded: /) });
    const binding = bindingFor(['https://api.example.com']);
    await expect(vault.set('k', 'secret-value', { binding })).rejects.toMatchObject({ code: 'keychain_unavailable' });
    await expect(vault.set('k', 'secret-value', { binding, sessionOnly: true })).resolves.toBe('session');
    await expect(vault.release('k', { url: 'https://api.example.com/x' })).resolves.toBe('secret-value');
  });

  it('the app starts, says there is no OS keychain, and keeps an account key for the session', async () => {
    await boot();
    const info = await invokeOk<{ vault: { keychainAvailable: boolean; reason: string } }>('app.info');
    expect(info.vault).toMatchObject({ keychainAvailable: false, reason: expect.stringMatching(/could not be loaded/) });
    const account = { name: 'Acme', region: 'us', subdomain: 'acme', apiKey: 'k'.repeat(32) };
    await expect(invoke('accounts.add', account)).resolves.toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    await expect(invokeOk('accounts.add', { ...account, sessionOnlyKey: true })).resolves.toMatchObject({ key: { storage: 'session' } });
  });
});
