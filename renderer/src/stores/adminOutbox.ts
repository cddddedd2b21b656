import { defineStore } from 'pinia';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import type { ConflictChoice, OutboxEnqueueInput } from '../../../shared/outbox/requests';
import { api, call } from '../api';

type SentListener = (entry: OutboxEntryView) => void;
/** Lists that refresh when one of their writes is sent (kept out of state: functions are not view state). */
const sentListeners = new Set<SentListener>();
let unsubscribe: (() => void) | null = null;

/**
 * The outbox as the administration screen sees it: every queued write (kept current by outbox.onChange),
 * when each was seen sent, and the actions on failed writes. All writes of the screen go through `enqueue`.
 */
export const useAdminOutbox = defineStore('adminOutbox', {
  state: () => ({
    byId: {} as Record<string, OutboxEntryView>,
    /** When this window saw an entry become sent: lists read before that moment do not show it yet. */
    sentAt: {} as Record<string, number>,
    loadError: null as string | null,
  }),
  getters: {
    entries: (state): OutboxEntryView[] => Object.values(state.byId).sort((a, b) => a.seq - b.seq),
  },
  actions: {
    /** Subscribes once for the life of the window, then reads what is already queued. */
    async start() {
      if (!unsubscribe) {
        unsubscribe = api().outbox.onChange((change) => {
          if (change.type === 'entry') this.upsert(change.entry);
          else if (change.type === 'removed') delete this.byId[change.id];
        });
      }
      try {
        const entries = await call(api().outbox.list());
        // Entries already known came through onChange, which is never older than this list.
        for (const entry of entries) this.byId[entry.id] ??= entry;
        this.loadError = null;
      } catch (error) {
        this.loadError = error instanceof Error ? error.message : String(error);
      }
    },
    upsert(entry: OutboxEntryView) {
      const before = this.byId[entry.id];
      this.byId[entry.id] = entry;
      if (entry.state === 'sent' && before?.state !== 'sent') {
        this.sentAt[entry.id] = Date.now();
        for (const listener of sentListeners) listener(entry);
      }
    },
    onSent(listener: SentListener): () => void {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
    /** Queues one write; the entry shows at once, even before its change event arrives. */
    async enqueue(request: Pick<OutboxEnqueueInput, 'accountId' | 'operation' | 'input' | 'baseUpdatedAt'>) {
      const result = await call(api().outbox.enqueue({ ...request, kind: 'statuspage' }));
      if (!this.byId[result.id]) {
        const seq = Math.max(0, ...Object.values(this.byId).map((e) => e.seq)) + 1;
        this.byId[result.id] = {
          id: result.id,
          kind: 'statuspage',
          accountId: request.accountId,
          operation: request.operation,
          input: request.input,
          resourceKey: result.resourceKey,
          ...(result.tempId ? { tempId: result.tempId } : {}),
          dependsOn: [],
          createdAt: new Date().toISOString(),
          attempts: 0,
          state: result.state,
          seq,
        };
      }
      return result;
    },
    async retry(id: string, input?: Record<string, unknown>) {
      this.upsert(await call(api().outbox.retry(input ? { id, input } : { id })));
    },
    async drop(id: string) {
      await call(api().outbox.drop({ id }));
      delete this.byId[id];
    },
    async resolveConflict(id: string, choice: ConflictChoice) {
      const result = await call(api().outbox.resolveConflict({ id, choice }));
      if (result.entry) this.upsert(result.entry);
      else delete this.byId[id];
    },
  },
});
