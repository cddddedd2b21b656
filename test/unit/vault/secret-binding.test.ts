import { describe, expect, it } from 'vitest';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import type { KeychainProbe } from '../../../electron/core/vault/keychain-store';
import { bindingCovers, bindingFor, checkDestination, decodeSecret, encodeSecret } from '../../../electron/core/vault/secret-binding';
import { SessionSecretStore } from '../../../electron/core/vault/secret-store';
import { isLoopbackHost, originOf, secretDestinationProblem } from '../../../shared/validation/secret-destination';

describe('addresses that may receive a secret', () => {
  it.each([
    ['https://api.statuspal.io/api/v2', null],
    ['https://api.example.com:8443/x', null],
    ['http://127.0.0.1:4010/api/v2', null],
    ['http://127.10.20.30/api', null],
    ['http://localhost:3000', null],
    ['http://[::1]:9000/', null],
    ['http://api.example.com/api/v2', "must use https (plain http only on this computer's loopback address)"],
    ['http://10.0.0.5/api', "must use https (plain http only on this computer's loopback address)"],
    ['http://127.0.0.1.evil.example/', "must use https (plain http only on this computer's loopback address)"],
    ['ftp://example.com', 'must be an https address'],
    ['https://user:pw@example.com', 'may not contain a user name or password'],
    ['not a url', 'is not a valid address'],
  ])('%s', (address, problem) => {
    expect(secretDestinationProblem(address)).toBe(problem);
  });

  it('knows loopback from look-alikes', () => {
    expect(['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]', '127.255.0.1'].every(isLoopbackHost)).toBe(true);
    expect(['127.0.0.1.nip.io', 'localhost.example', '128.0.0.1', '0.0.0.0'].some(isLoopbackHost)).toBe(false);
    expect(originOf('https://Api.Example.com:443/v2?x=1')).toBe('https://api.example.com');
    expect(originOf('javascript:alert(1)')).toBeNull();
  });
});

describe('a secret bound to where it was entered for', () => {
  const binding = bindingFor(['https://api.example.com/api/v2', 'https://oauth.example.com/token'], 'client-1');

  it('is released to its origins and client only', () => {
    expect(() => checkDestination('key', binding, { url: 'https://api.example.com/api/v2/status_pages/a', clientId: 'client-1' })).not.toThrow();
    expect(() => checkDestination('key', binding, { url: 'https://oauth.example.com/other', clientId: 'client-1' })).not.toThrow();
    for (const url of ['https://api.example.com:8443/', 'http://api.example.com/', 'https://evil.example/', 'https://api.example.com.evil.example/']) {
      expect(() => checkDestination('key', binding, { url, clientId: 'client-1' }), url).toThrow(/was not sent/);
    }
    expect(() => checkDestination('key', binding, { url: 'https://api.example.com/', clientId: 'client-2' })).toThrow(/another OAuth client/);
    expect(bindingCovers(binding, ['https://api.example.com/x'], 'client-1')).toBe(true);
    expect(bindingCovers(binding, ['https://api.example.com/x'], 'client-2')).toBe(false);
  });

  it('cannot be bound to plain http off this computer', () => {
    expect(() => bindingFor(['http://api.example.com/api/v2'])).toThrow(/must use https/);
    expect(bindingFor(['http://127.0.0.1:4010/api/v2'])).toEqual({ origins: ['http://127.0.0.1:4010'] });
  });

  it('travels with the secret, and a bare secret from an older version reads as unbound', () => {
    expect(decodeSecret(encodeSecret('sk_live_1', binding))).toEqual({ secret: 'sk_live_1', binding });
    expect(decodeSecret('sk_live_bare')).toEqual({ secret: 'sk_live_bare', binding: null });
    expect(decodeSecret('{not json')).toEqual({ secret: '{not json', binding: null });
  });
});

class FlakyKeychain extends SessionSecretStore {
  available = false;
  probes = 0;
  async probe(): Promise<KeychainProbe> {
    this.probes += 1;
    return this.available ? { available: true, backend: 'test', reason: null } : { available: false, backend: 'test', reason: 'locked' };
  }
}

describe('the vault', () => {
  it("binds a secret from an older version to its owner's stored address, never to where the first request goes", async () => {
    const keychain = new FlakyKeychain();
    keychain.available = true;
    await keychain.set('k', 'legacy-secret-value');
    const vault = new KeyVault(keychain);
    const owner = bindingFor(['https://api.example.com/api/v2']);
    // The first request names another address: refused, and the key is bound to its owner's, not to that one.
    await expect(vault.release('k', { url: 'https://evil.example/api/v2' }, { unbound: owner })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(vault.bindingOf('k')).resolves.toEqual({ origins: ['https://api.example.com'] });
    await expect(vault.release('k', { url: 'https://api.example.com/api/v2' })).resolves.toBe('legacy-secret-value');
    await expect(vault.release('k', { url: 'https://evil.example/api/v2' })).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('refuses a secret from an older version when the caller cannot say whose address it belongs to', async () => {
    const keychain = new FlakyKeychain();
    keychain.available = true;
    await keychain.set('k', 'legacy-secret-value');
    const vault = new KeyVault(keychain);
    await expect(vault.release('k', { url: 'https://api.example.com/api/v2' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(vault.bindingOf('k')).resolves.toBeNull();
  });

  it('binds a sign-in saved before bindings to every address it serves, so an upgraded user stays signed in', async () => {
    const keychain = new FlakyKeychain();
    keychain.available = true;
    await keychain.set('google-refresh-token', '1//legacy-refresh-token');
    const vault = new KeyVault(keychain);
    const signIn = bindingFor(
      ['https://oauth2.googleapis.com/token', 'https://oauth2.googleapis.com/revoke', 'https://migrationcenter.googleapis.com'],
      'client-1',
    );
    const token = await vault.release('google-refresh-token', { url: 'https://oauth2.googleapis.com/token', clientId: 'client-1' }, { unbound: signIn });
    expect(token).toBe('1//legacy-refresh-token');
    expect(bindingCovers((await vault.bindingOf('google-refresh-token'))!, ['https://migrationcenter.googleapis.com/v1/x'], 'client-1')).toBe(true);
  });

  it('asks a keychain that failed again after its backoff, and at once on "Try again"; success is remembered', async () => {
    let now = 0;
    const keychain = new FlakyKeychain();
    const vault = new KeyVault(keychain, new SessionSecretStore(), { now: () => now });
    expect((await vault.status()).keychainAvailable).toBe(false);
    expect((await vault.status()).keychainAvailable).toBe(false);
    expect(keychain.probes).toBe(1);
    keychain.available = true;
    now += 6_000;
    expect((await vault.status()).keychainAvailable).toBe(true);
    expect(keychain.probes).toBe(2);
    await vault.status();
    now += 3_600_000;
    await vault.status();
    expect(keychain.probes).toBe(2);

    const later = new FlakyKeychain();
    const other = new KeyVault(later, new SessionSecretStore(), { now: () => 0 });
    expect((await other.status()).keychainAvailable).toBe(false);
    later.available = true;
    expect((await other.retryKeychain()).keychainAvailable).toBe(true);
    await expect(other.set('k', 'a-secret-value', { binding: bindingFor(['https://a.example']) })).resolves.toBe('keychain');
  });
});
