import type {
  OutboxConflict,
  OutboxEntryView,
  OutboxError,
  OutboxLookup,
  OutboxResult,
  OutboxServer,
  OutboxState,
  OutboxWaitReason,
  ServerId,
} from '@shared/outbox/entry-view';

/** The durable form of a queued write (one `add` record, then state changes). Never holds a key. */
export interface OutboxEntry {
  id: string;
  /** Queue order, global and increasing; ties nothing, orders everything. */
  seq: number;
  kind: string;
  accountId: string;
  server?: OutboxServer;
  operation: string;
  input: Record<string, unknown>;
  resourceKey: string;
  tempId?: string;
  dependsOn: string[];
  baseUpdatedAt?: string;
  createdAt: string;
  /** When the first attempt that may have been applied left (our clock): where the look-up's window opens. */
  firstSentAt?: string;
  /**
   * The server's clock minus ours as known around the first send (see the kind's `clockOffsetMs`): where the
   * write falls on the server's clock even if a clock jumped before its outcome is looked up.
   */
  serverOffsetMs?: number;
  /**
   * The moment of writing on clocks the computer's own cannot move: the time since boot (and
   * which boot), and the server's clock offset when this process knew it then. A queued write publishes the time
   * it was written on the server's clock (statuspal/user-times.ts), even if the computer's clock was wrong then.
   */
  clockAtWrite?: { boot: string; uptimeMs: number; serverOffsetMs?: number };
  /**
   * The moment of writing a queued write carried (starts_at, posted_at), fixed before its first attempt left:
   * every resend carries the same, and the look-up compares it as part of what was sent.
   */
  timeOfWriting?: { at: string; checked: boolean };
  /** When the latest attempt left (our clock): a request cut off then may still be applied a moment later. */
  lastSentAt?: string;
  attempts: number;
  state: OutboxState;
  lastError?: OutboxError;
  result?: OutboxResult;
  conflict?: OutboxConflict;
  /** `needs_look`: the look-alikes the look-up found, for the user to choose from. */
  lookup?: OutboxLookup;
  /** Server ids the user said are not this write's (Send mine): a later look-up never takes them for it. */
  notMine?: ServerId[];
  /** The last send's outcome is unknown (ambiguous error, or a crash while in flight): look before resending. */
  reconcile?: boolean;
}

/**
 * What the scheduler, a status and a flush read of every entry: an entry opened from the checked prefix's index
 * is this much until it is asked for whole (entry-table.ts), so a long queue costs a command little beyond it.
 */
export type EntryHeader = Readonly<
  Pick<OutboxEntry, 'id' | 'seq' | 'kind' | 'accountId' | 'server' | 'operation' | 'state' | 'resourceKey' | 'tempId' | 'dependsOn' | 'attempts' | 'reconcile'>
>;

/** Runtime facts about an entry that are not stored. */
interface EntryRuntime {
  waiting?: OutboxWaitReason;
  nextAttemptAt?: number;
}

export function toView(entry: OutboxEntry, runtime: EntryRuntime = {}): OutboxEntryView {
  const view: OutboxEntryView = {
    id: entry.id,
    kind: entry.kind,
    accountId: entry.accountId,
    operation: entry.operation,
    input: entry.input,
    resourceKey: entry.resourceKey,
    dependsOn: [...entry.dependsOn],
    createdAt: entry.createdAt,
    attempts: entry.attempts,
    state: entry.state,
    seq: entry.seq,
  };
  if (entry.server) view.server = { ...entry.server };
  if (entry.tempId !== undefined) view.tempId = entry.tempId;
  const serverId: ServerId | null | undefined = entry.result?.id;
  if (entry.tempId !== undefined && serverId !== undefined && serverId !== null) view.serverId = serverId;
  if (entry.baseUpdatedAt !== undefined) view.baseUpdatedAt = entry.baseUpdatedAt;
  if (entry.firstSentAt !== undefined) view.firstSentAt = entry.firstSentAt;
  if (entry.lastError) view.lastError = { ...entry.lastError };
  if (entry.result) view.result = entry.result;
  if (entry.conflict) view.conflict = entry.conflict;
  if (entry.lookup) view.lookup = entry.lookup;
  if (entry.state === 'pending' && entry.reconcile) view.outcomeUnknown = true;
  if (entry.state === 'pending' && runtime.waiting) view.waiting = runtime.waiting;
  if (entry.state === 'pending' && runtime.nextAttemptAt !== undefined) view.nextAttemptAt = new Date(runtime.nextAttemptAt).toISOString();
  return view;
}

/**
 * How many entries are in each state (the status bar, the tray, the badge). A create that needs a look waits
 * for the user's choice as a conflict does: it counts among `conflicts`, and `needsLook` says how many.
 */
export function countStates(entries: Iterable<Pick<OutboxEntry, 'state'>>): {
  pending: number;
  inFlight: number;
  failed: number;
  conflicts: number;
  needsLook: number;
  sent: number;
} {
  const counts = { pending: 0, inFlight: 0, failed: 0, conflicts: 0, needsLook: 0, sent: 0 };
  for (const entry of entries) {
    if (entry.state === 'pending') counts.pending++;
    else if (entry.state === 'in_flight') counts.inFlight++;
    else if (entry.state === 'failed') counts.failed++;
    else if (entry.state === 'conflict') counts.conflicts++;
    else if (entry.state === 'needs_look') {
      counts.conflicts++;
      counts.needsLook++;
    } else counts.sent++;
  }
  return counts;
}
