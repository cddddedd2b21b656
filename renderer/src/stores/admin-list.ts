import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppErrorShape } from '@shared/errors';
import { ADMIN_RESOURCES, type AdminResourceId } from '@shared/admin/resources';
import { entryInScope, scopeKey, scopeParams, type AdminScope } from '@shared/admin/scope';
import { ApiError } from '@/api';
import { readStatusPageList } from '@/lib/statuspage-read';
import { useOutboxStore } from './outbox';

/** Items per read of a cursor list: more than the API's default 20, and the rest is one "Load more" away. */
export const ADMIN_PAGE_SIZE = 50;
const MAX_LIMIT = 100;

function errorShapeOf(error: unknown): AppErrorShape {
  if (error instanceof ApiError) return { code: error.code, message: error.message, ...(error.status === undefined ? {} : { status: error.status }) };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

function defineListStore(resourceId: AdminResourceId) {
  const resource = ADMIN_RESOURCES[resourceId];

  return defineStore(`adminList:${resourceId}`, () => {
    const scope = ref<AdminScope | null>(null);
    const items = ref<Record<string, unknown>[]>([]);
    const total = ref<number | null>(null);
    const nextCursor = ref<string | null>(null);
    const status = ref<ListStatus>('idle');
    const loadingMore = ref(false);
    const error = ref<AppErrorShape | null>(null);
    /** When the read behind `items` started: writes seen sent after it are not in `items` yet. */
    const loadedFrom = ref(0);
    /** The filter the items are read with (already validated). */
    const filter = ref('');

    // Not view state: the one subscription, the read on its way and whether another is asked for after it,
    // and which reads still count (a restart makes every read on its way stale).
    let listening = false;
    let reloading: Promise<void> | null = null;
    let again = false;
    let generation = 0;

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
      items.value = [];
      total.value = null;
      nextCursor.value = null;
      status.value = nextStatus;
    }

    /** Refreshes when one of this resource's writes in this scope is sent. */
    function listen() {
      if (listening) return;
      listening = true;
      const operations = new Set<string>([resource.create, resource.update, resource.remove]);
      useOutboxStore().onSent((entry) => {
        if (scope.value && operations.has(entry.operation) && entryInScope(entry, scope.value)) void reload();
      });
    }

    function inputOf(after: string | null, limit: number): Record<string, unknown> {
      return {
        ...scopeParams(scope.value!),
        ...(resource.cursor ? { limit } : {}),
        ...(after ? { after } : {}),
        ...(resource.filterParam && filter.value ? { [resource.filterParam]: filter.value } : {}),
      };
    }

    async function read(after: string | null, limit: number) {
      return readStatusPageList(scope.value!.accountId, resource.list, inputOf(after, limit));
    }

    /**
     * Reads the list again, as far as the user had loaded it. Calls during a read are folded into one more
     * read after it, so a burst of sent writes costs two reads, not one each.
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
      status.value = status.value === 'ready' ? 'ready' : 'loading';
      try {
        const collected: Record<string, unknown>[] = [];
        let after: string | null = null;
        let readTotal: number | null = null;
        do {
          const page = await read(after, Math.min(MAX_LIMIT, target - collected.length));
          collected.push(...page.items);
          readTotal = page.total;
          after = resource.cursor ? page.nextCursor : null;
        } while (after && collected.length < target);
        if (mine !== generation) return;
        items.value = collected;
        total.value = readTotal;
        nextCursor.value = after;
        loadedFrom.value = started;
        error.value = null;
        status.value = 'ready';
      } catch (failure) {
        if (mine !== generation) return;
        error.value = errorShapeOf(failure);
        status.value = 'error';
      }
    }

    async function loadMore() {
      if (!nextCursor.value || loadingMore.value) return;
      const mine = generation;
      loadingMore.value = true;
      try {
        const page = await read(nextCursor.value, ADMIN_PAGE_SIZE);
        if (mine !== generation) return;
        const known = new Set(items.value.map((item) => String(item.id)));
        items.value.push(...page.items.filter((item) => !known.has(String(item.id))));
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

    return { scope, items, total, nextCursor, status, loadingMore, error, loadedFrom, filter, show, reload, loadMore, applyFilter };
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
