import { defineStore } from 'pinia';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import {
  INCIDENT_MERGE_PROFILE,
  INFO_NOTICE_MERGE_PROFILE,
  mergeIncidentsWithOutbox,
  mergeWithOutbox,
  type MergedUpdate,
  type MergeProfile,
} from '@shared/outbox/merged-view';
import { STATUSPAGE_OUTBOX_KIND } from '@shared/outbox/requests';
import { isTempId } from '@shared/outbox/temp-id';
import type { WriteOperationName } from '@shared/outbox/write-operations';
import { ApiError, messageOf } from '@/api';
import { readStatusPage, readStatusPageList } from '@/lib/statuspage-read';
import { baseVersionOf, type ConsoleItem, type ConsoleKind } from '@/lib/console-item';
import { emptyContext, pageUrlOf, servicesFromList, servicesFromSummary, typesFromSummary, type PageContext } from '@/lib/page-context';
import { describeEntry } from '@/lib/outbox-entry-label';
import { useAccountsStore } from './accounts';
import { onOutboxEntry, useOutboxStore } from './outbox';

/** Items per "Load more": big enough to fill a screen, small enough to answer fast. */
export const PAGE_SIZE = 50;
const RECENT_WRITES = 4;

type ServerItem = { id: number | string; updates?: unknown } & Record<string, unknown>;

function isServerItem(item: Record<string, unknown>): item is ServerItem {
  return typeof item.id === 'number' || typeof item.id === 'string';
}

interface ListState {
  items: ServerItem[];
  cursor: string | null;
  total: number | null;
  loading: boolean;
  error: string | null;
  /** account + filter the items belong to; null until the first page arrived. */
  key: string | null;
}

/** A write queued from the console this session, for the "Queued → Sent" line. */
export interface RecentWrite {
  entryId: string;
  label: string;
  at: number;
}

const emptyList = (): ListState => ({ items: [], cursor: null, total: null, loading: false, error: null, key: null });
/** The writes of each list, by what they do (both lists have updates, so every operation is there). */
const WRITES = { incidents: INCIDENT_MERGE_PROFILE, notices: INFO_NOTICE_MERGE_PROFILE } as const satisfies Record<ConsoleKind, Required<MergeProfile>>;
const READS: Record<ConsoleKind, { list: 'listIncidents' | 'listInfoNotices'; get: 'getIncident' | 'getInfoNotice' }> = {
  incidents: { list: 'listIncidents', get: 'getIncident' },
  notices: { list: 'listInfoNotices', get: 'getInfoNotice' },
};
/** Why a read failed, in words: an unreachable server is the usual case offline, and says so plainly. */
function readFailure(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'network' || error.code === 'timeout')) return 'the page’s server cannot be reached';
  return messageOf(error).replace(/\.$/, '');
}

const sameId = (a: unknown, b: unknown) => a !== null && a !== undefined && String(a) === String(b);

function kindOfOperation(operation: string): ConsoleKind | null {
  for (const kind of ['incidents', 'notices'] as const) {
    const profile = WRITES[kind];
    const operations: readonly string[] = [profile.create, profile.update, profile.remove, profile.addUpdate, profile.changeUpdate, profile.removeUpdate];
    if (operations.includes(operation)) {
      return kind;
    }
  }
  return null;
}

/** The entry id is the client mutation id: chosen here, so the temp id of a create is known at once. */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mergeList(
  kind: ConsoleKind,
  items: readonly ServerItem[],
  entries: readonly OutboxEntryView[],
  account: { id: string; subdomain: string } | null,
  typeFilter: string,
): ConsoleItem[] {
  if (!account) return [];
  const scope = { subdomain: account.subdomain, accountId: account.id };
  const merged = (
    kind === 'incidents' ? mergeIncidentsWithOutbox(items, entries, scope) : mergeWithOutbox(items, entries, scope, INFO_NOTICE_MERGE_PROFILE)
  ) as ConsoleItem[];
  // The server filtered its items; queued creates of other types are filtered here.
  return typeFilter !== '' ? merged.filter((item) => item.type === typeFilter) : merged;
}

