import type { OutboxConflict, OutboxError, OutboxLookup, OutboxResult, OutboxServer, ServerId } from '@shared/outbox/entry-view';
import type { ServerProbe } from '@core/connectivity/hello-probe';
import type { EntryHeader, OutboxEntry } from './entry';

/**
 * A kind of write the outbox can carry. The outbox owns durability, ordering, retries, temp ids and
 * connectivity; a kind knows how to validate, send, look on the server after an unknown outcome, and judge
 * errors. `statuspage` (the 34 write operations of the status page API) is the first; the operations-delete
 * feature can register `operations.delete` (`DELETE /v1/{name}`, where a 404 after an unknown outcome
 * means done) without touching the outbox.
 */
export interface PrepareRequest {
  id: string;
  accountId: string;
  server?: OutboxServer;
  operation: string;
  input: Record<string, unknown>;
}

export interface PreparedWrite {
  resourceKey: string;
  /** Set for writes that create an object with an id: `tmp-<entry id>`. */
  tempId?: string;
}

export interface SendContext {
  signal: AbortSignal;
  /** `<resource>:<server id>` of objects already matched to other entries: reconciliation must skip them. */
  claimed: ReadonlySet<string>;
  now: () => number;
  /**
   * Records (durably) that the write itself leaves now: after a look-up found it not applied, or with the moment
   * of writing it carries for the first time (so a look-up after a crash compares what was really sent).
   */
  noteSending(stamp?: { timeOfWriting: { at: string; checked: boolean } }): Promise<void>;
}

export type SendOutcome =
  | {
      type: 'sent';
      result: OutboxResult;
      /** The created object's id, mapped from the entry's temp id. */
      serverId?: ServerId;
      /** The whole server answer, kept in memory for the caller (the CLI prints it). */
      object?: unknown;
      /** A look-up found it applied: an earlier attempt sent it, this one sent nothing (a flush counts it apart). */
      foundOnServer?: boolean;
    }
  | { type: 'conflict'; conflict: OutboxConflict }
  /** A create of unknown outcome whose look-up found look-alikes it cannot tell from ours: the user chooses. */
  | { type: 'needs_look'; lookup: OutboxLookup };

export type FailureDisposition =
  /** The server refused for good (4xx other than 408/429): the failed list, with its reason. */
  | { type: 'permanent'; error: OutboxError }
  /** Try again later. `ambiguous`: it may have been applied (look first). `offline`: the server is unreachable. */
  | { type: 'retry'; error: OutboxError; ambiguous: boolean; offline: boolean; retryAfterMs?: number; rateLimited?: boolean }
  /** This process cannot send it (no key here): wait for a retry, a flush or another process. */
  | { type: 'blocked'; error: OutboxError };

export interface RebaseChange {
  id: string;
  baseUpdatedAt: string;
}

export interface OutboxKindHandler {
  readonly kind: string;
  /** Validates a new write and derives its resource key and temp id. Throws AppError invalid_input. */
  prepare(request: PrepareRequest): PreparedWrite;
  /**
   * The server the entry goes to (connectivity), or null when it cannot be known (account removed). An entry that
   * names its own `server` goes to it whatever Settings say: its answer is remembered for as long as the entry.
   * Asked of the header (entry-table.ts); `whole` reads the rest, for a kind whose server its input may name.
   */
  serverOf(entry: EntryHeader, whole: (entry: EntryHeader) => OutboxEntry): string | null;
  /**
   * `serverOf` answers by the entry's kind, account and named server alone (never its input): it is asked once
   * per such target, not once per write.
   */
  serverByTarget?: boolean;
  /** The entry's server's clock minus ours, when known: kept with the entry for its look-ups. */
  clockOffsetMs?(entry: OutboxEntry): number | null;
  /** A failure to report before anything is marked in flight (no key in this process), or null. */
  precheck?(entry: OutboxEntry): Promise<FailureDisposition | null>;
  /** Reconciles when `entry.reconcile`, checks for conflicts, sends. `input` has temp ids resolved. */
  send(entry: OutboxEntry, input: Record<string, unknown>, ctx: SendContext): Promise<SendOutcome>;
  classify(error: unknown, entry: OutboxEntry): FailureDisposition;
  /** Entries with the same key must not reconcile while another of them is in flight (identical creates). */
  exclusivityKey?(entry: EntryHeader): string | null;
  /**
   * Writes of one resource key whose order of arrival does not matter (a metric's data points, each with its own
   * time): they start in queue order but do not wait for the answer of the one before (dispatch-plan.ts).
   */
  pipelined?(entry: EntryHeader): boolean;
  /** `<resource>:<server id>` of what a sent entry created or changed, for `SendContext.claimed`. */
  claimKey?(entry: OutboxEntry): string | null;
  /** The server's current copy of what an edit targets (conflict resolution). */
  fetchCurrent?(entry: OutboxEntry, input: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown> | null>;
  /**
   * After `sent` went out, queued edits of the same object may need a new base version (our own write moved
   * `updated_at`, which is not a conflict). Called before `sent` is released to the next entry.
   */
  rebase?(sent: OutboxEntry, outcome: SendOutcome, followers: OutboxEntry[], ctx: SendContext): Promise<RebaseChange[]>;
  /** Reachability probe of its servers; default GET /hello. */
  probe?: ServerProbe;
  /** The account's key was replaced: a key read before (and cached for a flush) must not be sent again. */
  keyChanged?(accountId: string): void;
}

/** The kinds an outbox knows, by name. */
export class OutboxKindRegistry {
  readonly #kinds = new Map<string, OutboxKindHandler>();

  constructor(kinds: Iterable<OutboxKindHandler> = []) {
    for (const kind of kinds) this.register(kind);
  }

  register(kind: OutboxKindHandler): void {
    if (this.#kinds.has(kind.kind)) throw new Error(`outbox kind ${kind.kind} is already registered`);
    this.#kinds.set(kind.kind, kind);
  }

  get(kind: string): OutboxKindHandler | undefined {
    return this.#kinds.get(kind);
  }

  has(kind: string): boolean {
    return this.#kinds.has(kind);
  }

  all(): OutboxKindHandler[] {
    return [...this.#kinds.values()];
  }
}
