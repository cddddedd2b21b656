import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { MergedUpdate } from '@shared/outbox/merged-view';
import { STATUSPAL_OUTBOX_KIND } from '@shared/outbox/kind-name';
import { isTempId } from '@shared/outbox/temp-id';
import type { WriteOperationName } from '@shared/outbox/write-operations';
import { ApiError } from '@/api';
import { readStatusPage, readStatusPageList } from '@/lib/statuspal-read';
import { answeredItem, pastWhatIsRead } from '@/lib/console-answer';
import { baseVersionOf, type ConsoleItem, type ConsoleKind } from '@/lib/console-item';
import { emptyList, isServerItem, kindOfOperation, mergeList, READS, sameId, WRITES, type ListState, type ServerItem } from '@/lib/console-list';
import type { PageContext } from '@/lib/page-context';
import { pageReadFailure } from '@/lib/page-read-failure';
import { useAccountsStore } from './accounts';
import { useIncidentPageContext } from './incident-page-context';
import { useLinkedIncidents } from './linked-incidents';
import { useOutboxStore } from './outbox';
import { usePageWrites } from './page-writes';

/**
 * Items per read after the first: the API's maximum, so reaching old incidents takes as few requests as it can.
 * The first read is smaller, so the list shows at once whatever the page's size.
 */
const PAGE_SIZE = 100;
const FIRST_PAGE_SIZE = 50;

/** An item taken off a list because the server no longer has it (deleted there): said once, until dismissed. */
interface GoneItem {
  key: string;
  kind: ConsoleKind;
  id: number | string;
  title: string;
  /** Found on reading it, on a write of ours to it (which was then not sent), or by a write's check before it was queued. */
  found: 'read' | 'write' | 'check';
}

/**
 * The incident console: one account's page, its incidents and notices read page by page from the server,
 * merged with the outbox's unsent writes. Writes are queued here and the item is read again from the server
 * when the outbox reports it sent. What the editors know of the page is the page context's
 * (incident-page-context.ts); `contexts`, `context` and `loadContext` hand it on.
 */
