import { defineStore } from 'pinia';
import { computed, ref, shallowRef, triggerRef } from 'vue';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { ConflictChoice, OutboxEnqueueResult, OutboxResolveLookupInput, WindowWrite } from '@shared/outbox/requests';
import type { OutboxChange, OutboxFlushReport, OutboxStatus } from '@shared/outbox/status';
import { api, call, messageOf } from '@/api';

type EntryListener = (entry: OutboxEntryView) => void;
/** `answer`: for a write just sent, the server's whole answer when the core kept it. */
type PushedEntryListener = (entry: OutboxEntryView, answer?: Record<string, unknown>) => void;
type ChangeListener = (change: OutboxChange) => void;

/**
 * The window's copy of the outbox: every entry (the core keeps a few sent ones too) and the counts with
 * connectivity. Loaded once and kept current by `outbox.onChange` (the renderer's only subscription to it), so
 * the sidebar badge, the banner, the incident console, the Outbox, Operations and Administration screens all
 * read the same state. Type-only imports: App.vue uses it.
 *
 * Kept incrementally: a change touches the entries it names, found through an index of
 * positions, never a pass over all of them (a batch of 1,000 metric points is one change); the list is a shallow
 * ref changed in place and announced once per change, and the sent entries the core's compaction forgets leave it.
 */
