import { describe, expect, it, vi } from 'vitest';
import { boot, invoke, invokeOk, useBootHarness } from './support/boot';

// A boot path of the desktop shell in a file of its own: the keychain library keeps its D-Bus connection for the life of
// the process, so "no session bus" holds only in a process whose earlier boots never reached the real one
// (every boot now probes the keychain to log whether it is there).
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

useBootHarness();

describe('boot without a session bus', () => {
  it('starts without an OS keychain, says so, and still keeps a key for the session', async () => {
    vi.stubEnv('DBUS_SESSION_BUS_ADDRESS', 'unix:path=/nonexistent/statusdesk-test-bus');
    await boot();
    const info = await invokeOk<{ vault: { keychainAvailable: boolean; reason: string | null } }>('app.info');
    expect(info.vault.keychainAvailable).toBe(false);
    expect(info.vault.reason).toMatch(/keychain/i);
    const account = { name: 'No keychain', region: 'us', subdomain: 'acme', apiKey: 'k'.repeat(32) };
    await expect(invoke('accounts.add', account)).resolves.toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    await expect(invokeOk('accounts.add', { ...account, sessionOnlyKey: true })).resolves.toMatchObject({ key: { storage: 'session' } });
  });
});
