import { defineStore } from 'pinia';
import type { AppErrorShape } from '../../../shared/errors';
import { ADMIN_RESOURCES, type AdminResourceId } from '../../../shared/admin/resources';
import { entryInScope, scopeKey, scopeParams, type AdminScope } from '../../../shared/admin/scope';
import { ApiError } from '../api';
import { readStatusPageList } from '../lib/statuspage-read';
import { onOutboxSent } from './outbox';

/** Items per read of a cursor list: more than the API's default 20, and the rest is one "Load more" away. */
export const ADMIN_PAGE_SIZE = 50;
const MAX_LIMIT = 100;

function errorShapeOf(error: unknown): AppErrorShape {
  if (error instanceof ApiError) return { code: error.code, message: error.message, ...(error.status === undefined ? {} : { status: error.status }) };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

function makeListStore(resourceId: AdminResourceId) {
  const resource = ADMIN_RESOURCES[resourceId];
  let reloading: Promise<void> | null = null;
  let again = false;
  let generation = 0;

  return defineStore(`adminList:${resourceId}`, {
    state: () => ({
      scope: null as AdminScope | null,
      items: [] as Record<string, unknown>[],
      total: null as number | null,
      nextCursor: null as string | null,
      status: 'idle' as 'idle' | 'loading' | 'ready' | 'error',
      loadingMore: false,
      error: null as AppErrorShape | null,
      /** When the read behind `items` started: writes seen sent after it are not in `items` yet. */
      loadedFrom: 0,
      /** The filter the items are read with (already validated). */
      filter: '',
      listening: false,
    }),
    actions: {
      /** Shows the list of a scope: read it the first time, or when the scope changed. */
      show(scope: AdminScope) {
        this.listen();
        if (this.scope && scopeKey(this.scope) === scopeKey(scope) && this.status !== 'idle') return;
        this.scope = scope;
        this.error = null;
        this.restart('', 'idle');
        void this.reload();
      },
      /** Internal: forgets what was read, so a read still on its way is ignored and the next starts from the first page. */
      restart(filter: string, status: 'idle' | 'loading') {
        generation++;
        this.filter = filter;
        this.items = [];
        this.total = null;
        this.nextCursor = null;
        this.status = status;
      },
      /** Refreshes when one of this resource's writes in this scope is sent. */
      listen() {
        if (this.listening) return;
        this.listening = true;
        const operations = new Set<string>([resource.create, resource.update, resource.remove]);
        onOutboxSent((entry) => {
          if (this.scope && operations.has(entry.operation) && entryInScope(entry, this.scope)) void this.reload();
        });
      },
      input(after: string | null, limit: number): Record<string, unknown> {
        return {
          ...scopeParams(this.scope!),
          ...(resource.cursor ? { limit } : {}),
          ...(after ? { after } : {}),
          ...(resource.filterParam && this.filter ? { [resource.filterParam]: this.filter } : {}),
        };
      },
      async read(after: string | null, limit: number) {
        return readStatusPageList(this.scope!.accountId, resource.list, this.input(after, limit));
      },
      /**
       * Reads the list again, as far as the user had loaded it. Calls during a read are folded into one more
       * read after it, so a burst of sent writes costs two reads, not one each.
       */
      async reload(): Promise<void> {
        if (!this.scope) return;
        if (reloading) {
          again = true;
          return reloading;
        }
        reloading = (async () => {
          do {
            again = false;
            await this.readAll();
          } while (again);
        })().finally(() => {
          reloading = null;
        });
        return reloading;
      },
      async readAll() {
        const mine = generation;
        const started = Date.now();
        const target = Math.max(this.items.length, ADMIN_PAGE_SIZE);
        this.status = this.status === 'ready' ? 'ready' : 'loading';
        try {
          const items: Record<string, unknown>[] = [];
          let after: string | null = null;
          let total: number | null = null;
          do {
            const page = await this.read(after, Math.min(MAX_LIMIT, target - items.length));
            items.push(...page.items);
            total = page.total;
            after = resource.cursor ? page.nextCursor : null;
          } while (after && items.length < target);
          if (mine !== generation) return;
          this.items = items;
          this.total = total;
          this.nextCursor = after;
          this.loadedFrom = started;
          this.error = null;
          this.status = 'ready';
        } catch (error) {
          if (mine !== generation) return;
          this.error = errorShapeOf(error);
          this.status = 'error';
        }
      },
      async loadMore() {
        if (!this.nextCursor || this.loadingMore) return;
        const mine = generation;
        this.loadingMore = true;
        try {
          const page = await this.read(this.nextCursor, ADMIN_PAGE_SIZE);
          if (mine !== generation) return;
          const known = new Set(this.items.map((item) => String(item.id)));
          this.items.push(...page.items.filter((item) => !known.has(String(item.id))));
          this.total = page.total;
          this.nextCursor = page.nextCursor;
          this.error = null;
        } catch (error) {
          if (mine === generation) this.error = errorShapeOf(error);
        } finally {
          this.loadingMore = false;
        }
      },
      /** Reads from the first page with a new filter (validated by the caller); '' shows everything. */
      async applyFilter(filter: string) {
        this.restart(filter, 'loading');
        await this.reload();
      },
    },
  });
}

const definitions = new Map<AdminResourceId, ReturnType<typeof makeListStore>>();

/** The list store of one administration resource (one per resource, shared by every component that shows it). */
export function useAdminList(resourceId: AdminResourceId) {
  let definition = definitions.get(resourceId);
  if (!definition) {
    definition = makeListStore(resourceId);
    definitions.set(resourceId, definition);
  }
  return definition();
}
