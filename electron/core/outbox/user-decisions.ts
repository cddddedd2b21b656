import { AppError } from '@shared/errors';
import type { OutboxEntryView, OutboxLookupCandidate } from '@shared/outbox/entry-view';
import type { ConflictChoice, OutboxResolveConflictResult, OutboxResolveLookupInput } from '@shared/outbox/requests';
import { replaceTempIds } from '@shared/outbox/temp-id';
import type { OutboxEntry } from './entry';
import type { EntryRuntimes } from './entry-runtime';
import type { OutboxKindHandler } from './kinds';
import type { OutboxRecord } from './log-format';
import type { OutboxStore } from './outbox-store';

/*
 * What the user's choices on a failed, conflicting or doubtful write put in the log. The pure functions decide
 * the records; UserDecisions checks the entry's state, applies them and tells the service what changed.
 */

/** Pending again, with the corrected input (temp ids of sent creates replaced) when one is given. */
export function retryRecords(
  entry: OutboxEntry,
  newInput: Record<string, unknown> | undefined,
  kind: () => OutboxKindHandler,
  serverIdOf: (tempId: string) => string | number | undefined,
): OutboxRecord[] {
  const records: OutboxRecord[] = [];
  if (newInput !== undefined && entry.state === 'needs_look') {
    // The look-up must keep looking for what was sent: say It is mine or Send mine first.
    throw new AppError('invalid_input', 'That write may already be on the server: say which look-alike is yours, or send yours, before editing it.');
  }
  if (newInput !== undefined) {
    const input = replaceTempIds(newInput, serverIdOf);
    const prepared = kind().prepare({
      id: entry.id,
      accountId: entry.accountId,
      ...(entry.server ? { server: entry.server } : {}),
      operation: entry.operation,
      input,
    });
    records.push({ t: 'edit', id: entry.id, input, resourceKey: prepared.resourceKey });
  }
  // A write that needed a look is looked up again (its outcome is still unknown).
  records.push({ t: 'state', id: entry.id, state: 'pending', lastError: null, conflict: null, lookup: null });
  return records;
}

/** The server's copy now, when the kind can read it (`read` false: unreadable, fall back to what the conflict saw). */
async function readTheirs(entry: OutboxEntry, kind: OutboxKindHandler): Promise<{ read: boolean; current: Record<string, unknown> | null }> {
  if (kind.fetchCurrent === undefined) return { read: false, current: null };
  try {
    return { read: true, current: (await kind.fetchCurrent(entry, entry.input)) ?? null };
  } catch {
    return { read: false, current: null };
  }
}

/** keep_mine: the server's current version becomes the edit's base, so the edit is sent over theirs. */
function keepMineRecords(entry: OutboxEntry, theirs: { read: boolean; current: Record<string, unknown> | null }): OutboxRecord[] {
  const current = theirs.current;
  const base = theirs.read ? (typeof current?.updated_at === 'string' ? current.updated_at : null) : (entry.conflict?.serverUpdatedAt ?? null);
  return [
    { t: 'edit', id: entry.id, baseUpdatedAt: base },
    { t: 'state', id: entry.id, state: 'pending', lastError: null, conflict: null },
  ];
}

/**
 * It is mine: the candidate is what this create made. It is sent, with the candidate's id (its temp id mapped,
 * so the writes queued after it go to that object), exactly as if the look-up had found it alone.
 */
export function itIsMineRecords(entry: OutboxEntry, candidate: OutboxLookupCandidate, now: number): OutboxRecord[] {
  const records: OutboxRecord[] = [];
  if (entry.tempId !== undefined) records.push({ t: 'map', tempId: entry.tempId, serverId: candidate.id, at: now });
  records.push({
    t: 'state',
    id: entry.id,
    state: 'sent',
    result: { id: candidate.id, summary: candidate.summary },
    lastError: null,
    lookup: null,
    reconcile: false,
  });
  return records;
}

/**
 * Send mine: none of the candidates is this create's, so it was not applied: it is sent again without a look-up
 * first, and a later look-up (after another unknown outcome) never takes those candidates for it.
 */