/** Server reads are chained per item, so the last answer shown is the newest. */
const refreshChains = new Map<string, Promise<void>>();
/** Sent entries already handled (the core may push the same "sent" entry again). */
const handledSent = new Set<string>();
let stopListening: (() => void) | null = null;

/**
 * The incident console: one account's page, its incidents and notices read page by page from the server,
 * merged with the outbox's unsent writes. Writes are queued here and the item is read again from the server
 * when the outbox reports it sent.
 */
export const useIncidentsStore = defineStore('incidents', {
  state: () => ({
    accountId: null as string | null,
    tab: 'incidents' as ConsoleKind,
    typeFilter: '',
    lists: { incidents: emptyList(), notices: emptyList() } as Record<ConsoleKind, ListState>,
    contexts: {} as Record<string, PageContext>,
    /** The item whose page is open, or null for the list. */
    openId: null as string | number | null,
    recent: [] as RecentWrite[],
    /** Sent entries whose server copy is being read: still shown (as sending) so nothing flickers away. */
    refreshing: [] as string[],
  }),
  getters: {
    accountsWithKey() {
      return useAccountsStore().accounts.filter((account) => account.key.storage !== 'none');
    },
    account(): ReturnType<typeof useAccountsStore>['accounts'][number] | null {
      return this.accountsWithKey.find((account) => account.id === this.accountId) ?? null;
    },
    context(state): PageContext | null {
      return state.accountId ? (state.contexts[state.accountId] ?? null) : null;
    },
    /** The entries the lists are merged with: unsent ones, and sent ones until their item was read again. */
    overlayEntries(state): OutboxEntryView[] {
      const refreshing = new Set(state.refreshing);
      return useOutboxStore()
        .entries.filter((e) => e.state !== 'sent' || refreshing.has(e.id))
        .map((e) => (e.state === 'sent' ? { ...e, state: 'in_flight' as const } : e));
    },
    mergedIncidents(state): ConsoleItem[] {
      return mergeList('incidents', state.lists.incidents.items, this.overlayEntries, this.account, state.typeFilter);
    },
    mergedNotices(state): ConsoleItem[] {
      return mergeList('notices', state.lists.notices.items, this.overlayEntries, this.account, '');
    },
    /** Every incident type this page has shown so far. */
    knownTypes(state): string[] {
      const context = this.context;
      const types = new Set<string>([...(context?.seenTypes ?? []), ...Object.keys(context?.typeLevels ?? {})]);
      for (const item of state.lists.incidents.items) if (typeof item.type === 'string') types.add(item.type);
      return [...types];
    },
  },
  actions: {
    /** Loads accounts and the outbox, and picks the first account with a key. */
    async start() {
      const outbox = useOutboxStore();
      stopListening ??= onOutboxEntry((entry) => this.onEntry(entry));
      await Promise.all([useAccountsStore().load(), outbox.start()]);
      if (!this.account) {
        const first = this.accountsWithKey[0];
        if (first) await this.selectAccount(first.id);
        else this.accountId = null;
      } else {
        void this.loadContext(this.account.id);
        if (this.lists[this.tab].key === null) await this.loadList(this.tab);
      }
    },

    async selectAccount(id: string) {
      this.accountId = id;
      this.lists = { incidents: emptyList(), notices: emptyList() };
      this.openId = null;
      this.typeFilter = '';
      void this.loadContext(id);
      await this.loadList(this.tab);
    },

    async setTab(kind: ConsoleKind) {
      if (this.tab === kind) return;
      this.tab = kind;
      this.openId = null;
      if (this.lists[kind].key === null) await this.loadList(kind);
    },

    async setTypeFilter(type: string) {
      this.typeFilter = type;
      await this.loadList('incidents');
    },

    /** First page (or the next one with `more`), by cursor. */
    async loadList(kind: ConsoleKind, more = false) {
      const account = this.account;
      if (!account) return;
      const list = this.lists[kind];
      const key = `${account.id}|${kind === 'incidents' ? this.typeFilter : ''}`;
      if (more && (list.cursor === null || list.key !== key || list.loading)) return;
      list.loading = true;
      list.error = null;
      try {
        const input: Record<string, unknown> = { subdomain: account.subdomain, limit: PAGE_SIZE };
        if (more && list.cursor) input.after = list.cursor;
        if (kind === 'incidents' && this.typeFilter !== '') input.type = this.typeFilter;
        const result = await readStatusPageList(account.id, READS[kind].list, input);
        const now = this.lists[kind];
        // The account or the filter changed while this page was on its way: it belongs to nothing shown.
        if (`${this.accountId}|${kind === 'incidents' ? this.typeFilter : ''}` !== key) return;
        const items = result.items.filter(isServerItem);
        if (more && now.key === key) {
          const seen = new Set(now.items.map((item) => String(item.id)));
          now.items.push(...items.filter((item) => !seen.has(String(item.id))));
        } else now.items = items;
        now.cursor = result.nextCursor;
        now.total = result.total;
        now.key = key;
      } catch (error) {
        this.lists[kind].error = `The ${kind === 'incidents' ? 'incidents' : 'notices'} could not be read: ${readFailure(error)}.`;
        if (!more) this.lists[kind].key = key;
      } finally {
        this.lists[kind].loading = false;
      }
    },

    /** Services, types and the page's address, for the editors; from the public summary, else the admin list. */
    async loadContext(accountId: string, force = false) {
      const existing = this.contexts[accountId];
      if (existing && existing.state !== 'error' && !force) return;
      const account = useAccountsStore().accounts.find((a) => a.id === accountId);
      if (!account) return;
      this.contexts[accountId] = { ...(existing ?? emptyContext()), state: 'loading', error: null };
      try {
        const summary = (await readStatusPage(accountId, 'getPageSummary', { subdomain: account.subdomain })).item;
        this.contexts[accountId] = {
          state: 'ready',
          error: null,
          pageName: summary.status_page.name,
          pageUrl: pageUrlOf(summary.status_page.url),
          defaultLang: summary.status_page.default_lang ?? null,
          services: servicesFromSummary(summary.services),
          ...typesFromSummary(summary),
        };
      } catch (error) {
        try {
          const services = (await readStatusPage(accountId, 'listServices', { subdomain: account.subdomain })).items;
          this.contexts[accountId] = { ...emptyContext('ready'), services: servicesFromList(services) };
        } catch {
          this.contexts[accountId] = { ...emptyContext('error'), error: readFailure(error) };
        }
      }
    },

    /** Reads one item again and puts the server's copy in the list (or takes it out when it is gone). */
    refreshItem(kind: ConsoleKind, id: number | string): Promise<void> {
      const account = this.account;
      if (!account) return Promise.resolve();
      const chainKey = `${account.id}|${kind}|${id}`;
      const run = async () => {
        const list = this.lists[kind];
        if (list.key === null || this.accountId !== account.id) return;
        try {
          const subdomain = account.subdomain;
          const item =
            kind === 'incidents'
              ? (await readStatusPage(account.id, 'getIncident', { subdomain, incidentId: id })).item
              : (await readStatusPage(account.id, 'getInfoNotice', { subdomain, infoNoticeId: id })).item;
          if (this.accountId !== account.id) return;
          const index = list.items.findIndex((existing) => sameId(existing.id, id));
          if (index >= 0) list.items.splice(index, 1, item);
          else if (kind === 'notices' || this.typeFilter === '' || item.type === this.typeFilter) {
            list.items.unshift(item);
            if (list.total !== null) list.total++;
          }
        } catch (error) {
          if (error instanceof ApiError && error.code === 'not_found') this.removeItem(kind, id);
          else list.error = `The latest copy could not be read: ${readFailure(error)}.`;
        }
      };
      const next = (refreshChains.get(chainKey) ?? Promise.resolve()).then(run);
      refreshChains.set(chainKey, next);
      void next.finally(() => {
        if (refreshChains.get(chainKey) === next) refreshChains.delete(chainKey);
      });
      return next;
    },

    removeItem(kind: ConsoleKind, id: number | string) {
      const list = this.lists[kind];
      const before = list.items.length;
      list.items = list.items.filter((item) => !sameId(item.id, id));
      if (list.total !== null && list.items.length < before) list.total--;
      if (sameId(this.openId, id)) this.openId = null;
    },

    /** The outbox pushed an entry: a sent write of this page means the server copy changed. */
    onEntry(entry: OutboxEntryView) {
      const account = this.account;
      if (entry.state !== 'sent' || handledSent.has(entry.id)) return;
      if (!account || entry.kind !== STATUSPAGE_OUTBOX_KIND || entry.accountId !== account.id || entry.input.subdomain !== account.subdomain) return;
      const kind = kindOfOperation(entry.operation);
      if (!kind) return;
      handledSent.add(entry.id);
      const profile = WRITES[kind];
      const target = entry.operation === profile.create ? (entry.serverId ?? entry.result?.id ?? null) : entry.input[profile.idParam];
      if ((typeof target !== 'number' && typeof target !== 'string') || isTempId(target)) return;
      // The page of a queued create follows it to its server id.
      if (entry.operation === profile.create && entry.tempId && sameId(this.openId, entry.tempId)) this.openId = target;
      if (entry.operation === profile.remove) {
        this.removeItem(kind, target);
        return;
      }
      this.refreshing.push(entry.id);
      void this.refreshItem(kind, target).finally(() => {
        this.refreshing = this.refreshing.filter((id) => id !== entry.id);
      });
    },

    /** A write was dropped (discarded, or "take theirs"): the item may differ from what it overlaid; read it again. */
    refreshFor(entry: OutboxEntryView) {
      const kind = kindOfOperation(entry.operation);
      if (!kind || entry.accountId !== this.accountId) return;
      const target = entry.input[WRITES[kind].idParam];
      if (typeof target === 'number' || (typeof target === 'string' && !isTempId(target))) void this.refreshItem(kind, target);
    },

    /** Queues one write of this account's page; resolves when it is durable ("accepted"). */
    async queue(operation: WriteOperationName, input: Record<string, unknown>, baseUpdatedAt?: string) {
      const account = this.account;
      if (!account) throw new Error('Choose an account first.');
      const full = { subdomain: account.subdomain, ...input };
      const result = await useOutboxStore().enqueue({
        id: newId(),
        accountId: account.id,
        operation,
        input: full,
        ...(baseUpdatedAt ? { baseUpdatedAt } : {}),
      });
      this.recent = [{ entryId: result.id, label: describeEntry({ operation, input: full }), at: Date.now() }, ...this.recent].slice(0, RECENT_WRITES);
      return result;
    },

    createItem(kind: ConsoleKind, body: Record<string, unknown>) {
      const profile = WRITES[kind];
      return this.queue(profile.create, { [profile.bodyKey]: body });
    },
    updateItem(kind: ConsoleKind, item: ConsoleItem, body: Record<string, unknown>) {
      const profile = WRITES[kind];
      return this.queue(profile.update, { [profile.idParam]: item.id, [profile.bodyKey]: body }, baseVersionOf(item));
    },
    deleteItem(kind: ConsoleKind, item: ConsoleItem) {
      const profile = WRITES[kind];
      return this.queue(profile.remove, { [profile.idParam]: item.id });
    },
    addUpdate(kind: ConsoleKind, item: ConsoleItem, body: Record<string, unknown>) {
      const profile = WRITES[kind];
      return this.queue(profile.addUpdate, { [profile.idParam]: item.id, update: body });
    },
    changeUpdate(kind: ConsoleKind, item: ConsoleItem, update: MergedUpdate, body: Record<string, unknown>) {
      const profile = WRITES[kind];
      return this.queue(profile.changeUpdate, { [profile.idParam]: item.id, updateId: update.id, update: body }, baseVersionOf(update));
    },
    deleteUpdate(kind: ConsoleKind, item: ConsoleItem, update: MergedUpdate) {
      const profile = WRITES[kind];
      return this.queue(profile.removeUpdate, { [profile.idParam]: item.id, updateId: update.id });
    },
    dismissRecent(entryId: string) {
      this.recent = this.recent.filter((write) => write.entryId !== entryId);
    },
  },
});
