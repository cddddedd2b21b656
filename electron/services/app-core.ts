import { randomUUID } from 'node:crypto';
import type { AppProblem } from '../../shared/ipc/channels/app';
import { ipcContract, type IpcContract } from '../../shared/ipc/contract';
import { AccountsService, type ProbeClientFactory } from './accounts/accounts-service';
import { accountHandlers } from './accounts/account-handlers';
import { EventBus } from './ipc/event-bus';
import { createIpcDispatcher, type InvokeHandlers, type IpcDispatcher } from './ipc/dispatcher';
import { SettingsStore } from './settings/settings-store';
import { KeyVault } from './vault/key-vault';
import { createStatusPageProbeClient } from './accounts/probe-client';

/**
 * What the core asks of its host: Electron's shell, notifications, tray and power events in the app; plain
 * recorders in the end-to-end harness. Each is optional so the core also runs headless.
 */
export interface AppPorts {
  /** Opens an https URL in the system browser (never an embedded window). */
  openExternal?: (url: string) => Promise<void>;
}

export interface AppCoreOptions {
  ports?: AppPorts;
  dataDir: string;
  vault: KeyVault;
  version: string;
  appOrigins: readonly string[];
  /** Overridable for tests; the default builds the real status page client. */
  clientFor?: ProbeClientFactory;
  now?: () => Date;
  log?: (message: string) => void;
}

/**
 * Everything the app does, without Electron: the services, the IPC handlers over them, and the event bus.
 * The Electron main process and the end-to-end harness both build exactly this.
 */
export class AppCore {
  readonly settings: SettingsStore;
  readonly vault: KeyVault;
  readonly accounts: AccountsService;
  readonly events = new EventBus<IpcContract>(ipcContract);
  readonly dispatcher: IpcDispatcher;
  readonly #problems: AppProblem[] = [];
  readonly #options: AppCoreOptions;

  constructor(options: AppCoreOptions) {
    this.#options = options;
    const now = options.now ?? (() => new Date());
    this.vault = options.vault;
    this.settings = new SettingsStore(options.dataDir);
    if (this.settings.problem) {
      this.#problems.push({
        id: randomUUID(),
        kind: 'settings_corrupt',
        message: `${this.settings.problem.message} The old file is at ${this.settings.problem.movedTo}.`,
        at: now().toISOString(),
      });
      options.log?.(`settings: ${this.settings.problem.message} (moved to ${this.settings.problem.movedTo})`);
    }
    this.accounts = new AccountsService({
      settings: this.settings,
      vault: this.vault,
      clientFor: options.clientFor ?? createStatusPageProbeClient,
      now,
    });
    this.dispatcher = createIpcDispatcher(ipcContract, this.#handlers(), {
      appOrigins: options.appOrigins,
      onInternalError: (channel, error) =>
        options.log?.(`ipc ${channel}: internal error: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  problems(): AppProblem[] {
    return [...this.#problems];
  }

  /** A feature found something the user should know (a file moved aside, no keychain): keep it and tell the window. */
  reportProblem(kind: AppProblem['kind'], message: string): void {
    const problem: AppProblem = { id: randomUUID(), kind, message, at: (this.#options.now ?? (() => new Date()))().toISOString() };
    this.#problems.push(problem);
    this.#options.log?.(`problem: ${message}`);
    this.events.emit('app.onProblem', problem);
  }

  #handlers(): InvokeHandlers<IpcContract> {
    return {
      'app.info': async () => ({
        version: this.#options.version,
        dataDir: this.#options.dataDir,
        vault: await this.vault.status(),
        problems: this.problems(),
      }),
      'app.dismissProblem': ({ id }) => {
        const index = this.#problems.findIndex((p) => p.id === id);
        if (index >= 0) this.#problems.splice(index, 1);
        return { dismissed: index >= 0 };
      },
      // Each feature module adds its channel group here, one line each.
      ...accountHandlers(this.accounts),
    };
  }

  readonly #disposers: Array<() => Promise<void> | void> = [];

  /** Features with timers, servers or open files register their shutdown here. */
  protected onDispose(dispose: () => Promise<void> | void): void {
    this.#disposers.push(dispose);
  }

  async dispose(): Promise<void> {
    // Last registered, first closed: later features may depend on earlier ones.
    for (const dispose of this.#disposers.splice(0).reverse()) {
      try {
        await dispose();
      } catch (error) {
        this.#options.log?.(`shutdown: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
