import { randomUUID } from 'node:crypto';
import { AppError } from '@shared/errors';
import type { OperationsAuthStatus } from '@shared/operations/auth-status';
import type { ForgetResult } from '@shared/operations/forget-result';
import type { OperationsHistoryEntry } from '@shared/operations/history';
import type { OperationsSettingsChange, OperationsSettingsView } from '@shared/operations/operations-settings';
import { OPERATIONS_OUTBOX_ACCOUNT } from '@shared/operations/queued-forget';
import type { TokenSourceKind } from '@shared/operations/token-source';
import type { OutboxService } from '@core/outbox/outbox-service';
import type { SettingsStore } from '@core/settings/settings-store';
import type { KeyVault } from '@core/vault/key-vault';
import { alreadyForgotten, forgottenEarlier } from './already-forgotten';
import { normalizeServiceBaseUrl } from './base-url';
import { classifyForgetError } from './classify-forget-error';
import { forgetAndRecord } from './forget-and-record';
import { FORGET_MESSAGES } from './forget-many';
import { OperationsAuth, type OpenExternal } from './operations-auth';
import { OperationsClient, type OperationsClientOptions } from './operations-client';
import type { QueuedForgetPort } from './operations-outbox-kind';
import { OperationsHistory } from './operations-history';
import { applyOperationsSettingsChange, operationsSettingsView, resolveOperationsSettings } from './operations-settings';
import { QueueUnreachable } from './queue-unreachable';
import type { AccessTokenProvider } from './token-provider';
import type { KnownSecrets } from '@core/security/known-secrets';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';

interface OperationsFeatureOptions {
  settings: SettingsStore;
  /** What the redactor knows: the feature adds the secrets it meets and redacts the history it writes. */
  secrets?: KnownSecrets;
  vault: KeyVault;
  dataDir: string;
  openExternal: () => OpenExternal | undefined;
  /** A file the feature owns was corrupt and moved aside. */
  reportProblem: (message: string) => void;
  /** Where a forget's progress, and a queued name settled for good (the outbox sent it, or gave up on it), are told. */
  events?: Publisher<Pick<AppEvents, 'operations.onProgress' | 'operations.onQueuedResult'>>;
  now?: () => Date;
  log?: (message: string) => void;
  /** Where ADC are looked for (default: this process's environment). */
  env?: NodeJS.ProcessEnv;
  signInTimeoutMs?: number;
  /** Where ADC are exchanged (default Google's token endpoint; tests: the simulator's). */
  adcTokenUrl?: string;
  /** Retry and timeout tuning of the delete client (tests). */
  client?: Pick<OperationsClientOptions, 'attempts' | 'baseDelayMs' | 'maxDelayMs' | 'timeoutMs'>;
  /** The app's outbox: names are queued there when the service cannot be reached. Absent: they fail instead. */
  outbox?: () => Promise<OutboxService>;
}

interface ForgetNamesOptions {
  requestId?: string;
  concurrency?: number;
  signal?: AbortSignal;
}

/**
 * Forgetting long-running operations in the app: the service settings, the token sources, the delete
 * client and the history. `forgetNames` is the panel's way in; names it cannot deliver because the service is
 * unreachable wait in the outbox, whose `operations.delete` kind sends them through `forgetQueued`.
 */
