import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { OutboxOwnerRole } from '@core/outbox/outbox-lock';
import type { OutboxService } from '@core/outbox/outbox-service';

/** What became of one write when the command was stopped. */
type WriteFate = 'sent' | 'outcome_unknown' | 'queued' | 'handed_over' | 'held' | 'failed' | 'not_queued';

export interface InterruptedWrite {
  id: string;
  fate: WriteFate;
  /** The sentence the report prints for it. */
  text: string;
}

export interface InterruptionReport {
  signal: NodeJS.Signals;
  /** 130 for SIGINT (Ctrl-C), 143 for SIGTERM: 128 + the signal's number, as shells report it. */
  exitCode: number;
  writes: InterruptedWrite[];
  /** One line per write (or one about the outbox), after "interrupted (SIGINT): ". */
  lines: string[];
}

/** 130 for SIGINT (Ctrl-C), 143 for SIGTERM: 128 + the signal's number, as shells report it. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1;
}

/** How long a send in flight may still finish after Ctrl-C before it is cut off (its outcome is then unknown). */
const GRACE_MS = 1_000;

interface NotedWrite {
  id: string;
  /** Being handed over (a file in the outbox's hand-over folder): resolves once durable, rejects if it could not be. */
  handover: Promise<unknown> | null;
  handedTo: { pid: number; role: OutboxOwnerRole } | null;
}

/**
 * What a running command holds and has written, so that Ctrl-C (SIGINT) or SIGTERM stops it cleanly: the
 * outbox is closed (a send in flight gets a moment to finish and is then cut off; the lock is released), and
 * the command ends with one report of what became of each write: sent, outcome unknown (kept and looked up
 * on the server before any resend), queued and kept, or not queued at all. index.ts installs the signal
 * handlers; commands tell it what they open and write (withOutbox, submitWrite).
 */
export class CommandInterruption {
  #outbox: OutboxService | null = null;
  readonly #writes = new Map<string, NotedWrite>();
  /** The command's writes as its outbox last showed them, for a signal that comes after the outbox was closed. */
  readonly #lastSeen = new Map<string, OutboxEntryView>();
  #signal: NodeJS.Signals | null = null;
  #report: Promise<InterruptionReport> | null = null;
  #stopsItself: ((signal: NodeJS.Signals) => void) | null = null;
  #endedBy: NodeJS.Signals | null = null;
  #exitsCleanly = false;
  #handedToCommand = false;

  /** The signal that stopped the command, or null while it runs. */
  get signal(): NodeJS.Signals | null {
    return this.#signal;
  }

