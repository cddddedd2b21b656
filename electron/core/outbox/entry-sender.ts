import type { OutboxError } from '@shared/outbox/entry-view';
import { tempIdsIn } from '@shared/outbox/temp-id';
import type { ConnectivityMonitor } from '@core/connectivity/connectivity-monitor';
import { backoffDelay, type BackoffPolicy } from '@core/timing/backoff';
import type { OutboxEntry } from './entry';
import type { EntryRuntimes } from './entry-runtime';
import type { InFlightLedger } from './in-flight-ledger';
import type { FailureDisposition, OutboxKindHandler, OutboxKindRegistry, SendContext, SendOutcome } from './kinds';
import type { OutboxRecord } from './log-format';
import type { OutboxStore } from './outbox-store';
import { failBehindMissing } from './missing-target';

interface EntrySenderDeps {
  store: OutboxStore;
  kinds: OutboxKindRegistry;
  connectivity: ConnectivityMonitor;
  runtime: EntryRuntimes;
  inFlight: InFlightLedger;
  /** Per account: no sends before this time (a 429's Retry-After); shared with the scheduler. */
  pausedUntil: Map<string, number>;
  backoff: BackoffPolicy;
  now: () => number;
  kindOf: (entry: OutboxEntry) => OutboxKindHandler;
  serverOf: (entry: OutboxEntry) => string | null;
  emitEntry: (entry: OutboxEntry) => void;
  /** One more write is sent (flush reports count them): by this attempt, or found applied by a look-up. */
  onSent: (entry: OutboxEntry, foundOnServer: boolean) => void;
  /** A send is over, whatever its outcome: schedule again. */
  afterSend: () => void;
}

/**
 * One send of one entry, from "in flight" to its outcome: precheck (no key here), the kind's send (which
 * reconciles first after an unknown outcome), the server id mapped from the temp id, queued edits rebased on
 * our own new version, and a failure judged by the kind (permanent, retry with backoff or the server's pause,
 * blocked). The scheduling passes (send-pump.ts) decide what to send and when.
 */
export class EntrySender {
  readonly #deps: EntrySenderDeps;

  constructor(deps: EntrySenderDeps) {
    this.#deps = deps;
  }

