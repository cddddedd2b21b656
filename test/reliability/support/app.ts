import { randomUUID } from 'node:crypto';
import { AppCore } from '../../../electron/core/app-core';
import type { AppCoreOptions } from '../../../electron/core/app-core-options';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import type { Result } from '../../../shared/ipc/define';

/*
 * The real AppCore as the reliability tests use it: the OS keychain under a service name of this run (so
 * runs never see each other's keys), the app's own origin, and IPC calls made the way the window makes
 * them, through the one dispatcher.
 */

const APP_ORIGIN = 'app://statusdesk';
const MAIN_FRAME = { url: `${APP_ORIGIN}/index.html`, isMainFrame: true };

export function testKeychain(): KeychainSecretStore {
  return new KeychainSecretStore({ service: `Statusdesk-reliability-${randomUUID()}` });
}

export function openCore(dataDir: string, options: Partial<Omit<AppCoreOptions, 'dataDir' | 'appOrigins'>> & { keychain?: KeychainSecretStore } = {}): AppCore {
  const { keychain, ...rest } = options;
  return new AppCore({ version: '0.0.0-reliability', vault: new KeyVault(keychain ?? testKeychain()), ...rest, dataDir, appOrigins: [APP_ORIGIN] });
}

/** One IPC call from the window; the answer as the renderer gets it. */
export function dispatch(core: AppCore, channel: string, payload?: unknown): Promise<Result<unknown>> {
  return core.dispatcher.dispatch(channel, payload, MAIN_FRAME);
}

/** One IPC call that must succeed; its value. */
export async function invoke<T = unknown>(core: AppCore, channel: string, payload?: unknown): Promise<T> {
  const result = await dispatch(core, channel, payload);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}
