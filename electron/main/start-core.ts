import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppCore, type AppPorts } from '../services/app-core';
import { startDesktopDemo } from '../services/demo/desktop-demo';
import { KeychainSecretStore } from '../services/vault/keychain-store';
import { KeyVault } from '../services/vault/key-vault';

export interface StartedCore {
  core: AppCore;
  /** Closes the core (outbox, histories, monitor) and, in demo mode, the simulator and its throw-away folder. */
  stop(): Promise<void>;
}

/**
 * Builds the core on ports that already exist; in demo mode (STATUSDESK_DEMO=1) against an embedded simulator
 * playing a scenario, which polls (and so calls the ports) before this returns.
 */
export async function startCore(options: {
  dataDir: string;
  appOrigins: string[];
  ports: AppPorts;
  version: string;
  demo: boolean;
  packaged: boolean;
  log: (message: string) => void;
}): Promise<StartedCore> {
  const { demo, log } = options;
  // A demo runs in a throw-away data folder: it never touches the user's settings, history or outbox.
  const dataDir = demo ? mkdtempSync(path.join(tmpdir(), 'statusdesk-demo-')) : options.dataDir;
  const core = new AppCore({
    dataDir,
    vault: new KeyVault(new KeychainSecretStore()),
    version: options.version,
    appOrigins: options.appOrigins,
    ports: options.ports,
    build: { packaged: options.packaged, demo },
    log,
  });
  if (!demo) return { core, stop: () => core.dispose() };
  try {
    const running = await startDesktopDemo(core);
    log(`demo mode: simulator at ${running.sim.baseUrl}, data in ${dataDir}`);
    return {
      core,
      async stop() {
        await running.stop();
        await core.dispose();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await core.dispose();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