  #context(signal: AbortSignal, entry: OutboxEntry): SendContext {
    const store = this.#deps.store;
    const kinds = this.#deps.kinds;
    let claimed: Set<string> | undefined;
    return {
      signal,
      now: this.#deps.now,
      noteSending: (stamp) => {
        // This process sends it now: a look-up that finds it later may be finding this send.
        this.#deps.runtime.of(entry.id).sentBeforeOpen = false;
        return store.setState(entry.id, { state: 'in_flight', lastSentAt: new Date(this.#deps.now()).toISOString(), ...stamp });
      },
      get claimed(): ReadonlySet<string> {
        if (!claimed) {
          claimed = new Set();
          for (const entry of store.entries.values()) {
            if (entry.result?.id === undefined || entry.result.id === null) continue;
            const key = kinds.get(entry.kind)?.claimKey?.(entry);
            if (key) claimed.add(key);
          }
        }
        return claimed;
      },
    };
  }

  /** Sends one entry (the scheduler chose it) and records the outcome; never throws. */
  async send(entry: OutboxEntry): Promise<void> {
    const kind = this.#deps.kindOf(entry);
    const runtime = this.#deps.runtime.of(entry.id);
    const { signal, release } = this.#deps.inFlight.begin(entry, kind.exclusivityKey?.(entry) ?? null, entry.reconcile === true, this.#deps.serverOf(entry));
    try {
      const blocked = await kind.precheck?.(entry).catch(() => null);
      if (blocked) {
        await this.#applyFailure(entry, kind, blocked, false);
        return;
      }
      await this.#deps.store.setState(entry.id, {
        state: 'in_flight',
        attempts: entry.attempts + 1,
        // A look-up comes first when the outcome of the last attempt is unknown; the kind notes the send then.
        ...(entry.reconcile ? {} : { lastSentAt: new Date(this.#deps.now()).toISOString() }),
        ...this.#offsetOnce(entry, kind),
      });
      this.#deps.emitEntry(entry);
      // Without a look-up first, this attempt is a send of this process.
      if (!entry.reconcile) runtime.sentBeforeOpen = false;
      const unresolved = [...tempIdsIn(entry.input)];
      if (unresolved.length > 0) {
        const error: OutboxError = { code: 'invalid_input', message: `It refers to ${unresolved[0]}, whose create is no longer in the outbox.` };
        await this.#applyFailure(entry, kind, { type: 'permanent', error }, true);
        return;
      }
      const ctx = this.#context(signal, entry);
      let outcome: SendOutcome;
      try {
        outcome = await kind.send(entry, entry.input, ctx);
      } catch (error) {
        await this.#applyFailure(entry, kind, kind.classify(error, entry), true);
        return;
      }
      const server = this.#deps.serverOf(entry);
      if (server !== null) this.#deps.connectivity.reportSuccess(server);
      runtime.failures = 0;
      runtime.nextAttemptAt = undefined;
      if (outcome.type === 'conflict') {
        await this.#deps.store.setState(entry.id, { state: 'conflict', conflict: outcome.conflict, lastError: null, reconcile: false });
        this.#deps.emitEntry(entry);
        return;
      }
      if (outcome.type === 'needs_look') {
        // Still of unknown outcome (reconcile stays): a retry looks again; the user's choice settles it.
        await this.#deps.store.setState(entry.id, { state: 'needs_look', lookup: outcome.lookup, lastError: null });
        this.#deps.emitEntry(entry);
        return;
      }
      await this.#rebaseFollowers(entry, kind, outcome, ctx);
      const records: OutboxRecord[] = [];
      // The mapping first: a write cut short can lose the "sent", never keep it without the mapping.
      if (entry.tempId !== undefined && outcome.serverId !== undefined) {
        records.push({ t: 'map', tempId: entry.tempId, serverId: outcome.serverId, at: this.#deps.now() });
      }
      records.push({ t: 'state', id: entry.id, state: 'sent', result: outcome.result, lastError: null, conflict: null, reconcile: false });
      const changed = entry.tempId !== undefined ? this.#deps.store.referencing(entry.tempId).filter((e) => e.id !== entry.id && e.state !== 'sent') : [];
      // Applied in memory now; the next write of this resource may start before this record's fsync: its own
      // "in flight" record follows this one in the file, so both are durable before it leaves. Were we to
      // crash first, the entry is found in flight on restart and reconciled (found sent), never resent.
      void this.#deps.store.commit(records).catch(() => undefined);
      this.#deps.onSent(entry, outcome.foundOnServer === true && runtime.sentBeforeOpen === true);
      this.#deps.runtime.rememberObject(entry.id, outcome.object);
      this.#deps.emitEntry(entry);
      for (const other of changed) this.#deps.emitEntry(other);
    } catch {
      // The file could not be written: keep the entry as it is in memory and try again later.
      runtime.failures++;
      runtime.nextAttemptAt = this.#deps.now() + backoffDelay(runtime.failures - 1, this.#deps.backoff);
      if (entry.state === 'in_flight') {
        entry.state = 'pending';
        entry.reconcile = true;
        entry.firstSentAt ??= entry.lastSentAt;
      }
    } finally {
      release();
      this.#deps.afterSend();
    }
  }

  /**
   * The look-up's window opens at the first attempt that may have been applied: one whose outcome is unknown.
   * An attempt that never reached the server (refused, no name, offline) or was answered "not applied" opens
   * nothing: a colleague's identical write made after it is not ours.
   */
  #windowStart(entry: OutboxEntry): { firstSentAt?: string } {
    if (entry.firstSentAt !== undefined) return {};
    return { firstSentAt: entry.lastSentAt ?? new Date(this.#deps.now()).toISOString() };
  }

  /** The server's clock offset, recorded once: the first known value is the one nearest the first send. */
  #offsetOnce(entry: OutboxEntry, kind: OutboxKindHandler): { serverOffsetMs?: number } {
    if (entry.serverOffsetMs !== undefined) return {};
    let offset: number | null;
    try {
      offset = kind.clockOffsetMs?.(entry) ?? null;
    } catch {
      offset = null;
    }
    return offset === null ? {} : { serverOffsetMs: offset };
  }

  async #rebaseFollowers(entry: OutboxEntry, kind: OutboxKindHandler, outcome: SendOutcome, ctx: SendContext): Promise<void> {
    if (!kind.rebase) return;
    const followers = this.#deps.store
      .onResource(entry.resourceKey)
      .filter((e) => e.id !== entry.id && e.state === 'pending' && e.baseUpdatedAt !== undefined && e.seq > entry.seq);
    if (followers.length === 0) return;
    let changes;
    try {
      changes = await kind.rebase(entry, outcome, followers, ctx);
    } catch {
      return; // Worst case a follower is held as a conflict the user settles: never a silent overwrite.
    }
    if (changes.length > 0) await this.#deps.store.commit(changes.map((c) => ({ t: 'edit', id: c.id, baseUpdatedAt: c.baseUpdatedAt })));
  }

  async #applyFailure(entry: OutboxEntry, kind: OutboxKindHandler, disposition: FailureDisposition, wasSent: boolean): Promise<void> {
    const now = this.#deps.now();
    // The API answered (a 4xx, a 5xx, a 429): it is there, whatever it said; the writes behind need no other verdict.
    const status = disposition.error.status;
    const server = this.#deps.serverOf(entry);
    if (server !== null && status !== undefined && status >= 400 && !(disposition.type === 'retry' && disposition.offline)) {
      this.#deps.connectivity.reportSuccess(server);
    }
    if (disposition.type === 'permanent') {
      await this.#deps.store.setState(entry.id, { state: 'failed', lastError: disposition.error, reconcile: false });
      // A 404 on the item it changes: the writes queued behind it on that item fail with it (missing-target.ts).
      const behind = failBehindMissing(entry, disposition.error, this.#deps.store.entries.values());
      if (behind.records.length > 0) await this.#deps.store.commit(behind.records);
      for (const other of behind.dependents) this.#deps.emitEntry(other);
    } else if (disposition.type === 'blocked') {
      this.#deps.runtime.of(entry.id).blocked = true;
      await this.#deps.store.setState(entry.id, { state: 'pending', lastError: disposition.error });
    } else {
      const runtime = this.#deps.runtime.of(entry.id);
      const failures = ++runtime.failures;
      let delay: number;
      if (disposition.rateLimited) {
        // Everyone on the account waits, as the server asked.
        const pause = disposition.retryAfterMs ?? 1_000;
        this.#deps.pausedUntil.set(entry.accountId, Math.max(this.#deps.pausedUntil.get(entry.accountId) ?? 0, now + pause));
        delay = pause;
      } else if (disposition.offline) {
        if (server !== null) this.#deps.connectivity.reportFailure(server);
        // The connectivity probe gates the retry; backoff only when the server keeps failing after answering.
        delay = failures <= 1 ? 0 : backoffDelay(failures - 2, this.#deps.backoff);
      } else {
        delay = disposition.retryAfterMs ?? backoffDelay(failures - 1, this.#deps.backoff);
      }
      runtime.nextAttemptAt = delay > 0 ? now + delay : undefined;
      await this.#deps.store.setState(entry.id, {
        state: 'pending',
        lastError: disposition.error,
        ...(wasSent && disposition.ambiguous ? { reconcile: true, ...this.#windowStart(entry), ...this.#offsetOnce(entry, kind) } : {}),
      });
    }
    this.#deps.emitEntry(entry);
  }
}