export const useIncidentsStore = defineStore('incidents', () => {
  const pageContext = useIncidentPageContext();

  const accountId = ref<string | null>(null);
  const tab = ref<ConsoleKind>('incidents');
  const typeFilter = ref('');
  const lists = ref<Record<ConsoleKind, ListState>>({ incidents: emptyList(), notices: emptyList() });
  /** The item whose page is open, or null for the list. */
  const openId = ref<string | number | null>(null);
  const pageWrites = usePageWrites();
  const recent = computed(() => pageWrites.recent);
  watch(accountId, (id) => (pageWrites.shownAccountId = id), { immediate: true });
  /** Sent entries whose server copy is being read: still shown (as sending) so nothing flickers away. */
  const refreshing = ref<string[]>([]);
  /** Items the server no longer has, taken off the lists. */
  const gone = ref<GoneItem[]>([]);

  // Not view state: server reads chained per item (so the last answer shown is the newest), the sent entries
  // already handled (the core may push the same "sent" entry again), and the one outbox subscription.
  const refreshChains = new Map<string, Promise<void>>();
  const handledSent = new Set<string>();
  const handledGone = new Set<string>();
  let stopListening: (() => void) | null = null;

  const accountsWithKey = computed(() => useAccountsStore().accounts.filter((account) => account.key.storage !== 'none'));
  const account = computed(
    (): ReturnType<typeof useAccountsStore>['accounts'][number] | null => accountsWithKey.value.find((a) => a.id === accountId.value) ?? null,
  );
  const contexts = computed(() => pageContext.contexts);
  const context = computed((): PageContext | null => (accountId.value ? (pageContext.contexts[accountId.value] ?? null) : null));
  /** The entries the lists are merged with: unsent ones, and sent ones until their item was read again. */
  const overlayEntries = computed((): OutboxEntryView[] => {
    const reading = new Set(refreshing.value);
    return useOutboxStore()
      .entries.filter((e) => e.state !== 'sent' || reading.has(e.id))
      .map((e) => (e.state === 'sent' ? { ...e, state: 'in_flight' as const } : e));
  });
  const mergedIncidents = computed((): ConsoleItem[] =>
    mergeList('incidents', lists.value.incidents.items, overlayEntries.value, account.value, typeFilter.value),
  );
  const mergedNotices = computed((): ConsoleItem[] => mergeList('notices', lists.value.notices.items, overlayEntries.value, account.value, ''));
  /** Every incident type this page has shown so far. */
  const knownTypes = computed((): string[] => {
    const types = new Set<string>([...(context.value?.seenTypes ?? []), ...Object.keys(context.value?.typeLevels ?? {})]);
    for (const item of lists.value.incidents.items) if (typeof item.type === 'string') types.add(item.type);
    return [...types];
  });

  /** Services, types and the page's address, for the editors (the page context reads them). */
  function loadContext(id: string, force = false) {
    return pageContext.loadContext(id, force);
  }

  /** Loads accounts and the outbox, and picks the first account with a key. */
  async function start() {
    const outbox = useOutboxStore();
    stopListening ??= outbox.onEntry((entry, answer) => onEntry(entry, answer));
    await Promise.all([useAccountsStore().load(), outbox.start()]);
    if (!account.value) {
      const first = accountsWithKey.value[0];
      if (first) await selectAccount(first.id);
      else accountId.value = null;
    } else {
      void loadContext(account.value.id);
      if (lists.value[tab.value].key === null) await loadList(tab.value);
    }
  }

  async function selectAccount(id: string) {
    accountId.value = id;
    lists.value = { incidents: emptyList(), notices: emptyList() };
    openId.value = null;
    typeFilter.value = '';
    void loadContext(id);
    await loadList(tab.value);
  }

  async function setTab(kind: ConsoleKind) {
    if (tab.value === kind) return;
    tab.value = kind;
    openId.value = null;
    if (lists.value[kind].key === null) await loadList(kind);
  }

  async function setTypeFilter(type: string) {
    typeFilter.value = type;
    await loadList('incidents');
  }

  /** First page (or the next one with `more`), by cursor. */
  async function loadList(kind: ConsoleKind, more = false) {
    const current = account.value;
    if (!current) return;
    const list = lists.value[kind];
    const key = `${current.id}|${kind === 'incidents' ? typeFilter.value : ''}`;
    if (more && (list.cursor === null || list.key !== key || list.loading)) return;
    list.loading = true;
    list.error = null;
    try {
      const input: Record<string, unknown> = { subdomain: current.subdomain, limit: more ? PAGE_SIZE : FIRST_PAGE_SIZE };
      if (more && list.cursor) input.after = list.cursor;
      if (kind === 'incidents' && typeFilter.value !== '') input.type = typeFilter.value;
      const result = await readStatusPageList(current.id, READS[kind].list, input);
      const now = lists.value[kind];
      // The account or the filter changed while this page was on its way: it belongs to nothing shown.
      if (`${accountId.value}|${kind === 'incidents' ? typeFilter.value : ''}` !== key) return;
      const items = result.items.filter(isServerItem);
      if (more && now.key === key) {
        const seen = new Set(now.items.map((item) => String(item.id)));
        now.items.push(...items.filter((item) => !seen.has(String(item.id))));
      } else now.items = items;
      now.cursor = result.nextCursor;
      now.total = result.total;
      now.key = key;
    } catch (error) {
      lists.value[kind].error = `The ${kind === 'incidents' ? 'incidents' : 'notices'} could not be read: ${pageReadFailure(error)}.`;
      if (!more) lists.value[kind].key = key;
    } finally {
      lists.value[kind].loading = false;
    }
  }

  /**
   * Reads one item again and puts the server's copy in the list, or, when the server answers that it has no
   * such item (deleted there), takes it off the list with a note saying so (`found`: what found it gone).
   */
  function refreshItem(kind: ConsoleKind, id: number | string, found: GoneItem['found'] = 'read'): Promise<void> {
    return inTurn(kind, id, async (current, list) => {
      try {
        const subdomain = current.subdomain;
        const item =
          kind === 'incidents'
            ? (await readStatusPage(current.id, 'getIncident', { subdomain, incidentId: id })).item
            : (await readStatusPage(current.id, 'getInfoNotice', { subdomain, infoNoticeId: id })).item;
        if (accountId.value !== current.id) return;
        place(kind, list, item);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'not_found') removeGone(kind, id, found);
        else list.error = `The latest copy could not be read: ${pageReadFailure(error)}.`;
      }
    });
  }

  /** The server's answer to our create or edit is the item as it is now: shown as it is, not read again. */
  function showAnswer(kind: ConsoleKind, item: ServerItem): Promise<void> {
    return inTurn(kind, item.id, async (_current, list) => place(kind, list, item));
  }

  /** An item's copy in its list: in its place, or on top when it is new (and the filter shows it). */
  function place(kind: ConsoleKind, list: ListState, item: ServerItem): void {
    const index = list.items.findIndex((existing) => sameId(existing.id, item.id));
    if (index >= 0) list.items.splice(index, 1, item);
    else if (kind === 'notices' || typeFilter.value === '' || item.type === typeFilter.value) {
      if (!pastWhatIsRead(list.items, item, list.cursor !== null)) {
        list.items.unshift(item);
        if (list.total !== null) list.total++;
      }
    }
  }

  /** Work on one item of the shown account's list, after the work on it already asked for (so the newest copy is the one shown). */
  function inTurn(kind: ConsoleKind, id: number | string, work: (current: NonNullable<typeof account.value>, list: ListState) => Promise<void>): Promise<void> {
    const current = account.value;
    if (!current) return Promise.resolve();
    const chainKey = `${current.id}|${kind}|${id}`;
    const run = async () => {
      const list = lists.value[kind];
      if (list.key === null || accountId.value !== current.id) return;
      await work(current, list);
    };
    const next = (refreshChains.get(chainKey) ?? Promise.resolve()).then(run);
    refreshChains.set(chainKey, next);
    void next.finally(() => {
      if (refreshChains.get(chainKey) === next) refreshChains.delete(chainKey);
    });
    return next;
  }

  function removeItem(kind: ConsoleKind, id: number | string) {
    const list = lists.value[kind];
    const before = list.items.length;
    list.items = list.items.filter((item) => !sameId(item.id, id));
    if (list.total !== null && list.items.length < before) list.total--;
    if (sameId(openId.value, id)) openId.value = null;
  }

  /** The server no longer has this item: off the list, and a note naming it (once per item). */
  function removeGone(kind: ConsoleKind, id: number | string, found: GoneItem['found']) {
    const item = lists.value[kind].items.find((existing) => sameId(existing.id, id));
    const key = `${accountId.value}|${kind}|${id}`;
    if (item && !gone.value.some((note) => note.key === key))
      gone.value.push({ key, kind, id, title: typeof item.title === 'string' ? item.title : '', found });
    removeItem(kind, id);
    if (kind === 'incidents' && account.value) void useLinkedIncidents().markDeleted({ accountId: account.value.id, subdomain: account.value.subdomain }, id);
  }

  function dismissGone(key: string) {
    gone.value = gone.value.filter((note) => note.key !== key);
  }

  /** A write of ours to an item failed with "not found": read the item to see whether it is gone. */
  function onNotFound(entry: OutboxEntryView, kind: ConsoleKind) {
    if (handledGone.has(entry.id)) return;
    const target = entry.input[WRITES[kind].idParam];
    if ((typeof target !== 'number' && typeof target !== 'string') || isTempId(target)) return;
    handledGone.add(entry.id);
    void refreshItem(kind, target, 'write');
  }

  /** The outbox pushed an entry: a sent write of this page means the server copy changed. */
  function onEntry(entry: OutboxEntryView, answer?: Record<string, unknown>) {
    const current = account.value;
    if (entry.state === 'failed' && entry.lastError?.code === 'not_found' && current && entry.accountId === current.id) {
      const kind = kindOfOperation(entry.operation);
      if (kind && entry.kind === STATUSPAL_OUTBOX_KIND && entry.input.subdomain === current.subdomain) onNotFound(entry, kind);
      return;
    }
    if (entry.state !== 'sent' || handledSent.has(entry.id)) return;
    if (!current || entry.kind !== STATUSPAL_OUTBOX_KIND || entry.accountId !== current.id || entry.input.subdomain !== current.subdomain) return;
    const kind = kindOfOperation(entry.operation);
    if (!kind) return;
    handledSent.add(entry.id);
    const profile = WRITES[kind];
    const target = entry.operation === profile.create ? (entry.serverId ?? entry.result?.id ?? null) : entry.input[profile.idParam];
    if ((typeof target !== 'number' && typeof target !== 'string') || isTempId(target)) return;
    // The page of a queued create follows it to its server id.
    if (entry.operation === profile.create && entry.tempId && sameId(openId.value, entry.tempId)) openId.value = target;
    if (entry.operation === profile.remove) {
      removeItem(kind, target);
      return;
    }
    // A create or an edit answers with the whole item; an update's answer is the update alone, so its item is read.
    const item = entry.operation === profile.create || entry.operation === profile.update ? answeredItem(kind, answer) : null;
    if (item && sameId(item.id, target)) {
      void showAnswer(kind, item);
      return;
    }
    refreshing.value.push(entry.id);
    void refreshItem(kind, target).finally(() => {
      refreshing.value = refreshing.value.filter((id) => id !== entry.id);
    });
  }

  /** A write was dropped (discarded, or "take theirs"): the item may differ from what it overlaid; read it again. */
  function refreshFor(entry: OutboxEntryView) {
    const kind = kindOfOperation(entry.operation);
    if (!kind || entry.accountId !== accountId.value) return;
    const target = entry.input[WRITES[kind].idParam];
    if (typeof target === 'number' || (typeof target === 'string' && !isTempId(target))) void refreshItem(kind, target);
  }

  /**
   * Queues one write of this account's page; resolves when it is durable ("accepted"). A write whose check found
   * its item gone on the server (nothing kept) takes the item off the list, as a read that finds it gone does.
   */
  async function queue(operation: WriteOperationName, input: Record<string, unknown>, baseUpdatedAt?: string) {
    try {
      return await pageWrites.queueOn(account.value, operation, input, baseUpdatedAt);
    } catch (error) {
      const kind = kindOfOperation(operation);
      const target = kind ? input[WRITES[kind].idParam] : undefined;
      if (
        kind &&
        error instanceof ApiError &&
        error.code === 'invalid_input' &&
        error.status === 404 &&
        (typeof target === 'number' || typeof target === 'string')
      ) {
        removeGone(kind, target, 'check');
      }
      throw error;
    }
  }

  function createItem(kind: ConsoleKind, body: Record<string, unknown>) {
    const profile = WRITES[kind];
    return queue(profile.create, { [profile.bodyKey]: body });
  }
  function updateItem(kind: ConsoleKind, item: ConsoleItem, body: Record<string, unknown>) {
    const profile = WRITES[kind];
    return queue(profile.update, { [profile.idParam]: item.id, [profile.bodyKey]: body }, baseVersionOf(item));
  }
  async function deleteItem(kind: ConsoleKind, item: ConsoleItem) {
    const profile = WRITES[kind];
    const page = account.value ? { accountId: account.value.id, subdomain: account.value.subdomain } : null;
    const result = await queue(profile.remove, { [profile.idParam]: item.id });
    // An incident posted on several pages: its group shows this page's as deleted and sends it nothing more.
    if (kind === 'incidents' && page) void useLinkedIncidents().markDeleted(page, item.id);
    return result;
  }
  function addUpdate(kind: ConsoleKind, item: ConsoleItem, body: Record<string, unknown>) {
    const profile = WRITES[kind];
    return queue(profile.addUpdate, { [profile.idParam]: item.id, update: body });
  }
  function changeUpdate(kind: ConsoleKind, item: ConsoleItem, update: MergedUpdate, body: Record<string, unknown>) {
    const profile = WRITES[kind];
    return queue(profile.changeUpdate, { [profile.idParam]: item.id, updateId: update.id, update: body }, baseVersionOf(update));
  }
  function deleteUpdate(kind: ConsoleKind, item: ConsoleItem, update: MergedUpdate) {
    const profile = WRITES[kind];
    return queue(profile.removeUpdate, { [profile.idParam]: item.id, updateId: update.id });
  }
  function dismissRecent(entryId: string) {
    pageWrites.dismissRecent(entryId);
  }

  return {
    accountId,
    tab,
    typeFilter,
    lists,
    openId,
    recent,
    refreshing,
    gone,
    dismissGone,
    accountsWithKey,
    account,
    contexts,
    context,
    overlayEntries,
    mergedIncidents,
    mergedNotices,
    knownTypes,
    start,
    selectAccount,
    setTab,
    setTypeFilter,
    loadList,
    loadContext,
    refreshItem,
    removeItem,
    onEntry,
    refreshFor,
    queue,
    createItem,
    updateItem,
    deleteItem,
    addUpdate,
    changeUpdate,
    deleteUpdate,
    dismissRecent,
  };
});
