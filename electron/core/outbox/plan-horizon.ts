import type { OutboxWaitReason } from '@shared/outbox/entry-view';
import type { EntryHeader } from './entry';
import type { PlanHorizon, PlanInput } from './plan-input';

/*
 * Where a scheduling pass may stop. A write goes nowhere while its server cannot take one: unreachable, or not
 * answered yet with a write already on its way (one at a time goes to such a server). So once every write left
 * in the queue goes to such a server, nothing more can start, and the pass stops there: offline, a command that
 * queues one write behind thousands looks at none of them (it looked at every one, several times per command).
 * Why a write the pass did not reach waits is worked out for that write alone when asked: the checks of its
 * own (dependencies, key, reachability, pause, backoff) in the pass's order, and its key's order from the
 * writes on that key only. Past those checks it waits for its server ('concurrency'), as the whole pass says.
 */

/**
 * Per resource key, in queue order: only the oldest unsent write is a candidate, but for pipelined writes (a
 * metric's points) behind writes that are all going already. Fed the unsent writes not alone on their key.
 */
export class KeyOrder {
  readonly #seen = new Set<string>();
  /** Keys whose every unsent write so far is pipelined and in flight or starting: the next pipelined one may start. */
  readonly #open = new Set<string>();
  readonly #pipelined: (entry: EntryHeader) => boolean;

  constructor(pipelined: (entry: EntryHeader) => boolean) {
    this.#pipelined = pipelined;
  }

  /** The next write on its key: false when one before it holds it back. `going`: in flight, or being started. */
  admit(entry: EntryHeader, going: boolean): boolean {
    const key = entry.resourceKey;
    const piped = this.#open.has(key) && this.#pipelined(entry);
    if (this.#seen.has(key) && !piped) {
      this.#open.delete(key);
      return false;
    }
    this.#seen.add(key);
    // A write in flight keeps the key open to the pipelined writes behind it; any other closes it.
    if (going && this.#pipelined(entry)) this.#open.add(key);
    else if (piped) this.#open.delete(key);
    return true;
  }

  /** The pass starts the write: pipelined writes behind it may start too. */
  started(entry: EntryHeader): void {
    if (this.#pipelined(entry)) this.#open.add(entry.resourceKey);
  }
}

/** Why a pending write waits for reasons of its own (not of the writes before it), or null. Backoffs and pauses set `wake`. */
export function gateReason(
  entry: EntryHeader,
  input: PlanInput,
  stateOf: (id: string) => EntryHeader['state'] | undefined,
  wake: (at: number) => void,
): OutboxWaitReason | null {
  if (
    entry.dependsOn.length > 0 &&
    entry.dependsOn.some((id) => {
      const state = stateOf(id);
      return state !== undefined && state !== 'sent';
    })
  ) {
    return 'dependency';
  }
  if (input.blocked.has(entry.id)) return 'no_key';
  if (!input.reachable(entry)) return 'offline';
  const paused = input.pausedUntil.get(entry.accountId);
  if (paused !== undefined && paused > input.now) {
    wake(paused);
    return 'rate_limited';
  }
  const retryAt = input.nextAttemptAt.get(entry.id);
  if (retryAt !== undefined && retryAt > input.now) {
    wake(retryAt);
    return 'backoff';
  }
  return null;
}

interface Beyond {
  /** The seq of the first write the pass did not look at. */
  from: number;
  horizon: PlanHorizon;
  /** What the pass started. */
  started: ReadonlySet<string>;
}

const noWake = () => undefined;

/** Why each pending write waits, as of one pass: those it looked at are noted, the others worked out when asked. */
export class WaitingReasons {
  readonly #noted: Map<string, OutboxWaitReason>;
  readonly #beyond: Beyond | null;
  readonly #input: PlanInput;
  readonly #stateOf: (id: string) => EntryHeader['state'] | undefined;
  /** Writes past the pass that head their key (or may follow pipelined writes going), worked out per key once. */
  readonly #admitted = new Map<string, boolean>();

  constructor(noted: Map<string, OutboxWaitReason>, beyond: Beyond | null, input: PlanInput, stateOf: (id: string) => EntryHeader['state'] | undefined) {
    this.#noted = noted;
    this.#beyond = beyond;
    this.#input = input;
    this.#stateOf = stateOf;
  }

  get(id: string): OutboxWaitReason | undefined {
    const noted = this.#noted.get(id);
    if (noted !== undefined || this.#beyond === null) return noted;
    const entry = this.#beyond.horizon.entryOf(id);
    return entry === undefined ? undefined : this.of(entry);
  }

  /** get() for an entry at hand. Not noted: each is asked about once or twice per pass (a flush's report). */
  of(entry: EntryHeader): OutboxWaitReason | undefined {
    if (this.#beyond === null || entry.seq < this.#beyond.from) return this.#noted.get(entry.id);
    return this.#reasonPast(entry);
  }

  /** As the pass would have said: it waits for its key, for a reason of its own, or for its server. */
  #reasonPast(entry: EntryHeader): OutboxWaitReason | undefined {
    const input = this.#input;
    if (entry.state !== 'pending') return undefined;
    const alone = input.aloneOnKey?.(entry) ?? false;
    if (!alone && !this.#headsKey(entry)) return 'order';
    if (input.running.has(entry.id)) return undefined;
    return gateReason(entry, input, this.#stateOf, noWake) ?? 'concurrency';
  }

  #headsKey(entry: EntryHeader): boolean {
    const known = this.#admitted.get(entry.id);
    if (known !== undefined) return known;
    const beyond = this.#beyond!;
    const keys = new KeyOrder(this.#input.pipelined ?? (() => false));
    for (const other of beyond.horizon.onKey(entry.resourceKey)) {
      if (other.state === 'sent') continue;
      const started = other.state === 'pending' && this.#input.running.has(other.id);
      const admitted = keys.admit(other, started || other.state === 'in_flight');
      this.#admitted.set(other.id, admitted);
      if (admitted && beyond.started.has(other.id)) keys.started(other);
    }
    return this.#admitted.get(entry.id) ?? true;
  }
}
