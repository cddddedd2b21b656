import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { buildApi } from '../../../shared/ipc/define';
import { ipcChannels } from '../../../shared/ipc/contract';
import { AppCore } from '../../../electron/core/app-core';
import type { AppCoreOptions } from '../../../electron/core/app-core-options';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { decodeSecret } from '../../../electron/core/vault/secret-binding';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { makeTempDir } from '../../support/temp-dir';
import type { NotificationIntent } from '../../../shared/monitor/notification-intent';
import type { TrayModel } from '../../../shared/monitor/tray';
import { SignalHub } from '../../../electron/core/monitor/system-signals';
import { rendererBuildDir, repoRoot } from '../../support/paths';
import { serveRendererBuild } from './static-server';

/**
 * The version the window shows: the app's own while the README's screenshots are taken (npm run screenshots),
 * else a marker no real version has.
 */
export const E2E_VERSION =
  process.env.STATUSDESK_SCREENSHOTS === '1'
    ? (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version
    : '0.0.0-e2e';

export interface HarnessOptions extends Partial<Omit<AppCoreOptions, 'appOrigins'>> {
  /** A keychain service name of its own, so parallel or repeated runs never see each other's keys. */
  keychainService?: string;
}

export interface Harness {
  page: Page;
  core: AppCore;
  /**
   * The app's keychain entries, read as the secret they hold (an entry keeps the secret with the addresses
   * it is bound to: secret-binding.ts); `set` stores a bare secret, as a version before bindings did.
   */
  keychain: Pick<KeychainSecretStore, 'get' | 'set' | 'delete'>;
  dataDir: string;
  origin: string;
  /** Everything the main process pushed to the renderer, for leak checks. */
  pushed: Array<{ channel: string; payload: unknown }>;
  /** Every answer the main process gave the renderer. */
  answered: Array<{ channel: string; result: unknown }>;
  /** Native notifications the app asked for (Electron's Notification is the only part absent). */
  notifications: NotificationIntent[];
  /** Every tray state the app drew, newest last. */
  trayModels: TrayModel[];
  /** Sleep, wake and network signals, driven by the test. */
  signals: SignalHub;
  /**
   * Resolves once the window has asked the main process nothing for `quietMs` (a screen's reads are answered and
   * none follows), or after `maxMs` whatever happens.
   */
  settled(quietMs?: number, maxMs?: number): Promise<void>;
  /** Clicks a notification, as Electron would report it. */
  clickNotification(intent: NotificationIntent): void;
  close(): Promise<void>;
}

/**
 * Runs the real renderer build in Chromium with `window.api` backed by the real main-process handlers in
 * this Node process: the same AppCore and dispatcher Electron uses, reached through a Playwright binding
 * instead of ipcRenderer. Only Electron itself is absent.
 */
/**
 * A message to the window as JSON text: Playwright's own value serialisation costs milliseconds on a list of a
 * hundred items. Structured-cloned first, so what Electron's IPC would refuse (a function, a class instance with
 * private state) is refused here too rather than silently dropped by JSON.
 */
function ipcText(value: unknown): string {
  return JSON.stringify(structuredClone(value));
}

export async function startHarness(page: Page, options: HarnessOptions = {}): Promise<Harness> {
  if (!fs.existsSync(rendererBuildDir)) throw new Error('Build the renderer first (electron-vite build).');
  const temp = options.dataDir ? null : makeTempDir('statusdesk-e2e-');
  const dataDir = options.dataDir ?? temp!.dir;
  const server = await serveRendererBuild(rendererBuildDir);
  const notifications: NotificationIntent[] = [];
  const trayModels: TrayModel[] = [];
  const signals = new SignalHub();
  const keychain = new KeychainSecretStore({ service: options.keychainService ?? `Statusdesk-e2e-${randomUUID()}` });
  // One computer: the core's tray and notifications speak the zone the window (Chromium, emulated) speaks.
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const core = new AppCore({
    timeZone,
    version: E2E_VERSION,
    vault: options.vault ?? new KeyVault(keychain),
    ...options,
    ports: {
      notify: (intent) => notifications.push(intent),
      setTray: (model) => trayModels.push(model),
      signals,
      ...options.ports,
    },
    dataDir,
    appOrigins: [server.origin],
  });
  await core.start();
  const pushed: Harness['pushed'] = [];
  const answered: Harness['answered'] = [];
  const calls = { inFlight: 0, lastAt: performance.now() };

  await page.exposeBinding('__statusdeskInvoke', async (source, channel: string, request: unknown) => {
    const frame = source.frame;
    calls.inFlight += 1;
    calls.lastAt = performance.now();
    try {
      const result = await core.dispatcher.dispatch(channel, request, {
        url: frame.url(),
        isMainFrame: frame === source.page.mainFrame(),
      });
      answered.push({ channel, result });
      return ipcText(result);
    } finally {
      calls.inFlight -= 1;
      calls.lastAt = performance.now();
    }
  });

  // The same buildApi the preload runs, fed the same channel list, over the binding instead of ipcRenderer.
  await page.addInitScript({
    content: `(() => {
      const listeners = new Map();
      const transport = {
        invoke: (channel, request) => window.__statusdeskInvoke(channel, request).then((text) => JSON.parse(text)),
        subscribe: (channel, listener) => {
          if (!listeners.has(channel)) listeners.set(channel, new Set());
          listeners.get(channel).add(listener);
          return () => listeners.get(channel).delete(listener);
        },
      };
      window.__statusdeskEmit = (channel, payload) => {
        for (const listener of listeners.get(channel) ?? []) listener(payload);
      };
      window.api = Object.freeze((${buildApi.toString()})(${JSON.stringify(ipcChannels)}, transport));
    })();`,
  });

  const disconnect = core.events.connect((channel, payload) => {
    pushed.push({ channel, payload });
    void page
      .evaluate(([c, p]) => (window as unknown as { __statusdeskEmit(c: string, p: unknown): void }).__statusdeskEmit(c, JSON.parse(p)), [
        channel,
        ipcText(payload),
      ] as const)
      .catch(() => undefined);
  });

  await page.goto(`${server.origin}/index.html`);

  return {
    page,
    core,
    keychain: {
      get: async (name) => {
        const stored = await keychain.get(name);
        return stored === null ? null : decodeSecret(stored).secret;
      },
      set: (name, secret) => keychain.set(name, secret),
      delete: (name) => keychain.delete(name),
    },
    dataDir,
    origin: server.origin,
    pushed,
    answered,
    notifications,
    trayModels,
    signals,
    async settled(quietMs = 150, maxMs = 2_000) {
      const deadline = performance.now() + maxMs;
      for (;;) {
        const quietFor = performance.now() - calls.lastAt;
        if ((calls.inFlight === 0 && quietFor >= quietMs) || performance.now() >= deadline) return;
        await new Promise((resolve) => setTimeout(resolve, calls.inFlight === 0 ? quietMs - quietFor : 20));
      }
    },
    clickNotification: (intent) => core.openTarget(intent.target),
    async close() {
      disconnect();
      await core.dispose();
      await server.close();
      temp?.remove();
    },
  };
}