export function sendMineRecords(entry: OutboxEntry): OutboxRecord[] {
  const notMine = [...new Set([...(entry.notMine ?? []), ...(entry.lookup?.candidates ?? []).map((c) => c.id)])];
  return [{ t: 'state', id: entry.id, state: 'pending', lastError: null, lookup: null, notMine, reconcile: false }];
}

interface UserDecisionDeps {
  store: OutboxStore;
  runtime: EntryRuntimes;
  now: () => number;
  entry: (id: string) => OutboxEntry;
  kindOf: (entry: OutboxEntry) => OutboxKindHandler;
  view: (entry: OutboxEntry) => OutboxEntryView;
  /** Tells the window (and the counts) that an entry changed. */
  emitEntry: (entry: OutboxEntry) => void;
  /** Removes an entry (take theirs); dependents fail with a reason. */
  remove: (entry: OutboxEntry) => Promise<string[]>;
  /** Schedules a sending pass. */
  pump: () => void;
  /** Being sent right now: not to be retried under the sender's feet. */
  sending: (entry: OutboxEntry) => boolean;
}

/** The server refused the write for its key (401: not accepted; 403: it may not make this change): another key may do. */
function refusedForKey(entry: OutboxEntry): boolean {
  return entry.state === 'failed' && (entry.lastError?.status === 401 || entry.lastError?.status === 403);
}

/** The user's answers to writes held for them: conflicts (keep mine, take theirs) and look-ups (It is mine, Send mine). */
export class UserDecisions {
  readonly #deps: UserDecisionDeps;

  constructor(deps: UserDecisionDeps) {
    this.#deps = deps;
  }

  /** Sends a failed, conflicting or waiting entry again, optionally with a corrected input. */
  async retry(id: string, newInput?: Record<string, unknown>): Promise<OutboxEntryView> {
    const { store, runtime } = this.#deps;
    const entry = this.#deps.entry(id);
    if (this.#deps.sending(entry)) throw new AppError('conflict', 'That write is being sent right now.');
    if (entry.state === 'sent') throw new AppError('invalid_input', 'That write was already sent.');
    await store.commit(
      retryRecords(
        entry,
        newInput,
        () => this.#deps.kindOf(entry),
        (tempId) => store.serverIdOf(tempId),
      ),
    );
    runtime.resetForRetry(id);
    this.#deps.emitEntry(entry);
    this.#deps.pump();
    return this.#deps.view(entry);
  }

  /** Retry all: the failed writes `which` chooses go back to waiting, as they are, in one record batch. */
  async retryFailed(which: (entry: OutboxEntry) => boolean): Promise<OutboxEntryView[]> {
    const { store, runtime } = this.#deps;
    const chosen = [...store.entries.values()].filter((entry) => entry.state === 'failed' && which(entry));
    if (chosen.length === 0) return [];
    await store.commit(
      chosen.flatMap((entry) =>
        retryRecords(
          entry,
          undefined,
          () => this.#deps.kindOf(entry),
          () => undefined,
        ),
      ),
    );
    for (const entry of chosen) {
      runtime.resetForRetry(entry.id);
      this.#deps.emitEntry(entry);
    }
    this.#deps.pump();
    return chosen.map((entry) => this.#deps.view(entry));
  }

  /**
   * The account's key was replaced (Settings): the writes the server refused for the old key (401, 403) go back
   * to waiting, and the ones that waited for a key in this process try again. Returns the ones sent again.
   */
  async keyChanged(accountId: string): Promise<OutboxEntryView[]> {
    this.#deps.runtime.unblockWhere((id) => {
      const entry = this.#deps.store.entries.header(id);
      return entry !== undefined && entry.accountId === accountId && entry.state === 'pending';
    });
    const retried = await this.retryFailed((entry) => entry.accountId === accountId && refusedForKey(entry));
    if (retried.length === 0) this.#deps.pump();
    return retried;
  }

