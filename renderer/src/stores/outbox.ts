import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { ConflictChoice, OutboxEnqueueInput, OutboxEnqueueResult, OutboxResolveLookupInput } from '@shared/outbox/requests';
import type { OutboxChange, OutboxFlushReport, OutboxStatus } from '@shared/outbox/status';
import { api, call, messageOf } from '@/api';

type EntryListener = (entry: OutboxEntryView) => void;
type ChangeListener = (change: OutboxChange) => void;

/**
 * The window's copy of the outbox: every entry (the core keeps a few sent ones too) and the counts with
 * connectivity. Loaded once and kept current by `outbox.onChange` (the renderer's only subscription to it), so
 * the sidebar badge, the banner, the incident console, the Outbox, Operations and Administration screens all
 * read the same state. Type-only imports: App.vue uses it.
 */
export const useOutboxStore = defineStore('outbox', () => {
  const entries = ref<OutboxEntryView[]>([]);
  const status = ref<OutboxStatus | null>(null);
  const loaded = ref(false);
  const error = ref<string | null>(null);
  const flushing = ref(false);
  const lastFlush = ref<OutboxFlushReport | null>(null);
  /** When this window saw an entry become sent: lists read before that moment do not show it yet. */
  const sentAt = ref<Record<string, number>>({});

  // Not view state: the window's one subscription, and the functions that hear about changes.
  let listening = false;
  const changeListeners = new Set<ChangeListener>();
  const sentListeners = new Set<EntryListener>();

  /** Writes the user is waiting on or must look at: everything not sent yet. */
  const unsentCount = computed((): number => {
    const s = status.value;
    if (s) return s.pending + s.inFlight + s.failed + s.conflicts;
    return entries.value.filter((e) => e.state !== 'sent').length;
  });
  const needsAttention = computed((): number =>
    status.value
      ? status.value.failed + status.value.conflicts
      : entries.value.filter((e) => e.state === 'failed' || e.state === 'conflict' || e.state === 'needs_look').length,
  );
  const connectivity = computed((): 'online' | 'partial' | 'offline' => status.value?.connectivity.overall ?? 'online');
  const byId = computed(() => (id: string) => entries.value.find((e) => e.id === id));

  /** Called for every change the core pushes, after the store has applied it. */
  function onChange(listener: ChangeListener): () => void {
    changeListeners.add(listener);
    return () => changeListeners.delete(listener);
  }

  /** Called for every entry the core pushes (the incident console refreshes from the server on "sent"). */
  function onEntry(listener: EntryListener): () => void {
    return onChange((change) => {
      if (change.type === 'entry') listener(change.entry);
    });
  }

  /** Called once per entry this window sees become sent (administration lists read themselves again). */
  function onSent(listener: EntryListener): () => void {
    sentListeners.add(listener);
    return () => sentListeners.delete(listener);
  }

  /** Loads the list and status and subscribes once for the life of the window. */
  async function start() {
    listen();
    if (!loaded.value) await load();
  }

  async function load() {
    const pushedDuringLoad = new Map<string, OutboxEntryView>();
    const stopTracking = onEntry((entry) => pushedDuringLoad.set(entry.id, entry));
    try {
      const [listedEntries, listedStatus] = await Promise.all([call(api().outbox.list()), call(api().outbox.status())]);
      // An entry pushed while the list was on its way is at least as new as the list's copy.
      const listed = listedEntries.map((e) => pushedDuringLoad.get(e.id) ?? e);
      const added = [...pushedDuringLoad.values()].filter((e) => !listedEntries.some((x) => x.id === e.id));
      entries.value = [...listed, ...added];
      status.value ??= listedStatus;
      loaded.value = true;
      error.value = null;
    } catch (failure) {
      error.value = messageOf(failure);
    } finally {
      stopTracking();
    }
  }

  function listen() {
    if (listening) return;
    listening = true;
    api().outbox.onChange((change) => apply(change));
  }

  function apply(change: OutboxChange) {
    if (change.type === 'status') status.value = change.status;
    else if (change.type === 'removed') entries.value = entries.value.filter((e) => e.id !== change.id);
    else upsert(change.entry);
    for (const listener of changeListeners) listener(change);
  }

  /** Stores an entry's new copy; an entry seen becoming sent gets its `sentAt` and is announced. */
  function upsert(entry: OutboxEntryView) {
    const index = entries.value.findIndex((e) => e.id === entry.id);
    const before = index >= 0 ? entries.value[index] : undefined;
    if (index >= 0) entries.value.splice(index, 1, entry);
    else entries.value.push(entry);
    if (entry.state === 'sent' && before?.state !== 'sent') {
      sentAt.value[entry.id] = Date.now();
      for (const listener of sentListeners) listener(entry);
    }
  }

  /**
   * Queues a write; resolves once it is durable. The entry shows at once, even before its change event
   * arrives (which then replaces this first copy).
   */
  async function enqueue(request: OutboxEnqueueInput): Promise<OutboxEnqueueResult> {
    const result = await call(api().outbox.enqueue(request));
    if (!entries.value.some((e) => e.id === result.id)) {
      entries.value.push({
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
        seq: entries.value.reduce((max, e) => Math.max(max, e.seq), 0) + 1,
      });
    }
    return result;
  }

  async function retry(id: string, input?: Record<string, unknown>) {
    const entry = await call(api().outbox.retry(input === undefined ? { id } : { id, input }));
    apply({ type: 'entry', entry });
    return entry;
  }

  /** Retry all: every failed write goes back to waiting, as it is. */
  async function retryAll() {
    const retried = await call(api().outbox.retryAll());
    for (const entry of retried) apply({ type: 'entry', entry });
    return retried;
  }

  async function drop(id: string) {
    const result = await call(api().outbox.drop({ id }));
    entries.value = entries.value.filter((e) => e.id !== id);
    return result;
  }

  async function resolveConflict(id: string, choice: ConflictChoice) {
    const result = await call(api().outbox.resolveConflict({ id, choice }));
    if (result.entry) apply({ type: 'entry', entry: result.entry });
    else entries.value = entries.value.filter((e) => e.id !== id);
    return result;
  }

  /** A create that needs a look: It is mine (a candidate's id) or Send mine. */
  async function resolveLookup(request: OutboxResolveLookupInput) {
    const entry = await call(api().outbox.resolveLookup(request));
    apply({ type: 'entry', entry });
    return entry;
  }

  /** "Send now": probes unreachable servers at once and sends what can be sent. */
  async function flush() {
    flushing.value = true;
    try {
      lastFlush.value = await call(api().outbox.flush());
      return lastFlush.value;
    } finally {
      flushing.value = false;
    }
  }

  return {
    entries,
    status,
    loaded,
    error,
    flushing,
    lastFlush,
    sentAt,
    unsentCount,
    needsAttention,
    connectivity,
    byId,
    onChange,
    onEntry,
    onSent,
    start,
    load,
    listen,
    apply,
    enqueue,
    retry,
    retryAll,
    drop,
    resolveConflict,
    resolveLookup,
    flush,
  };
});

// The store's listeners, for callers that do not hold the store (the window's one outbox store).

/** Called for every change the core pushes, after the store has applied it. */
export function onOutboxChange(listener: ChangeListener): () => void {
  return useOutboxStore().onChange(listener);
}

/** Called for every entry the core pushes. */
export function onOutboxEntry(listener: EntryListener): () => void {
  return useOutboxStore().onEntry(listener);
}

/** Called once per entry this window sees become sent. */
export function onOutboxSent(listener: EntryListener): () => void {
  return useOutboxStore().onSent(listener);
}
