import { rmSync } from 'node:fs';
import { AppCore } from '@core/app-core';
import type { AppPorts } from '@core/app-core-options';
import { startDesktopDemo } from '@core/demo/desktop-demo';
import { DemoKeychain } from '@core/vault/demo-keychain';
import { KeychainSecretStore } from '@core/vault/keychain-store';
import { KeyVault } from '@core/vault/key-vault';
import { SessionSecretStore } from '@core/vault/secret-store';
import type { CoreLog } from '@core/logging/core-log';
import type { KnownSecrets } from '@core/security/known-secrets';

interface StartedCore {
  core: AppCore;
  /** Closes the core (outbox, histories, monitor) and, in demo mode, the simulator and its throw-away folder. */
  stop(): Promise<void>;
}

/**
 * Builds the core on ports that already exist; in demo mode (STATUSDESK_DEMO=1) against an embedded simulator
 * playing a scenario, which polls (and so calls the ports) before this returns. A demo's `dataDir` is the
 * throw-away folder the caller made for it (before the single-instance lock, which follows it); stop() removes it.
 */
export async function startCore(options: {
  dataDir: string;
  appOrigins: string[];
  ports: AppPorts;
  version: string;
  demo: boolean;
  packaged: boolean;
  log: CoreLog;
  /** What the log redacts: the core adds every secret it learns (its vault's keys, tokens, client secrets). */
  secrets: KnownSecrets;
}): Promise<StartedCore> {
  const { dataDir, demo } = options;
  const log = (message: string) => options.log.line('info', message);
  const core = new AppCore({
    dataDir,
    // The demo's keys live in memory only: the user's own keychain is never read or changed by it.
    vault: new KeyVault(demo ? new DemoKeychain() : new KeychainSecretStore(), new SessionSecretStore()),
    version: options.version,
    appOrigins: options.appOrigins,
    ports: options.ports,
    build: { packaged: options.packaged, demo },
    coreLog: options.log,
    secrets: options.secrets,
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
