import { afterEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../../electron/core/app-core';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { memoryKeychain } from '../../support/memory-keychain';
import { makeTempDir } from '../../support/temp-dir';

/* An account added in the window brings its own page to the dashboard, read with the account. */

const ORIGIN = 'app://statusdesk';
const sender = { url: `${ORIGIN}/index.html`, isMainFrame: true };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(): Promise<{ sim: StatusPageSimulator; call: (channel: string, request?: unknown) => Promise<{ ok: boolean; value?: unknown }> }> {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  cleanups.push(() => sim.close());
  const home = makeTempDir('statusdesk-account-page-');
  cleanups.push(() => home.remove());
  const core = new AppCore({ dataDir: home.dir, vault: new KeyVault(memoryKeychain()), version: 'test', appOrigins: [ORIGIN] });
  cleanups.push(() => core.dispose());
  return { sim, call: async (channel, request) => (await core.dispatcher.dispatch(channel, request, sender)) as { ok: boolean; value?: unknown } };
}

type Page = { subdomain: string; accountId?: string; baseUrl?: string };

describe('adding an account watches its page', () => {
  it('its page goes on the dashboard with the account', async () => {
    const { sim, call } = await start();
    const added = await call('accounts.add', { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', apiKey: sim.keys.demoReadWrite });
    expect(added.ok).toBe(true);
    const accountId = (added.value as { id: string }).id;
    expect((await call('monitor.pages')).value).toEqual([expect.objectContaining({ subdomain: 'acme', baseUrl: sim.baseUrl, accountId })]);
    // Watching it again by hand is refused as already watched, not a second card.
    expect(await call('monitor.addPage', { region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', accountId })).toMatchObject({ ok: false });
    expect((await call('monitor.pages')).value).toHaveLength(1);
  });

  it('a page already watched without an account becomes the account’s, not a second card', async () => {
    const { sim, call } = await start();
    const before = (await call('monitor.addPage', { region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', name: 'Acme public' })).value as Page & {
      id: string;
    };
    const added = await call('accounts.add', { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', apiKey: sim.keys.demoReadWrite });
    const accountId = (added.value as { id: string }).id;
    expect((await call('monitor.pages')).value).toEqual([expect.objectContaining({ id: before.id, name: 'Acme public', subdomain: 'acme', accountId })]);
  });
});