  /**
   * keep_mine: take the server's current version as the new base and send the edit (overwriting theirs).
   * take_theirs: drop the edit; returns the server copy.
   */
  async resolveConflict(id: string, choice: ConflictChoice): Promise<OutboxResolveConflictResult> {
    const { store, entry: entryOf, kindOf } = this.#deps;
    const entry = entryOf(id);
    if (entry.state !== 'conflict') throw new AppError('invalid_input', 'That write is not in conflict.');
    const theirs = await readTheirs(entry, kindOf(entry));
    // Settled meanwhile by another caller (a second click, the command line's drop)?
    if (store.entries.get(id) !== entry || entry.state !== 'conflict') throw new AppError('conflict', 'That conflict was already settled.');
    if (choice === 'take_theirs') {
      await this.#deps.remove(entry);
      return { choice, theirs: theirs.read ? theirs.current : (entry.conflict?.theirs ?? null) };
    }
    await store.commit(keepMineRecords(entry, theirs));
    this.#deps.runtime.of(id).nextAttemptAt = undefined;
    this.#deps.emitEntry(entry);
    this.#deps.pump();
    return { choice, entry: this.#deps.view(entry) };
  }

  /** It is mine (one of the candidates) or Send mine, for a create held in `needs_look`. */
  async resolveLookup(request: OutboxResolveLookupInput): Promise<OutboxEntryView> {
    const { store } = this.#deps;
    const entry = this.#deps.entry(request.id);
    if (entry.state !== 'needs_look' || !entry.lookup) throw new AppError('invalid_input', 'That write is not waiting for a look.');
    let records: OutboxRecord[];
    let changed: OutboxEntry[] = [];
    if (request.choice === 'mine') {
      const candidate = entry.lookup.candidates.find((c) => String(c.id) === String(request.candidateId));
      if (!candidate) throw new AppError('invalid_input', `${String(request.candidateId)} is not one of the candidates of that write.`);
      const owner = this.#ownerOf(entry, candidate.id);
      if (owner) throw new AppError('conflict', `${String(candidate.id)} is already the result of write ${owner.id.slice(0, 8)}.`);
      records = itIsMineRecords(entry, candidate, this.#deps.now());
      // The writes that name its temp id now name the candidate: they change too.
      if (entry.tempId !== undefined) changed = store.referencing(entry.tempId).filter((e) => e.id !== entry.id);
    } else {
      // Look-alikes stored after our send may be ours (a lost answer): sending again could make two of ours.
      if (entry.lookup.reason === 'several' && request.force !== true) throw new LookAlikeMayBeMine(entry.lookup.candidates.map((c) => c.id));
      records = sendMineRecords(entry);
    }
    await store.commit(records);
    this.#deps.runtime.resetForRetry(entry.id);
    this.#deps.emitEntry(entry);
    for (const other of changed) this.#deps.emitEntry(other);
    this.#deps.pump();
    return this.#deps.view(entry);
  }

  /** Another entry whose result is that server object (two writes cannot both have made it). */
  #ownerOf(entry: OutboxEntry, serverId: string | number): OutboxEntry | undefined {
    const kind = this.#deps.kindOf(entry);
    const key = kind.claimKey?.({ ...entry, result: { id: serverId } }) ?? null;
    if (key === null) return undefined;
    for (const other of this.#deps.store.entries.values()) {
      if (other.id === entry.id || other.kind !== entry.kind || other.result?.id === undefined || other.result.id === null) continue;
      if (kind.claimKey?.(other) === key) return other;
    }
    return undefined;
  }
}

/** Send mine refused: a look-alike was stored after this write was sent, so it may be this write's own result. */
export class LookAlikeMayBeMine extends AppError {
  constructor(readonly candidateIds: ReadonlyArray<string | number>) {
    super(
      'conflict',
      `Not sent: the look-alikes ${candidateIds.map((id) => `#${String(id)}`).join(', ')} were stored after yours was sent, so one of them may be yours and sending yours again could make two. Take the one that is yours, or send yours anyway.`,
    );
  }
}
