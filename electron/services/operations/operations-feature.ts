import { AppError } from '../../../shared/errors';
import type { ForgetProgress } from '../../../shared/ipc/channels/operations';
import type { OperationsAuthStatus } from '../../../shared/operations/auth-status';
import type { ForgetResult } from '../../../shared/operations/forget-result';
import type { OperationsHistoryEntry } from '../../../shared/operations/history';
import type { OperationsSettingsChange, OperationsSettingsView } from '../../../shared/operations/operations-settings';
import type { SettingsStore } from '../settings/settings-store';
import type { KeyVault } from '../vault/key-vault';
import { forgetAndRecord } from './forget-and-record';
import { OperationsAuth, type OpenExternal } from './operations-auth';
import { OperationsClient, type OperationsClientOptions } from './operations-client';
import { OperationsHistory } from './operations-history';
import { applyOperationsSettingsChange, operationsSettingsView, resolveOperationsSettings } from './operations-settings';

export interface OperationsFeatureOptions {
  settings: SettingsStore;
  vault: KeyVault;
  dataDir: string;
  openExternal: () => OpenExternal | undefined;
  /** A file the feature owns was corrupt and moved aside. */
  reportProblem: (message: string) => void;
  onProgress?: (progress: ForgetProgress) => void;
  now?: () => Date;
  log?: (message: string) => void;
  /** Where ADC are looked for (default: this process's environment). */
  env?: NodeJS.ProcessEnv;
  signInTimeoutMs?: number;
  /** Retry and timeout tuning of the delete client (tests). */
  client?: Pick<OperationsClientOptions, 'attempts' | 'baseDelayMs' | 'maxDelayMs' | 'timeoutMs'>;
}

export interface ForgetNamesOptions {
  requestId?: string;
  concurrency?: number;
  signal?: AbortSignal;
}

/**
 * Forgetting long-running operations in the app: the service settings, the token sources, the delete
 * client and the history. `forgetNames` is the one way in, so a queued sender can call it later too.
 */
export class OperationsFeature {
  readonly auth: OperationsAuth;
  readonly history: OperationsHistory;
  readonly #options: OperationsFeatureOptions;

  constructor(options: OperationsFeatureOptions) {
    this.#options = options;
    this.auth = new OperationsAuth({
      vault: options.vault,
      settings: () => resolveOperationsSettings(options.settings.get().operations),
      openExternal: options.openExternal,
      ...(options.env ? { env: options.env } : {}),
      ...(options.signInTimeoutMs === undefined ? {} : { signInTimeoutMs: options.signInTimeoutMs }),
    });
    this.history = new OperationsHistory({
      dataDir: options.dataDir,
      ...(options.now ? { now: options.now } : {}),
      onCorrupt: options.reportProblem,
    });
    // Read once at start-up so a corrupt file is reported now, not the first time the panel opens.
    this.#safely(() => this.history.list());
  }

  settingsView(): OperationsSettingsView {
    return operationsSettingsView(this.#options.settings.get().operations);
  }

  updateSettings(change: OperationsSettingsChange): OperationsSettingsView {
    const next = this.#options.settings.update((draft) => {
      draft.operations = applyOperationsSettingsChange(draft.operations, change);
    });
    return operationsSettingsView(next.operations);
  }

  status(): Promise<OperationsAuthStatus> {
    return this.auth.status();
  }

  async signIn(options: { sessionOnly?: boolean } = {}): Promise<OperationsAuthStatus> {
    await this.auth.signIn(options);
    return this.status();
  }

  async signOut(): Promise<{ message: string; revoked: boolean; status: OperationsAuthStatus }> {
    const result = await this.auth.signOut();
    return { ...result, status: await this.status() };
  }

  pasteToken(token: string): Promise<OperationsAuthStatus> {
    this.auth.pasteToken(token);
    return this.status();
  }

  clearPastedToken(): Promise<OperationsAuthStatus> {
    this.auth.clearPastedToken();
    return this.status();
  }

  /** Turns ADC on or off as a source; remembered, since ADC are a file the user set up, not a secret. */
  useAdc(enabled: boolean): Promise<OperationsAuthStatus> {
    this.#options.settings.update((draft) => {
      const { useAdc: _previous, ...rest } = draft.operations ?? {};
      draft.operations = enabled ? { ...rest, useAdc: true } : rest;
    });
    return this.status();
  }

  /**
   * Forgets each name with the active token source and records the names sent. One result per name, in
   * order; a malformed name is refused on its own and nothing is sent for it. Throws only when there is no
   * token source at all.
   */
  async forgetNames(names: readonly string[], options: ForgetNamesOptions = {}): Promise<ForgetResult[]> {
    const source = await this.auth.active();
    const { baseUrl } = resolveOperationsSettings(this.#options.settings.get().operations);
    const client = new OperationsClient({
      ...this.#options.client,
      baseUrl,
      tokenProvider: source.provider,
      onAttempt: (event) => this.#options.log?.(`operations: ${event.name} attempt ${event.attempt}: ${event.result}`),
    });
    // forgetMany sends a repeated name once and reports it once as it settles.
    const total = new Set(names).size;
    let done = 0;
    return forgetAndRecord({
      client,
      names,
      history: this.history,
      source: source.kind,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.signal ? { signal: options.signal } : {}),
      onResult: (result) => {
        done++;
        this.#options.onProgress?.({ ...(options.requestId ? { requestId: options.requestId } : {}), done, total, result });
      },
      onHistoryError: (error) => this.#options.log?.(`operations history: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  historyEntries(): OperationsHistoryEntry[] {
    return this.#storage('read', () => this.history.list());
  }

  clearHistory(): number {
    return this.#storage('cleared', () => this.history.clear());
  }

  dispose(): void {
    this.auth.cancelSignIn();
  }

  #storage<T>(what: string, work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.#options.log?.(`operations history: ${error instanceof Error ? error.message : String(error)}`);
      throw new AppError('storage', `The operations history (${this.history.filePath}) could not be ${what}.`);
    }
  }

  #safely<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      this.#options.log?.(`operations history: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}