export const useOutboxStore = defineStore('outbox', () => {
  const entries = shallowRef<OutboxEntryView[]>([]);
  const status = ref<OutboxStatus | null>(null);
  const loaded = ref(false);
  const error = ref<string | null>(null);
  const flushing = ref(false);
  const lastFlush = ref<OutboxFlushReport | null>(null);
  /** When this window saw an entry become sent: lists read before that moment do not show it yet. */
  const sentAt = ref<Record<string, number>>({});

  // Not view state: the window's one subscription, and the functions that hear about changes.
  let listening = false;
  /** Where each entry is in `entries`, for the list it was built for (a list set from outside is indexed again). */
  let positions = new Map<string, number>();
  let indexed: OutboxEntryView[] | null = null;
  let maxSeq = 0;
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
  const byId = computed(() => {
    const list = entries.value;
    const at = indexOf(list);
    return (id: string): OutboxEntryView | undefined => {
      const index = at.get(id);
      return index === undefined ? undefined : list[index];
    };
  });

  /** The positions of `list`'s entries: kept as changes come, built again only for a list replaced from outside. */
  function indexOf(list: OutboxEntryView[]): Map<string, number> {
    if (indexed !== list) {
      positions = new Map(list.map((e, i) => [e.id, i]));
      maxSeq = list.reduce((max, e) => Math.max(max, e.seq), 0);
      indexed = list;
    }
    return positions;
  }

  /** Puts a new copy in place or appends it; answers the copy it replaced. */
  function put(entry: OutboxEntryView): OutboxEntryView | undefined {
    const list = entries.value;
    const at = indexOf(list);
    const index = at.get(entry.id);
    if (entry.seq > maxSeq) maxSeq = entry.seq;
    if (index !== undefined) {
      const before = list[index];
      list[index] = entry;
      return before;
    }
    at.set(entry.id, list.length);
    list.push(entry);
    return undefined;
  }

  /** Takes entries out (one dropped, or the many a compaction forgot) in one pass from the first of them. */
  function take(ids: ReadonlyArray<string>) {
    const list = entries.value;
    const at = indexOf(list);
    const gone = new Set(ids.filter((id) => at.has(id)));
    for (const id of gone) delete sentAt.value[id];
    if (gone.size === 0) return;
    const from = Math.min(...[...gone].map((id) => at.get(id)!));
    let to = from;
    for (let i = from; i < list.length; i++) {
      const entry = list[i]!;
      if (gone.has(entry.id)) {
        at.delete(entry.id);
        continue;
      }
      list[to] = entry;
      at.set(entry.id, to++);
    }
    list.length = to;
    triggerRef(entries);
  }

  /** Called for every change the core pushes, after the store has applied it. */
  function onChange(listener: ChangeListener): () => void {
    changeListeners.add(listener);
    return () => changeListeners.delete(listener);
  }

  /** Called for every entry the core pushes (the incident console shows a sent write's answer, or reads the item again). */
  function onEntry(listener: PushedEntryListener): () => void {
    return onChange((change) => {
      if (change.type === 'entry') listener(change.entry, change.answer);
      else if (change.type === 'added') for (const entry of change.entries) listener(entry);
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
    const goneDuringLoad = new Set<string>();
    const stopTracking = onChange((change) => {
      if (change.type === 'entry') pushedDuringLoad.set(change.entry.id, change.entry);
      else if (change.type === 'added') for (const entry of change.entries) pushedDuringLoad.set(entry.id, entry);
      else if (change.type === 'removed') goneDuringLoad.add(change.id);
      else if (change.type === 'forgotten') for (const id of change.ids) goneDuringLoad.add(id);
    });
    try {
      const [listedEntries, listedStatus] = await Promise.all([call(api().outbox.list()), call(api().outbox.status())]);
      // An entry pushed while the list was on its way is at least as new as the list's copy.
      const listedIds = new Set(listedEntries.map((e) => e.id));
      const listed = listedEntries.map((e) => pushedDuringLoad.get(e.id) ?? e);
      const added = [...pushedDuringLoad.values()].filter((e) => !listedIds.has(e.id));
      entries.value = [...listed, ...added].filter((e) => !goneDuringLoad.has(e.id));
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
    else if (change.type === 'removed') take([change.id]);
    else if (change.type === 'forgotten') take(change.ids);
    else upsert(change.type === 'entry' ? [change.entry] : change.entries);
    for (const listener of changeListeners) listener(change);
  }

  /** Stores entries' new copies; an entry seen becoming sent gets its `sentAt` and is announced. */
  function upsert(changed: ReadonlyArray<OutboxEntryView>) {
    const becameSent: OutboxEntryView[] = [];
    for (const entry of changed) {
      const before = put(entry);
      if (entry.state === 'sent' && before?.state !== 'sent') becameSent.push(entry);
    }
    triggerRef(entries);
    for (const entry of becameSent) {
      sentAt.value[entry.id] = Date.now();
      for (const listener of sentListeners) listener(entry);
    }
  }

  /**
   * Queues a write; resolves once it is durable. The entry shows at once, even before its change event
   * arrives (which then replaces this first copy).
   */
  async function enqueue(request: WindowWrite): Promise<OutboxEnqueueResult> {
    const result = await call(api().outbox.enqueue(request));
    showQueued([request], [result]);
    return result;
  }

  /**
   * Queues up to 1,000 writes in one call (one fsync in the core), in order, all or none; resolves once they are
   * durable. A bigger batch is the caller's to split (the metric import sends its points 1,000 at a time).
   */
  async function enqueueMany(requests: WindowWrite[]): Promise<OutboxEnqueueResult[]> {
    const results = await call(api().outbox.enqueueMany({ writes: requests }));
    showQueued(requests, results);
    return results;
  }

  /** Queued writes show at once, even before their change event arrives (which then replaces these first copies). */
  function showQueued(requests: ReadonlyArray<WindowWrite>, results: ReadonlyArray<OutboxEnqueueResult>) {
    const at = indexOf(entries.value);
    const createdAt = new Date().toISOString();
    let shown = 0;
    results.forEach((result, i) => {
      const request = requests[i];
      if (!request || at.has(result.id)) return;
      shown++;
      put({
        id: result.id,
        kind: request.kind ?? 'statuspal', // the schema's default; a literal keeps this store free of runtime imports
        accountId: request.accountId,
        operation: request.operation,
        input: request.input,
        resourceKey: result.resourceKey,
        ...(result.tempId ? { tempId: result.tempId } : {}),
        dependsOn: request.dependsOn ?? [],
        ...(request.baseUpdatedAt ? { baseUpdatedAt: request.baseUpdatedAt } : {}),
        createdAt,
        attempts: 0,
        state: result.state,
        seq: maxSeq + 1,
      });
    });
    if (shown > 0) triggerRef(entries);
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
    take([id]);
    return result;
  }

  async function resolveConflict(id: string, choice: ConflictChoice) {
    const result = await call(api().outbox.resolveConflict({ id, choice }));
    if (result.entry) apply({ type: 'entry', entry: result.entry });
    else take([id]);
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
    enqueueMany,
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

/** Called once per entry this window sees become sent. */
export function onOutboxSent(listener: EntryListener): () => void {
  return useOutboxStore().onSent(listener);
}
