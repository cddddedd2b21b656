import { afterAll, afterEach, beforeAll } from 'vitest';
import { AppCore } from '../../electron/core/app-core';
import { KeyVault } from '../../electron/core/vault/key-vault';
import type { Result } from '../../shared/ipc/define';
import { startStatusPageSimulator, type StartOptions, type StatusPageSimulator } from '../../simulators/statuspal';
import { memoryKeychain } from './memory-keychain';
import { makeTempDir } from './temp-dir';

const ORIGIN = 'app://statusdesk';
const SENDER = { url: `${ORIGIN}/index.html`, isMainFrame: true };

/**
 * The real AppCore on the Statuspal simulator, driven as the window drives it (through the one IPC dispatcher):
 * one simulator for the test file, started before its tests, reset after each and closed after them; per test a
 * data folder of its own and a core over an in-memory keychain, disposed and removed after the test. Call it at
 * the top of the file, before the file's own `afterEach`: after-hooks run last-registered first, so the file's
 * own clean-up runs before the core is disposed.
 */
export function appCoreOnSimulator(options: { home: string; simulator?: StartOptions }) {
  let sim: StatusPageSimulator | undefined;
  let home: ReturnType<typeof makeTempDir> | undefined;
  let vault: KeyVault | undefined;
  let core: AppCore | undefined;

  beforeAll(async () => {
    sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, ...options.simulator });
  });
  afterAll(async () => {
    await sim?.close();
  });
  afterEach(async () => {
    await core?.dispose();
    core = undefined;
    await sim?.reset();
    home?.remove();
    home = undefined;
    vault = undefined;
  });

  const started = (): StatusPageSimulator => {
    if (!sim) throw new Error('the simulator starts in beforeAll');
    return sim;
  };
  const opened = (): AppCore => {
    if (!core) throw new Error('no core is open: call open() first');
    return core;
  };

  /** One IPC call from the window; the answer as the renderer gets it. */
  const dispatch = (channel: string, request?: unknown): Promise<Result<unknown>> => opened().dispatcher.dispatch(channel, request, SENDER);

  /** One IPC call that must succeed; its value. A refusal throws "<channel>: <message>". */
  const ask = async <T>(channel: string, request?: unknown): Promise<T> => {
    const result = await dispatch(channel, request);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };

  return {
    get sim(): StatusPageSimulator {
      return started();
    },
    get core(): AppCore {
      return opened();
    },
    /** The test's data folder (made by the first open()). */
    get dataDir(): string {
      if (!home) throw new Error('no data folder yet: call open() first');
      return home.dir;
    },
    /** A core on this test's data folder and keychain (both made on the first call); close() the one before. */
    open(): AppCore {
      if (core) throw new Error('a core is open already: close() it first');
      home ??= makeTempDir(options.home);
      vault ??= new KeyVault(memoryKeychain());
      core = new AppCore({ dataDir: home.dir, vault, version: 'test', appOrigins: [ORIGIN] });
      return core;
    },
    /** Disposes the open core, as quitting the app does; its data folder and keychain stay for the next open(). */
    async close(): Promise<void> {
      await opened().dispose();
      core = undefined;
    },
    dispatch,
    ask,
    /** Adds an account on the simulator's page `subdomain` through the window's Settings; its id. */
    async addAccount(account: { name?: string; subdomain?: string; apiKey?: string } = {}): Promise<string> {
      const { name = 'Acme', subdomain = 'acme', apiKey = started().keys.demoReadWrite } = account;
      const added = await ask<{ id: string }>('accounts.add', { name, region: 'custom', baseUrl: started().baseUrl, subdomain, apiKey });
      return added.id;
    },
  };
}