export class OperationsFeature implements QueuedForgetPort {
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
      ...(options.adcTokenUrl === undefined ? {} : { adcTokenUrl: options.adcTokenUrl }),
      ...(options.secrets ? { note: (secret: string) => options.secrets!.add(secret) } : {}),
    });
    this.history = new OperationsHistory({
      dataDir: options.dataDir,
      ...(options.now ? { now: options.now } : {}),
      onProblem: options.reportProblem,
      ...(options.secrets ? { redact: <T>(entry: T) => options.secrets!.redactValue(entry) } : {}),
    });
    // Read once at start-up so a corrupt file is reported now, not the first time the panel opens.
    this.#safely(() => this.history.list());
  }

  settingsView(): OperationsSettingsView {
    return operationsSettingsView(this.#options.settings.get().operations);
  }

  /** Saves a change; credentials bound to the old addresses are removed, and the view says so. */
  async updateSettings(change: OperationsSettingsChange): Promise<OperationsSettingsView> {
    const before = resolveOperationsSettings(this.#options.settings.get().operations);
    const next = this.#options.settings.update((draft) => {
      draft.operations = applyOperationsSettingsChange(draft.operations, change);
    });
    const notice = await this.auth.forgetCredentialsAfterMove(before, resolveOperationsSettings(next.operations));
    const view = operationsSettingsView(next.operations);
    return notice === null ? view : { ...view, notice };
  }

  status(): Promise<OperationsAuthStatus> {
    return this.auth.status();
  }

  async signIn(options: { sessionOnly?: boolean } = {}): Promise<OperationsAuthStatus> {
    await this.auth.signIn(options);
    this.#wakeQueued();
    return this.status();
  }

  async signOut(): Promise<{ message: string; revoked: boolean; status: OperationsAuthStatus }> {
    const result = await this.auth.signOut();
    return { ...result, status: await this.status() };
  }

  pasteToken(token: string): Promise<OperationsAuthStatus> {
    this.auth.pasteToken(token);
    this.#wakeQueued();
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
    if (enabled) this.#wakeQueued();
    return this.status();
  }

  /**
   * Forgets each name with the active token source and records the names sent. One result per name, in
   * order; a malformed name is refused on its own and nothing is sent for it. When the service cannot be
   * reached, names are queued in the outbox (outcome `queued`) and recorded once it has sent them. Throws only
   * when there is no token source at all.
   */
  async forgetNames(names: readonly string[], options: ForgetNamesOptions = {}): Promise<ForgetResult[]> {
    const source = await this.auth.active();
    const client = this.#client(this.configuredBaseUrl(), source.provider);
    const divert = await this.#queueFor(client.baseUrl);
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
      ...(divert ? { divert } : {}),
      onResult: (result) => {
        done++;
        this.#options.events?.publish('operations.onProgress', { ...(options.requestId ? { requestId: options.requestId } : {}), done, total, result });
      },
      onHistoryError: (error) => this.#options.log?.(`operations history: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  configuredBaseUrl(): string {
    return normalizeServiceBaseUrl(resolveOperationsSettings(this.#options.settings.get().operations).baseUrl);
  }

  async checkAccess(): Promise<void> {
    await this.auth.active();
  }

  /**
   * One queued name, sent by the outbox: the same token order and client as the panel, but one attempt per
   * call (the outbox owns retries and waiting for the service). A final result goes in the history and to the
   * window; a failure worth retrying is thrown without a trace in the history.
   */
  async forgetQueued(request: { outboxId: string; name: string; baseUrl: string; earlierAttempt: boolean; signal: AbortSignal }): Promise<ForgetResult> {
    const { name } = request;
    const source = await this.auth.active();
    const client = this.#client(request.baseUrl, source.provider, { attempts: 1 });
    let result: ForgetResult;
    try {
      const success = await client.forget(name, { signal: request.signal });
      result = { name, outcome: success.outcome, status: success.status, message: FORGET_MESSAGES[success.outcome] };
    } catch (error) {
      const gone = error instanceof AppError && error.code === 'not_found' && error.status === 404;
      const at = gone && !request.earlierAttempt ? forgottenEarlier(this.history, client.baseUrl, (e) => this.#logHistory(e)).get(name) : undefined;
      if (gone && request.earlierAttempt) result = { name, outcome: 'already_gone', status: 404, message: FORGET_MESSAGES.already_gone };
      else if (gone && at !== undefined) result = alreadyForgotten(name, at, 404);
      else {
        if (classifyForgetError(error).type === 'permanent') this.#settleQueued(request.outboxId, client.baseUrl, source.kind, failedResult(name, error));
        throw error;
      }
    }
    this.#settleQueued(request.outboxId, client.baseUrl, source.kind, result);
    return result;
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

  #client(baseUrl: string, provider: AccessTokenProvider, tuning: Pick<OperationsClientOptions, 'attempts'> = {}): OperationsClient {
    return new OperationsClient({
      ...this.#options.client,
      ...tuning,
      baseUrl,
      tokenProvider: provider,
      onAttempt: (event) => this.#options.log?.(`operations: ${event.name} attempt ${event.attempt}: ${event.result}`),
    });
  }

  /** Queues unreachable names when the app has an outbox; without one (or if it cannot open) they fail as before. */
  async #queueFor(baseUrl: string): Promise<QueueUnreachable | null> {
    if (!this.#options.outbox) return null;
    try {
      return new QueueUnreachable(await this.#options.outbox(), baseUrl);
    } catch (error) {
      this.#options.log?.(`operations: the outbox is not available: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  #settleQueued(outboxId: string, baseUrl: string, source: TokenSourceKind, result: ForgetResult): void {
    try {
      this.history.append([{ ...result, batchId: randomUUID(), baseUrl, source }]);
    } catch (error) {
      this.#logHistory(error);
    }
    this.#options.events?.publish('operations.onQueuedResult', { outboxId, result });
  }

  /** Access may have just appeared: queued names that waited for a token try again now. */
  #wakeQueued(): void {
    const open = this.#options.outbox;
    if (!open) return;
    void open()
      .then((outbox) => outbox.flush({ accountIds: [OPERATIONS_OUTBOX_ACCOUNT], timeoutMs: 30_000, report: false }))
      .catch(() => undefined);
  }

  #logHistory(error: unknown): void {
    this.#options.log?.(`operations history: ${error instanceof Error ? error.message : String(error)}`);
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

function failedResult(name: string, error: unknown): ForgetResult {
  if (!(error instanceof AppError)) return { name, outcome: 'failed', code: 'internal', message: 'Something went wrong inside Statusdesk.' };
  return { name, outcome: 'failed', code: error.code, ...(error.status === undefined ? {} : { status: error.status }), message: error.message };
}