  /**
   * A command that ends by itself on a signal (watch: its closing line says what it saw and why it stopped) takes
   * Ctrl-C / SIGTERM instead of the report: `stop` is called with the signal, the command's own output goes on,
   * and the process still exits 130 or 143 once it is done, unless it `exitsCleanly` (serve: a stop asked by a
   * service manager is its normal end, exit 0). Returns the release.
   */
  stopsItself(stop: (signal: NodeJS.Signals) => void, options: { exitsCleanly?: boolean } = {}): () => void {
    this.#stopsItself = stop;
    this.#exitsCleanly = options.exitsCleanly === true;
    return () => {
      if (this.#stopsItself === stop) this.#stopsItself = null;
    };
  }

  /** Hands the signal to a command that stops itself; false when none does (then `settle` reports). */
  handToCommand(signal: NodeJS.Signals): boolean {
    const stop = this.#stopsItself;
    if (stop === null || this.#signal !== null) return false;
    this.#stopsItself = null;
    this.#handedToCommand = true;
    // A service stopped by its manager (serve) has done what was asked: its own exit code stands.
    if (!this.#exitsCleanly) this.#endedBy ??= signal;
    stop(signal);
    return true;
  }

  /** Whether a signal was handed to a command that stops itself: a second one is not the first again. */
  get handedToCommand(): boolean {
    return this.#handedToCommand;
  }

  /** The signal a command that stops itself was ended by, or null. */
  get endedBy(): NodeJS.Signals | null {
    return this.#endedBy;
  }

  outboxOpened(outbox: OutboxService): void {
    this.#outbox = outbox;
  }

  outboxClosed(outbox: OutboxService): void {
    for (const id of this.#writes.keys()) {
      const entry = outbox.get(id);
      if (entry) this.#lastSeen.set(id, entry);
    }
    if (this.#outbox === outbox) this.#outbox = null;
  }

  /** A write the command is about to queue, under the id it will have wherever it ends up. */
  noteWrite(id: string): void {
    if (!this.#writes.has(id)) this.#writes.set(id, { id, handover: null, handedTo: null });
  }

  /** The write is being handed over to whoever owns the outbox (`holder` now); `durable` resolves once it is on disk. */
  handingOver(id: string, durable: Promise<unknown>, holder: { pid: number; role: OutboxOwnerRole }): void {
    const write = this.#writes.get(id) ?? { id, handover: null, handedTo: null };
    write.handover = durable;
    write.handedTo = holder;
    this.#writes.set(id, write);
  }

  /** Stops what the command holds and says what became of its writes; once, whatever the number of signals. */
  settle(signal: NodeJS.Signals): Promise<InterruptionReport> {
    this.#signal ??= signal;
    this.#report ??= this.#settle(this.#signal);
    return this.#report;
  }

  async #settle(signal: NodeJS.Signals): Promise<InterruptionReport> {
    const exitCode = signalExitCode(signal);
    // A hand-over under way finishes (a small file and an fsync): then it either is durable or it is not.
    const handedOver = new Set<string>();
    for (const write of this.#writes.values()) {
      if (write.handover === null) continue;
      if (await write.handover.then(() => true).catch(() => false)) handedOver.add(write.id);
    }
    const outbox = this.#outbox;
    const wasInFlight = new Set<string>();
    let views = new Map<string, OutboxEntryView>();
    let sent = 0;
    if (outbox !== null) {
      for (const entry of outbox.list()) if (entry.state === 'in_flight') wasInFlight.add(entry.id);
      await outbox.stop({ abortAfterMs: GRACE_MS }).catch(() => undefined);
      views = new Map(outbox.list().map((entry) => [entry.id, entry]));
      sent = outbox.sentSinceOpen();
    }
    const writes = [...this.#writes.values()].map((write) =>
      fateOf(write, views.get(write.id) ?? this.#lastSeen.get(write.id), wasInFlight.has(write.id), handedOver.has(write.id)),
    );
    const lines = writes.map((write) => write.text);
    if (writes.length === 0) lines.push(outbox === null ? 'no write was queued or sent' : outboxSummary([...views.values()], wasInFlight, sent));
    return { signal, exitCode, writes, lines };
  }
}

function fateOf(write: NotedWrite, entry: OutboxEntryView | undefined, wasInFlight: boolean, handedOver: boolean): InterruptedWrite {
  const id = write.id;
  const short = id.slice(0, 8);
  if (entry === undefined) {
    if (handedOver && write.handedTo?.role === 'app') {
      return { id, fate: 'handed_over', text: `write ${id} was handed to the running Statusdesk app (pid ${write.handedTo.pid}), which sends it` };
    }
    if (handedOver) {
      return {
        id,
        fate: 'queued',
        text: `write ${id} is queued and kept (in the outbox's hand-over folder): the next statusdesk command or the app sends it ("statusdesk outbox flush")`,
      };
    }
    return { id, fate: 'not_queued', text: `write ${id} was not queued, and nothing was sent` };
  }
  if (entry.state === 'sent') return { id, fate: 'sent', text: `write ${id} was sent${entry.serverId === undefined ? '' : ` (#${entry.serverId})`}` };
  if (entry.state === 'failed') {
    return { id, fate: 'failed', text: `write ${id} was refused by the server and is kept as a failed write (statusdesk outbox retry|drop ${short})` };
  }
  if (entry.state !== 'pending' && entry.state !== 'in_flight') {
    // A conflict, or a create whose look-up found look-alikes: it waits for the user, not for a flush.
    return { id, fate: 'held', text: `write ${id} is kept and held for your choice (statusdesk outbox list)` };
  }
  // Cut off while it was being sent: the request may have reached the server.
  if (wasInFlight || entry.state === 'in_flight' || entry.lastError?.code === 'cancelled') {
    return {
      id,
      fate: 'outcome_unknown',
      text: `write ${id} was being sent: its outcome is unknown; it is kept and looked up on the server before it is ever sent again ("statusdesk outbox flush")`,
    };
  }
  return { id, fate: 'queued', text: `write ${id} is queued and kept; "statusdesk outbox flush" sends it` };
}

/** A command that writes nothing of its own (outbox flush, retry): the outbox as it was left. */
function outboxSummary(entries: OutboxEntryView[], wasInFlight: Set<string>, sent: number): string {
  const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
  const unsent = entries.filter((entry) => entry.state === 'pending' || entry.state === 'in_flight');
  const unknown = unsent.filter((entry) => wasInFlight.has(entry.id)).length;
  const parts = sent > 0 ? [`${sent} ${plural(sent, 'write was', 'writes were')} sent`] : [];
  if (unsent.length === 0) parts.push('nothing in the outbox waits to be sent');
  else {
    const kept = `${unsent.length} ${plural(unsent.length, 'write is', 'writes are')} queued and kept; "statusdesk outbox flush" sends ${plural(unsent.length, 'it', 'them')}`;
    parts.push(
      unknown === 0 ? kept : `${kept} (${unknown} ${plural(unknown, 'was', 'were')} being sent: outcome unknown, looked up on the server before any resend)`,
    );
  }
  return parts.join('; ');
}
