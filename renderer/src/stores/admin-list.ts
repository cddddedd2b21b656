import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppErrorShape } from '@shared/errors';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { ADMIN_RESOURCES, type AdminResourceId } from '@shared/admin/resources';
import { entryInScope, scopeKey, scopeParams, type AdminScope } from '@shared/admin/scope';
import { api, ApiError, call } from '@/api';
import { canReadOne, readAdminItem } from '@/lib/admin-item-read';
import { readStatusPage } from '@/lib/statuspal-read';
import { servicesOfSummary } from '@/lib/summary-services';
import { useOutboxStore } from './outbox';

/** Items per read of a cursor list: the API's maximum, so a long list costs as few requests as it can. */
export const ADMIN_PAGE_SIZE = 100;

function errorShapeOf(error: unknown): AppErrorShape {
  if (error instanceof ApiError) return { code: error.code, message: error.message, ...(error.status === undefined ? {} : { status: error.status }) };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

type ListStatus = 'idle' | 'loading' | 'ready' | 'error';
type Item = Record<string, unknown>;
/** A change a sent write made, as this list applies it: again onto a read that was on its way meanwhile. */
type Patch = { kind: 'remove'; id: string; parentOf?: unknown } | { kind: 'upsert'; item: Item; append: boolean } | { kind: 'count' };

function defineListStore(resourceId: AdminResourceId) {
  const resource = ADMIN_RESOURCES[resourceId];
  const keyOf = (item: Item): string => String(item[resource.idField]);

  return defineStore(`adminList:${resourceId}`, () => {
    const scope = ref<AdminScope | null>(null);
    /** Replaced, never changed in place: tens of thousands of items stay plain objects (no deep proxies). */
    const items = shallowRef<Item[]>([]);
    const total = ref<number | null>(null);
    const nextCursor = ref<string | null>(null);
    const status = ref<ListStatus>('idle');
    const loadingMore = ref(false);
    const error = ref<AppErrorShape | null>(null);
    /** When the read behind `items` started. */
    const loadedFrom = ref(0);
    /** The filter the items are read with (already validated). */
    const filter = ref('');
    /**
     * Services only: `items` is the page summary's public tree, shown while the admin list is read (one request
     * per service below the top level: on a large page, a while at the API's rate).
     */
    const partial = ref(false);
    /** Sent writes whose effect is not in `items` yet (their item is being read): the section still shows them. */
    const awaiting = ref<Record<string, true>>({});

    // Not view state: the one subscription, the read on its way and whether another is asked for after it,
    // which reads still count (a restart makes every read on its way stale), the ids listed (so Load more
    // never rebuilds them), the cursor each item's page was read with (a member is read again through its
    // page: the API has no read of one member), and the patches made while a whole read was on its way.
    let listening = false;
    let reloading: Promise<void> | null = null;
    let again = false;
    let generation = 0;
    const known = new Set<string>();
    const pageOf = new Map<string, string | null>();
    let journal: Patch[] | null = null;

    /** Shows the list of a scope: read it the first time, or when the scope changed. */
    function show(next: AdminScope) {
      listen();
      if (scope.value && scopeKey(scope.value) === scopeKey(next) && status.value !== 'idle') return;
      scope.value = next;
      error.value = null;
      restart('', 'idle');
      void reload();
    }

    /** Forgets what was read, so a read still on its way is ignored and the next starts from the first page. */
    function restart(nextFilter: string, nextStatus: 'idle' | 'loading') {
      generation++;
      filter.value = nextFilter;
      setItems([]);
      total.value = null;
      nextCursor.value = null;
      status.value = nextStatus;
      partial.value = false;
      awaiting.value = {};
    }

    function setItems(next: Item[]) {
      items.value = next;
      known.clear();
      for (const item of next) known.add(keyOf(item));
    }

    /** Patches the list when one of this resource's writes in this scope is sent. */
    function listen() {
      if (listening) return;
      listening = true;
      const operations = new Set<string>([resource.create, resource.update, resource.remove]);
      useOutboxStore().onSent((entry) => {
        if (scope.value && operations.has(entry.operation) && entryInScope(entry, scope.value)) void applySent(entry);
      });
    }

    /** One page through the core's list-admin-resource (what it reads, with which parameters, is said there). */
    async function read(after: string | null, limit: number) {
      const page = await call(
        api().admin.list({ accountId: scope.value!.accountId, resource: resourceId, where: scopeParams(scope.value!), after, limit, filter: filter.value }),
      );
      for (const item of page.items) pageOf.set(keyOf(item), after);
      return page;
    }

    /**
     * What a sent write changed, applied to the list: a delete is taken out (no request), an edit or a create
     * is read again on its own (one request), or through the one page it lives on when the API cannot read
     * it alone. Anything that cannot be patched reads the list again, as far as it was loaded.
     */
    async function applySent(entry: OutboxEntryView) {
      const mine = generation;
      awaiting.value[entry.id] = true;
      try {
        const patch = await patchOf(entry);
        if (mine !== generation) return;
        if (patch === 'reload') await reload();
        else if (patch) {
          apply(patch);
          journal?.push(patch);
        }
      } catch {
        if (mine === generation) await reload();
      } finally {
        if (mine === generation) delete awaiting.value[entry.id];
      }
    }

    async function patchOf(entry: OutboxEntryView): Promise<Patch | 'reload' | null> {
      if (entry.operation === resource.remove) {
        const id = String(entry.input[resource.idParam]);
        return { kind: 'remove', id, parentOf: items.value.find((item) => keyOf(item) === id)?.parent_id };
      }
      const created = entry.operation === resource.create;
      // Whether a new or changed item matches the server's filter is the server's to say (a filtered list is short).
      if (filter.value) return 'reload';
      // A list read oldest first puts a new item at its end: past what is loaded, it is only counted.
      if (created && resource.cursor && nextCursor.value !== null) return { kind: 'count' };
      const id = created ? (entry.serverId ?? entry.result?.id) : entry.input[resource.idParam];
      if (id === undefined || id === null) return 'reload';
      try {
        const item = canReadOne(resourceId) ? await readAdminItem(resourceId, scope.value!, id) : await readThroughPage(String(id), created);
        if (item === null) return created || canReadOne(resourceId) ? 'reload' : { kind: 'remove', id: String(id) };
        return { kind: 'upsert', item, append: created };
      } catch (failure) {
        // Deleted on the server meanwhile.
        if (failure instanceof ApiError && failure.code === 'not_found' && !created) return { kind: 'remove', id: String(id) };
        throw failure;
      }
    }

    /**
     * An item of a list without a read of one item (members): the page it was read on (a create: the last
     * page read), read again; null when it is not there any more.
     */
    async function readThroughPage(id: string, created: boolean): Promise<Item | null> {
      const last = items.value[items.value.length - 1];
      const after = created ? (last ? (pageOf.get(keyOf(last)) ?? null) : null) : (pageOf.get(id) ?? null);
      const page = await read(after, ADMIN_PAGE_SIZE);
      return page.items.find((item) => keyOf(item) === id) ?? null;
    }

    /** Applies a patch to `list` (the items shown, or a read that was on its way) and returns the new list. */
    function patched(list: readonly Item[], patch: Patch, counted: boolean): Item[] {
      if (patch.kind === 'count') {
        if (counted && total.value !== null) total.value++;
        return list as Item[];
      }
      if (patch.kind === 'remove') {
        const index = list.findIndex((item) => keyOf(item) === patch.id);
        let next = index >= 0 ? list.filter((_, i) => i !== index) : (list as Item[]);
        // The server moves a deleted service's children up to its parent.
        if (resource.id === 'services' && index >= 0) {
          next = next.map((item) =>
            item.parent_id !== undefined && String(item.parent_id) === patch.id ? { ...item, parent_id: patch.parentOf ?? null } : item,
          );
        }
        if (counted && total.value !== null && (index >= 0 || !filter.value)) total.value = Math.max(0, total.value - 1);
        return next;
      }
      const id = keyOf(patch.item);
      const index = list.findIndex((item) => keyOf(item) === id);
      if (index >= 0) return list.map((item, i) => (i === index ? patch.item : item));
      if (!patch.append && resource.cursor) return list as Item[];
      if (counted && total.value !== null) total.value++;
      return [...list, patch.item];
    }

    function apply(patch: Patch) {
      const before = items.value;
      items.value = patched(before, patch, true);
      if (patch.kind === 'remove') known.delete(patch.id);
      else if (patch.kind === 'upsert' && items.value !== before) known.add(keyOf(patch.item));
    }

    /**
     * Reads the list again, as far as the user had loaded it (Refresh, a failure, a new filter). Calls during
     * a read are folded into one more read after it.
     */
    async function reload(): Promise<void> {
      if (!scope.value) return;
      if (reloading) {
        again = true;
        return reloading;
      }
      reloading = (async () => {
        do {
          again = false;
          await readAll();
        } while (again);
      })().finally(() => {
        reloading = null;
      });
      return reloading;
    }

    async function readAll() {
      const mine = generation;
      const started = Date.now();
      const target = Math.max(items.value.length, ADMIN_PAGE_SIZE);
      // After the list's own read is on its way (it keeps its place in the account's rate limit).
      if (resource.id === 'services' && items.value.length === 0) queueMicrotask(() => void previewServices(mine));
      status.value = status.value === 'ready' ? 'ready' : 'loading';
      journal = [];
      try {
        const collected: Item[] = [];
        let after: string | null = null;
        let readTotal: number | null = null;
        do {
          const page = await read(after, Math.min(ADMIN_PAGE_SIZE, target - collected.length));
          collected.push(...page.items);
          readTotal = page.total;
          after = resource.cursor ? page.nextCursor : null;
        } while (after && collected.length < target);
        if (mine !== generation) return;
        // Writes patched in while this read was on its way may be missing from it: apply them again.
        const latest = journal.reduce<Item[]>((list, patch) => patched(list, patch, false), collected);
        setItems(latest);
        // A list read whole counts what it holds (a services list may count only its top level).
        total.value = resource.cursor ? readTotal : latest.length;
        partial.value = false;
        nextCursor.value = after;
        loadedFrom.value = started;
        error.value = null;
        status.value = 'ready';
      } catch (failure) {
        if (mine !== generation) return;
        error.value = errorShapeOf(failure);
        status.value = 'error';
      } finally {
        journal = null;
      }
    }

    /** The services of the page summary, until the admin list is read (nothing when the list comes first). */
    async function previewServices(mine: number) {
      const target = scope.value;
      if (!target || target.kind !== 'page') return;
      try {
        const { item: summary } = await readStatusPage(target.accountId, 'getPageSummary', { subdomain: target.subdomain });
        if (mine !== generation || status.value === 'ready' || items.value.length > 0) return;
        setItems(servicesOfSummary(summary.services));
        total.value = items.value.length;
        partial.value = true;
        status.value = 'ready';
      } catch {
        // The admin list's own read says what went wrong.
      }
    }

    async function loadMore() {
      if (!nextCursor.value || loadingMore.value) return;
      const mine = generation;
      loadingMore.value = true;
      try {
        const page = await read(nextCursor.value, ADMIN_PAGE_SIZE);
        if (mine !== generation) return;
        const fresh = page.items.filter((item) => !known.has(keyOf(item)));
        for (const item of fresh) known.add(keyOf(item));
        items.value = [...items.value, ...fresh];
        total.value = page.total;
        nextCursor.value = page.nextCursor;
        error.value = null;
      } catch (failure) {
        if (mine === generation) error.value = errorShapeOf(failure);
      } finally {
        loadingMore.value = false;
      }
    }

    /** Reads from the first page with a new filter (validated by the caller); '' shows everything. */
    async function applyFilter(next: string) {
      restart(next, 'loading');
      await reload();
    }

    return { scope, items, total, nextCursor, status, loadingMore, error, loadedFrom, filter, awaiting, partial, show, reload, loadMore, applyFilter };
  });
}

type ListStoreDefinitions = { readonly [K in AdminResourceId]: ReturnType<typeof defineListStore> };

/** One definition per resource, made once: definitions, not state (each store's state is in the window's Pinia). */
const RESOURCE_IDS = Object.keys(ADMIN_RESOURCES) as AdminResourceId[];
const definitions = Object.fromEntries(RESOURCE_IDS.map((id) => [id, defineListStore(id)])) as ListStoreDefinitions;

/** The list store of one administration resource (one per resource, shared by every component that shows it). */
export function useAdminList(resourceId: AdminResourceId) {
  return definitions[resourceId]();
}
