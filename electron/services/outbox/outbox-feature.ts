import { AppError } from '../../../shared/errors';
import type { OutboxChange } from '../../../shared/outbox/status';
import type { AccountsService } from '../accounts/accounts-service';
import type { NetworkSignals } from '../connectivity/network-signals';
import type { SystemSignals } from '../monitor/system-signals';
import { openStatusPageOutbox } from './create-statuspage-outbox';
import type { OutboxKindHandler } from './kinds';
import type { OutboxService } from './outbox-service';
import { OutboxHandoffReceiver } from './outbox-handoff';
import { openWhenFree } from './outbox-lock';
import { accountsPortOf } from './statuspage/accounts-port';

/** The monitor's power and network port, seen as the outbox's network signals. */
export function networkSignalsOf(signals: SystemSignals): NetworkSignals {
  return {
    isOnline: () => signals.isOnline(),
    onChange: (callback) => {
      const offOnline = signals.onOnline(() => callback(true));
      const offOffline = signals.onOffline(() => callback(false));
      return () => {
        offOnline();
        offOffline();
      };
    },
  };
}

export interface OutboxFeatureOptions {
  dataDir: string;
  accounts: AccountsService;
  signals?: SystemSignals;
  onChange: (change: OutboxChange) => void;
  reportProblem: (message: string) => void;
  log?: (message: string) => void;
  /** How long to wait for a command that holds the outbox (default 60 s: longer than a command's flush). */
  lockWaitMs?: number;
}

const COMMAND_LOCK_WAIT_MS = 60_000;

/** The outbox as the app runs it: opened on first use (it takes the file lock), started, and closed on quit. */
export class OutboxFeature {
  readonly #options: OutboxFeatureOptions;
  #opening: Promise<OutboxService> | null = null;
  #unsubscribe: (() => void) | null = null;
  #handoff: OutboxHandoffReceiver | null = null;
  readonly #extraKinds: OutboxKindHandler[] = [];

  constructor(options: OutboxFeatureOptions) {
    this.#options = options;
  }

  /**
   * Adds the write kind of a feature built after the outbox (operations.delete), so features are built in
   * dependency order: the outbox first, then those that queue writes through it and send them.
   */
  registerKind(kind: OutboxKindHandler): void {
    if (this.#opening !== null) throw new AppError('internal', `The outbox is already open; register ${kind.kind} before it opens.`);
    this.#extraKinds.push(kind);
  }

  /** The open outbox. A failed open is not kept: the next call tries again. */
  service(): Promise<OutboxService> {
    this.#opening ??= this.#open().catch((error: unknown) => {
      this.#opening = null;
      throw error;
    });
    return this.#opening;
  }

  async #open(): Promise<OutboxService> {
    // A command (statusdesk incidents …, outbox flush) may hold the outbox for a few seconds: wait for it.
    const { outbox } = await openWhenFree(
      () =>
        openStatusPageOutbox({
          dataDir: this.#options.dataDir,
          owner: 'app',
          accounts: accountsPortOf(this.#options.accounts),
          ...(this.#options.signals ? { signals: networkSignalsOf(this.#options.signals) } : {}),
          onProblem: (problem) => this.#options.reportProblem(problem.message),
          extraKinds: this.#extraKinds,
        }),
      { timeoutMs: this.#options.lockWaitMs ?? COMMAND_LOCK_WAIT_MS, waitFor: 'cli' },
    );
    this.#unsubscribe = outbox.onChange((change) => this.#options.onChange(change));
    outbox.start();
    // Writes the command line hands over while the app owns the outbox.
    this.#handoff = new OutboxHandoffReceiver({ dataDir: this.#options.dataDir, outbox, reportProblem: this.#options.reportProblem });
    await this.#handoff
      .start()
      .catch((error: unknown) => this.#options.log?.(`outbox hand-off folder unavailable: ${error instanceof Error ? error.message : String(error)}`));
    return outbox;
  }

  /** The account's key was replaced (Settings): what the old key was refused for goes back to waiting (issue 25, item 6). */
  async keyChanged(accountId: string): Promise<void> {
    await (await this.service()).keyChanged(accountId);
  }

  async dispose(): Promise<void> {
    if (!this.#opening) return;
    const outbox = await this.#opening.catch(() => null);
    await this.#handoff?.stop();
    this.#unsubscribe?.();
    await outbox?.stop({ abortAfterMs: 2_000 });
  }
}
