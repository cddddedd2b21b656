import { defineStore } from 'pinia';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import type { ConflictChoice, OutboxEnqueueInput, OutboxEnqueueResult } from '../../../shared/outbox/requests';
import type { OutboxChange, OutboxFlushReport, OutboxStatus } from '../../../shared/outbox/status';
import { api, call, messageOf } from '../api';

type EntryListener = (entry: OutboxEntryView) => void;
type ChangeListener = (change: OutboxChange) => void;

/**
 * The window's copy of the outbox: every entry (the core keeps a few sent ones too) and the counts with
 * connectivity. Loaded once and kept current by `outbox.onChange` (the renderer's only subscription to it), so
 * the sidebar badge, the banner, the incident console, the Outbox, Operations and Administration screens all
 * read the same state. Type-only imports: App.vue uses it.
 */
export const useOutboxStore = defineStore('outbox', {
  state: () => ({
    entries: [] as OutboxEntryView[],
    status: null as OutboxStatus | null,
    loaded: false,
    listening: false,
    error: null as string | null,
    flushing: false,
    lastFlush: null as OutboxFlushReport | null,
    /** When this window saw an entry become sent: lists read before that moment do not show it yet. */
    sentAt: {} as Record<string, number>,
  }),
  getters: {
    /** Writes the user is waiting on or must look at: everything not sent yet. */
    unsentCount(state): number {
      const s = state.status;
      if (s) return s.pending + s.inFlight + s.failed + s.conflicts;
      return state.entries.filter((e) => e.state !== 'sent').length;
    },
    needsAttention(state): number {
      return state.status ? state.status.failed + state.status.conflicts : state.entries.filter((e) => e.state === 'failed' || e.state === 'conflict').length;
    },
    connectivity(state): 'online' | 'partial' | 'offline' {
      return state.status?.connectivity.overall ?? 'online';
    },
    byId(state) {
      return (id: string) => state.entries.find((e) => e.id === id);
    },
  },
  actions: {
    /** Loads the list and status and subscribes once for the life of the window. */
    async start() {
      this.listen();
      if (!this.loaded) await this.load();
    },
    async load() {
      const pushedDuringLoad = new Map<string, OutboxEntryView>();
      const stopTracking = onOutboxEntry((entry) => pushedDuringLoad.set(entry.id, entry));
      try {
        const [entries, status] = await Promise.all([call(api().outbox.list()), call(api().outbox.status())]);
        // An entry pushed while the list was on its way is at least as new as the list's copy.
        const listed = entries.map((e) => pushedDuringLoad.get(e.id) ?? e);
        const added = [...pushedDuringLoad.values()].filter((e) => !entries.some((x) => x.id === e.id));
        this.entries = [...listed, ...added];
        this.status ??= status;
        this.loaded = true;
        this.error = null;
      } catch (error) {
        this.error = messageOf(error);
      } finally {
        stopTracking();
      }
    },
    listen() {
      if (this.listening) return;
      this.listening = true;
      api().outbox.onChange((change) => this.apply(change));
    },
    apply(change: OutboxChange) {
      if (change.type === 'status') this.status = change.status;
      else if (change.type === 'removed') this.entries = this.entries.filter((e) => e.id !== change.id);
      else this.upsert(change.entry);
      for (const listener of changeListeners) listener(change);
    },
    /** Internal: stores an entry's new copy; an entry seen becoming sent gets its `sentAt` and is announced. */
    upsert(entry: OutboxEntryView) {
      const index = this.entries.findIndex((e) => e.id === entry.id);
      const before = index >= 0 ? this.entries[index] : undefined;
      if (index >= 0) this.entries.splice(index, 1, entry);
      else this.entries.push(entry);
      if (entry.state === 'sent' && before?.state !== 'sent') {
        this.sentAt[entry.id] = Date.now();
        for (const listener of sentListeners) listener(entry);
      }
    },
    /**
     * Queues a write; resolves once it is durable. The entry shows at once, even before its change event
     * arrives (which then replaces this first copy).
     */
    async enqueue(request: OutboxEnqueueInput): Promise<OutboxEnqueueResult> {
      const result = await call(api().outbox.enqueue(request));
      if (!this.entries.some((e) => e.id === result.id)) {
        this.entries.push({
          id: result.id,
          kind: request.kind ?? 'statuspage', // the schema's default; a literal keeps this store free of runtime imports
          accountId: request.accountId,
          ...(request.server ? { server: request.server } : {}),
          operation: request.operation,
          input: request.input,
          resourceKey: result.resourceKey,
          ...(result.tempId ? { tempId: result.tempId } : {}),
          dependsOn: request.dependsOn ?? [],
          ...(request.baseUpdatedAt ? { baseUpdatedAt: request.baseUpdatedAt } : {}),
          createdAt: new Date().toISOString(),
          attempts: 0,
          state: result.state,
          seq: this.entries.reduce((max, e) => Math.max(max, e.seq), 0) + 1,
        });
      }
      return result;
    },
    async retry(id: string, input?: Record<string, unknown>) {
      const entry = await call(api().outbox.retry(input === undefined ? { id } : { id, input }));
      this.apply({ type: 'entry', entry });
      return entry;
    },
    async drop(id: string) {
      const result = await call(api().outbox.drop({ id }));
      this.entries = this.entries.filter((e) => e.id !== id);
      return result;
    },
    async resolveConflict(id: string, choice: ConflictChoice) {
      const result = await call(api().outbox.resolveConflict({ id, choice }));
      if (result.entry) this.apply({ type: 'entry', entry: result.entry });
      else this.entries = this.entries.filter((e) => e.id !== id);
      return result;
    },
    /** "Send now": probes unreachable servers at once and sends what can be sent. */
    async flush() {
      this.flushing = true;
      try {
        this.lastFlush = await call(api().outbox.flush());
        return this.lastFlush;
      } finally {
        this.flushing = false;
      }
    },
  },
});

// Listeners are kept out of state: functions are not view state.
const changeListeners = new Set<ChangeListener>();
const sentListeners = new Set<EntryListener>();

/** Called for every change the core pushes, after the store has applied it. */
export function onOutboxChange(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Called for every entry the core pushes (the incident console refreshes from the server on "sent"). */
export function onOutboxEntry(listener: EntryListener): () => void {
  return onOutboxChange((change) => {
    if (change.type === 'entry') listener(change.entry);
  });
}

/** Called once per entry this window sees become sent (administration lists read themselves again). */
export function onOutboxSent(listener: EntryListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}
