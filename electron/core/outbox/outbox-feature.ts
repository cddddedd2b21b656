import { AppError } from '@shared/errors';
import type { OutboxEnqueueInput, OutboxEnqueueResult } from '@shared/outbox/requests';
import type { OutboxChange } from '@shared/outbox/status';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';
import type { AccountsService } from '@core/accounts/accounts-service';
import type { NetworkSignals } from '@core/connectivity/network-signals';
import type { SystemSignals } from '@core/monitor/system-signals';
import { openStatusPageOutbox } from './create-statuspal-outbox';
import { checkWrite, keepWrite } from './kept-write';
import { OutboxKindRegistry, type OutboxKindHandler } from './kinds';
import type { OutboxService } from './outbox-service';
import { OutboxHandoffReceiver } from './outbox-handoff';
import { openWhenFree, type OutboxBusyError } from './outbox-lock';
import { accountsPortOf } from './statuspal/accounts-port';
import { createStatusPageOutboxKind } from './statuspal/statuspal-kind';
import { StatusPageTargets } from './statuspal/targets';

/** The monitor's power and network port, seen as the outbox's network signals. */
function networkSignalsOf(signals: SystemSignals): NetworkSignals {
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

interface OutboxFeatureOptions {
  dataDir: string;
  accounts: AccountsService;
  signals?: SystemSignals;
  /** Where the outbox tells its changes, each write the server confirmed (with its answer), and that it opened. */
  events: Publisher<OutboxBusEvents>;
  reportProblem: (message: string) => void;
  log?: (message: string) => void;
  /** After how long a command's hold on the outbox is reported to the user (default 60 s: longer than a command's flush). */
  lockWaitMs?: number;
  /** How often the app looks again while a command holds the outbox (default 1 s). */
  lockRetryMs?: number;
}

/** What the outbox publishes to the app's bus. */
type OutboxBusEvents = Pick<AppEvents, 'outbox.onChange' | 'outbox.writeSent' | 'outbox.opened'>;

const COMMAND_LOCK_WAIT_MS = 60_000;

/** The words for a command holding the outbox, to the window: who, that the app keeps trying, and that writes are kept. */
function heldText(holder: OutboxBusyError): string {
  return `A statusdesk command (pid ${holder.holderPid}) is using the outbox; the app takes it over as soon as that command is done. Writes you make meanwhile are kept and sent then.`;
}

/**
 * The outbox as the app runs it: opened on first use (it takes the file lock), started, and closed on quit.
 *
 * A command (statusdesk incidents …, outbox flush) holds the outbox for seconds, or longer (a long `outbox flush
 * --timeout`, a server that never answers). The app never gives up on it: it keeps trying to
 * open it, says so once the wait is long, and keeps the window's writes meanwhile (kept-write.ts), never
 * refusing one because a command is busy; its other calls say who holds the outbox instead of hanging.
 */
export class OutboxFeature {
  readonly #options: OutboxFeatureOptions;
  #opening: Promise<OutboxService> | null = null;
  #open: OutboxService | null = null;
  /** The command holding the outbox while the app waits for it. */
  #heldBy: OutboxBusyError | null = null;
  #heldListeners: Array<() => void> = [];
  #reportedHold = false;
  #disposed = false;
  #wakeUp: (() => void) | null = null;
  #unsubscribe: (() => void) | null = null;
  #handoff: OutboxHandoffReceiver | null = null;
  readonly #extraKinds: OutboxKindHandler[] = [];
  #kinds: OutboxKindRegistry | null = null;

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

  /** The open outbox; while a command holds it, once that command is done. A failed open is not kept: the next call tries again. */
  service(): Promise<OutboxService> {
    this.#opening ??= this.#openOutbox().then(
      (outbox) => {
        this.#open = outbox;
        this.#heldBy = null;
        this.#heldListeners = [];
        return outbox;
      },
      (error: unknown) => {
        this.#opening = null;
        throw error;
      },
    );
    return this.#opening;
  }

  /** Starts opening the outbox; resolves once it is open, or once a command is found holding it (the app goes on meanwhile). */
  async start(): Promise<void> {
    await Promise.race([this.service(), this.#whenHeld()]);
  }

  /** The outbox for a call of the window: at once when open; while a command holds it, that said instead of a wait. */
  async ready(): Promise<OutboxService> {
    if (this.#open) return this.#open;
    const outbox = await Promise.race([this.service(), this.#whenHeld().then(() => null)]);
    if (outbox) return outbox;
    throw new AppError('conflict', heldText(this.#heldBy!));
  }

  /** A write of the window: queued, or while a command holds the outbox, kept until the outbox is free (never refused for it). */
  async enqueue(request: OutboxEnqueueInput): Promise<OutboxEnqueueResult> {
    if (this.#open) return this.#open.enqueue(request);
    const outbox = await Promise.race([this.service(), this.#whenHeld().then(() => null)]);
    if (outbox) return outbox.enqueue(request);
    return keepWrite(this.#options.dataDir, this.#kindsForChecks(), request);
  }

  /**
   * A batch of the window's writes (a metric file's points) in one fsync; while a command holds the outbox, each
   * is kept in turn, in order, after all of them were checked (the hand-over folder takes one write per file).
   */
  async enqueueMany(requests: readonly OutboxEnqueueInput[]): Promise<OutboxEnqueueResult[]> {
    if (this.#open) return this.#open.enqueueMany(requests);
    const outbox = await Promise.race([this.service(), this.#whenHeld().then(() => null)]);
    if (outbox) return outbox.enqueueMany(requests);
    const kinds = this.#kindsForChecks();
    requests.forEach((request, index) => checkWrite(kinds, request, index, requests.length));
    const results: OutboxEnqueueResult[] = [];
    for (const request of requests) results.push(await keepWrite(this.#options.dataDir, kinds, request));
    return results;
  }

  /** The account's key was replaced (Settings): what the old key was refused for goes back to waiting. */
  async keyChanged(accountId: string): Promise<void> {
    await (await this.service()).keyChanged(accountId);
  }

  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#wakeUp?.();
    if (!this.#opening) return;
    const outbox = await this.#opening.catch(() => null);
    await this.#handoff?.stop();
    this.#unsubscribe?.();
    await outbox?.stop({ abortAfterMs: 2_000 });
  }

  async #openOutbox(): Promise<OutboxService> {
    const waitMs = this.#options.lockWaitMs ?? COMMAND_LOCK_WAIT_MS;
    // A command may hold the outbox for seconds, or much longer: wait for it as long as it takes, and say so.
    const { outbox } = await openWhenFree(
      () => {
        if (this.#disposed) return Promise.reject(new AppError('cancelled', 'The app is quitting.'));
        return openStatusPageOutbox({
          dataDir: this.#options.dataDir,
          owner: 'app',
          accounts: accountsPortOf(this.#options.accounts),
          // STATUSDESK_API_KEY is the command line's: the app never sends with it, whatever its environment holds.
          env: {},
          ...(this.#options.signals ? { signals: networkSignalsOf(this.#options.signals) } : {}),
          onProblem: (problem) => this.#options.reportProblem(problem.message),
          extraKinds: this.#extraKinds,
        });
      },
      {
        timeoutMs: Number.POSITIVE_INFINITY,
        waitFor: 'cli',
        intervalMs: this.#options.lockRetryMs ?? 1_000,
        sleep: (ms) => this.#sleep(ms),
        onBusy: (holder, waitedMs) => this.#held(holder, waitedMs >= waitMs),
      },
    );
    if (this.#reportedHold) this.#options.log?.('outbox: the command that held it is done; the app has it again');
    this.#unsubscribe = outbox.onChange((change) => this.#publish(outbox, change));
    outbox.start();
    // Writes the command line hands over while the app owns the outbox (and the window's, kept while a command held it).
    this.#handoff = new OutboxHandoffReceiver({ dataDir: this.#options.dataDir, outbox, reportProblem: this.#options.reportProblem });
    await this.#handoff
      .start()
      .catch((error: unknown) => this.#options.log?.(`outbox hand-off folder unavailable: ${error instanceof Error ? error.message : String(error)}`));
    this.#options.events.publish('outbox.opened', { entries: outbox.list() });
    return outbox;
  }

  /** A change; a write the server confirmed carries the answer the outbox kept, so no one needs to read it again. */
  #publish(outbox: OutboxService, change: OutboxChange): void {
    if (change.type !== 'entry' || change.entry.state !== 'sent') {
      this.#options.events.publish('outbox.onChange', change);
      return;
    }
    const answer = outbox.resultObject(change.entry.id);
    const kept = answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? { answer: answer as Record<string, unknown> } : {};
    this.#options.events.publish('outbox.onChange', { ...change, ...kept });
    this.#options.events.publish('outbox.writeSent', { entry: change.entry, answer });
  }

  /** A command holds the outbox: waiting calls hear of it; a long hold is reported once. */
  #held(holder: OutboxBusyError, long: boolean): void {
    this.#heldBy = holder;
    for (const listener of this.#heldListeners.splice(0)) listener();
    if (long && !this.#reportedHold) {
      this.#reportedHold = true;
      this.#options.reportProblem(heldText(holder));
    }
  }

  /** Resolves once a command is known to hold the outbox (at once if one does now). */
  #whenHeld(): Promise<void> {
    if (this.#heldBy) return Promise.resolve();
    return new Promise((resolve) => this.#heldListeners.push(resolve));
  }

  /** A wait between tries that the app's quit cuts short. */
  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      this.#wakeUp = done;
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** The kinds, to check a write kept while a command holds the outbox (the same checks enqueue makes). */
  #kindsForChecks(): OutboxKindRegistry {
    this.#kinds ??= new OutboxKindRegistry([
      createStatusPageOutboxKind({ targets: new StatusPageTargets({ accounts: accountsPortOf(this.#options.accounts), env: {} }) }),
      ...this.#extraKinds,
    ]);
    return this.#kinds;
  }
}
