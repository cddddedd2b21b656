import os from 'node:os';
import type { IpcContract } from '@shared/ipc/contract';
import type { OutboxStatus } from '@shared/outbox/status';
import { resolveBaseUrl } from '@shared/statuspal/regions';
import { isProviderPage } from '@shared/monitor/watched-page';
import { regionOfAccount } from '@core/accounts/probe-client';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import type { SettingsStore } from '@core/settings/settings-store';
import type { KeyVault } from '@core/vault/key-vault';
import type { CoreLog } from './core-log';
import { diagnosticsText, hostOf } from './diagnostics-report';
import { logsDirOf } from './app-logger';
import type { RendererErrorReport } from '@shared/diagnostics/renderer-error-report';

interface DiagnosticsFeatureOptions {
  log: CoreLog;
  settings: SettingsStore;
  vault: KeyVault;
  dataDir: string;
  app: { name: string; version: string; packaged: boolean; demo: boolean };
  /** The outbox's counts as the core last heard them; null before the outbox told any. */
  outboxStatus: () => OutboxStatus | null;
  /** Opens the outbox (or waits for it) and counts: given up after a second (another process may hold it). */
  openOutboxStatus?: () => Promise<OutboxStatus>;
  /** How many watched pages are stale now; null when the monitor cannot say. */
  stalePages: () => Promise<number | null>;
  /** Electron's clipboard in the app (asynchronous since Electron 44); absent elsewhere (the text is still returned). */
  copyText?: (text: string) => Promise<void> | void;
  /** Electron's shell.openPath: '' when opened, else why not. */
  openPath?: (folder: string) => Promise<string>;
  now?: () => Date;
}

/** Help → *Open logs folder* and *Copy diagnostics*, and the window's errors into the log. */
export class DiagnosticsFeature {
  readonly #options: DiagnosticsFeatureOptions;

  constructor(options: DiagnosticsFeatureOptions) {
    this.#options = options;
  }

  get logsDir(): string {
    return logsDirOf(this.#options.dataDir);
  }

  async text(): Promise<string> {
    const options = this.#options;
    const settings = options.settings.get();
    const outbox = options.outboxStatus() ?? (await this.#openOutboxStatus());
    return diagnosticsText({
      app: options.app,
      versions: { electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node, v8: process.versions.v8 },
      os: { platform: process.platform, release: os.release(), arch: process.arch, locale: Intl.DateTimeFormat().resolvedOptions().locale },
      dataDir: options.dataDir,
      logsDir: this.logsDir,
      keychain: await options.vault.status(),
      pages: {
        own: settings.watchedPages.filter((page) => !isProviderPage(page)).length,
        providers: settings.watchedPages.filter((page) => isProviderPage(page)).length,
        stale: await options.stalePages().catch(() => null),
      },
      accounts: { count: settings.accounts.length, hosts: settings.accounts.map((account) => hostOf(resolveBaseUrl(regionOfAccount(account)))) },
      outbox: outbox && {
        pending: outbox.pending,
        in_flight: outbox.inFlight,
        failed: outbox.failed,
        conflicts: outbox.conflicts,
        ...(outbox.needsLook === undefined ? {} : { needs_look: outbox.needsLook }),
        sent: outbox.sent,
      },
      recentErrors: options.log.recent.list(),
      at: (options.now ?? (() => new Date()))(),
    });
  }

  async #openOutboxStatus(): Promise<OutboxStatus | null> {
    if (!this.#options.openOutboxStatus) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 1_000)));
    try {
      return await Promise.race([this.#options.openOutboxStatus().catch(() => null), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async copy(): Promise<{ copied: boolean; text: string }> {
    const text = await this.text();
    if (!this.#options.copyText) return { copied: false, text };
    try {
      await this.#options.copyText(text);
    } catch (error) {
      // The window still gets the text to copy by hand, and says it was not copied.
      this.#options.log.line('warn', `diagnostics: the clipboard refused the text: ${error instanceof Error ? error.name : 'unknown error'}`);
      return { copied: false, text };
    }
    this.#options.log.line('info', 'diagnostics: copied to the clipboard');
    return { copied: true, text };
  }

  async openLogsFolder(): Promise<{ opened: boolean; folder: string }> {
    const folder = this.logsDir;
    if (!this.#options.openPath) return { opened: false, folder };
    const problem = await this.#options.openPath(folder);
    if (problem) this.#options.log.line('warn', `diagnostics: the logs folder could not be opened: ${problem}`);
    return { opened: problem === '', folder };
  }

  reportRendererError(report: RendererErrorReport): { logged: boolean } {
    return { logged: this.#options.log.rendererError(report) };
  }
}

export function diagnosticsHandlers(feature: DiagnosticsFeature): GroupHandlers<IpcContract, 'diagnostics'> {
  return {
    'diagnostics.reportRendererError': (report) => feature.reportRendererError(report),
    'diagnostics.copy': () => feature.copy(),
    'diagnostics.openLogsFolder': () => feature.openLogsFolder(),
  };
}
