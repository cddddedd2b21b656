import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { WriteOperationName } from '@shared/outbox/write-operations';
import { newId } from '@/lib/console-list';
import { describeEntry } from '@/lib/outbox-entry-label';
import { useOutboxStore } from './outbox';

const RECENT_WRITES = 4;

/** A write queued from the console this session, for the "Queued → Sent" line. */
interface RecentWrite {
  entryId: string;
  label: string;
  at: number;
}

/**
 * Writes the console queues on a page, the one shown or another one of a linked incident, and the few
 * recent ones the "Queued → Sent" line follows. Both the console and linked incidents queue through here,
 * so neither store needs the other.
 */
export const usePageWrites = defineStore('page-writes', () => {
  const recent = ref<RecentWrite[]>([]);
  /** The account whose page the console shows: a write elsewhere is labelled with its page. */
  const shownAccountId = ref<string | null>(null);

  /** Queues one write of `page`; resolves when it is durable ("accepted"). */
  async function queueOn(
    page: { id: string; subdomain: string } | null | undefined,
    operation: WriteOperationName,
    input: Record<string, unknown>,
    baseUpdatedAt?: string,
  ) {
    if (!page) throw new Error('Choose an account first.');
    const full = { subdomain: page.subdomain, ...input };
    const result = await useOutboxStore().enqueue({
      id: newId(),
      accountId: page.id,
      operation,
      input: full,
      ...(baseUpdatedAt ? { baseUpdatedAt } : {}),
    });
    noteQueued({ accountId: page.id, subdomain: page.subdomain }, operation, input, result.id);
    return result;
  }

  /** A write queued on a page (here, or by the core for the window: a linked incident's other pages), for the status line. */
  function noteQueued(page: { accountId: string; subdomain: string }, operation: WriteOperationName, input: Record<string, unknown>, entryId: string) {
    const where = page.accountId === shownAccountId.value ? '' : ` on ${page.subdomain}`;
    const label = `${describeEntry({ operation, input: { subdomain: page.subdomain, ...input } })}${where}`;
    recent.value = [{ entryId, label, at: Date.now() }, ...recent.value].slice(0, RECENT_WRITES);
  }

  function dismissRecent(entryId: string) {
    recent.value = recent.value.filter((write) => write.entryId !== entryId);
  }

  return { recent, shownAccountId, queueOn, noteQueued, dismissRecent };
});
