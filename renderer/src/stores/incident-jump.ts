import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { ApiError } from '@/api';
import { apiTimeMs } from '@/lib/api-time';
import type { ConsoleItem, ConsoleKind } from '@/lib/console-item';
import { isServerItem, mergeList, type ServerItem } from '@/lib/console-list';
import { pageReadFailure } from '@/lib/page-read-failure';
import { readStatusPage } from '@/lib/statuspal-read';
import { useIncidentFilters } from './incident-filters';
import { useIncidentsStore } from './incidents';

/**
 * Old incidents in reach. The API lists newest first and has no search and no date filter
 * (only `type`, which the list's Type uses), so: an incident's number opens it at once, read on its own when
 * the list has not come to it; a date reads back page by page (100 a time) to the first incident that started
 * that day or before; and a search can read every page, so it looks through all of them. Each can be stopped.
 */
export const useIncidentJump = defineStore('incidentJump', () => {
  const incidents = useIncidentsStore();
  const filters = useIncidentFilters();
  /** Items opened by number that the list has not read (yet). */
  const fetched = shallowRef<Array<{ accountId: string; kind: ConsoleKind; item: ServerItem }>>([]);
  const reading = ref<{ goal: string; read: number } | null>(null);
  const message = ref<string | null>(null);
  // Not view state: whether the read under way was asked to stop.
  let stopped = false;

  /** The items opened by number, with the outbox's writes laid over them as over the list. */
  const extra = computed((): ConsoleItem[] => {
    const kind = incidents.tab;
    const own = fetched.value.filter((entry) => entry.kind === kind && entry.accountId === incidents.accountId).map((entry) => entry.item);
    return own.length ? mergeList(kind, own, incidents.overlayEntries, incidents.account, '') : [];
  });

  const noun = (kind: ConsoleKind) => (kind === 'incidents' ? 'incident' : 'notice');
  const listed = (kind: ConsoleKind, id: number | string) =>
    (kind === 'incidents' ? incidents.mergedIncidents : incidents.mergedNotices).some((item) => String(item.id) === String(id));

  /** The item with this number, to open; null (and a message) when the page has none. */
  async function toId(id: number): Promise<number | null> {
    const kind = incidents.tab;
    const account = incidents.account;
    message.value = null;
    if (!account) return null;
    if (listed(kind, id) || fetched.value.some((entry) => entry.accountId === account.id && entry.kind === kind && entry.item.id === id)) return id;
    reading.value = { goal: `#${id}`, read: 0 };
    try {
      const subdomain = account.subdomain;
      const read =
        kind === 'incidents'
          ? (await readStatusPage(account.id, 'getIncident', { subdomain, incidentId: id })).item
          : (await readStatusPage(account.id, 'getInfoNotice', { subdomain, infoNoticeId: id })).item;
      if (!isServerItem(read)) return null;
      fetched.value = [{ accountId: account.id, kind, item: read }, ...fetched.value.filter((entry) => !(entry.kind === kind && entry.item.id === id))];
      return id;
    } catch (error) {
      message.value =
        error instanceof ApiError && error.code === 'not_found'
          ? `There is no ${noun(kind)} #${id} on ${account.subdomain}.`
          : `#${id} could not be read: ${pageReadFailure(error)}.`;
      return null;
    } finally {
      reading.value = null;
    }
  }

  /** Reads on until `done` says so or the list ends; false when stopped or when a read failed. */
  async function readOn(goal: string, done: () => boolean): Promise<boolean> {
    const kind = incidents.tab;
    stopped = false;
    reading.value = { goal, read: incidents.lists[kind].items.length };
    try {
      while (!done() && incidents.lists[kind].cursor !== null && !stopped) {
        await incidents.loadList(kind, true);
        if (incidents.lists[kind].error) return false;
        reading.value = { goal, read: incidents.lists[kind].items.length };
      }
      return !stopped;
    } finally {
      reading.value = null;
    }
  }

  /**
   * The first item (newest first) that started on `day` (YYYY-MM-DD, in the window's time zone) or before:
   * its id, or null. The search and the Open / Resolved filter are cleared, so it is in the list to go to.
   */
  async function toDate(day: string): Promise<number | string | null> {
    const kind = incidents.tab;
    const end = new Date(`${day}T00:00:00`).getTime() + 24 * 3_600_000;
    if (!Number.isFinite(end)) return null;
    message.value = null;
    filters.clear();
    const at = (item: ServerItem) =>
      apiTimeMs(typeof item.starts_at === 'string' ? item.starts_at : typeof item.inserted_at === 'string' ? item.inserted_at : null);
    const found = () => incidents.lists[kind].items.find((item) => (at(item) ?? Infinity) < end);
    const complete = await readOn(day, () => found() !== undefined);
    const item = found();
    if (item) return item.id;
    if (complete) message.value = `Nothing started on ${day} or before: the oldest is the last one listed.`;
    return null;
  }

  /** Reads every page, so the search looks through all of them (100 a read). */
  async function readAll(): Promise<void> {
    message.value = null;
    await readOn('the end', () => false);
  }

  function stop() {
    stopped = true;
  }

  function forget() {
    fetched.value = [];
    message.value = null;
  }

  return { fetched, extra, reading, message, toId, toDate, readAll, stop, forget };
});
