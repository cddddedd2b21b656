import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { MonitorEvent } from '@shared/monitor/events';
import type { NotificationPrefs } from '@shared/monitor/notification-prefs';
import type { DashboardPatch, PageCard } from '@shared/monitor/dashboard-patch';
import { acceptDetail, applyPatch as applyToMirror, applyView, closeDetail as closeInMirror, emptyMirror } from '@shared/monitor/patch-mirror';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { INCIDENT_MERGE_PROFILE } from '@shared/outbox/merged-view';
import { api, call } from '@/api';
import { useAccountsStore } from './accounts';
import { useOutboxStore } from './outbox';
import type { WatchedPageFormInput } from '@shared/monitor/watched-page-input';

const HISTORY_IN_VIEW = 500;

/**
 * The dashboard's view state: collapsed cards kept current by the main process's versioned patches (a whole
 * view only on start and after a gap), the summaries of the open cards, and the watched-page settings.
 */
export const useMonitorStore = defineStore('monitor', () => {
  const dashboard = ref(emptyMirror());
  const pages = ref<WatchedPage[]>([]);
  const history = ref<MonitorEvent[]>([]);
  const prefs = ref<NotificationPrefs | null>(null);
  const error = ref<string | null>(null);
  const polling = ref(false);
  // Not view state: the window's one subscription, and the patches held while a whole view is read.
  let listening = false;
  /** A view is being read: patches wait here, then those newer than it are applied. */
  let resyncing = false;
  let waiting: DashboardPatch[] = [];

  const watched = computed(() => (id: string) => pages.value.find((p) => p.id === id));
  const loaded = computed(() => dashboard.value.version !== null);
  const cards = computed((): PageCard[] => Object.values(dashboard.value.cards));
  const detail = computed(() => (pageId: string) => dashboard.value.details[pageId]?.summary ?? null);
  /** The account that may write to a watched page: the page's own, when it has a key. */
  const writerOf = computed(() => (pageId: string) => {
    const page = pages.value.find((p) => p.id === pageId);
    if (!page?.accountId || page.kind === 'provider') return null;
    return useAccountsStore().accounts.find((a) => a.id === page.accountId && a.key.storage !== 'none') ?? null;
  });

  /** Reads every card again (start, gap); patches that come meanwhile are applied after it. */
  async function resync() {
    resyncing = true;
    try {
      const view = await call(api().monitor.snapshot());
      const refetch = applyView(dashboard.value, view);
      const held = waiting.splice(0).sort((a, b) => a.version - b.version);
      resyncing = false;
      for (const patch of held) applyPatch(patch);
      for (const id of refetch) void fetchDetail(id);
    } finally {
      if (resyncing) waiting = []; // the read failed: the next patch finds the gap again
      resyncing = false;
    }
  }

  function applyPatch(patch: DashboardPatch) {
    if (resyncing) {
      waiting.push(patch);
      return;
    }
    const outcome = applyToMirror(dashboard.value, patch);
    if (outcome.kind === 'gap') void resync().catch((failure: unknown) => (error.value = failure instanceof Error ? failure.message : String(failure)));
    else if (outcome.kind === 'applied') for (const id of outcome.refetch) void fetchDetail(id);
  }

  /** A card was opened: its services and incidents, kept current by the patches until it closes. */
  async function openDetail(pageId: string) {
    if (dashboard.value.details[pageId]) return;
    await fetchDetail(pageId);
  }

  function closeDetail(pageId: string) {
    closeInMirror(dashboard.value, pageId);
  }

  async function fetchDetail(pageId: string) {
    // A summary already out of date when it arrives (a patch moved the page meanwhile) is read again.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (acceptDetail(dashboard.value, await call(api().monitor.pageDetail({ pageId })))) return;
    }
  }

  async function load() {
    try {
      const [, watchedPages, notificationPrefs, events] = await Promise.all([
        resync(),
        call(api().monitor.pages()),
        call(api().notifications.prefs()),
        call(api().monitor.history({ limit: HISTORY_IN_VIEW })),
      ]);
      pages.value = watchedPages;
      prefs.value = notificationPrefs;
      history.value = events;
      error.value = null;
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure);
    }
  }

  /** Subscribes once for the life of the window. */
  function listen() {
    if (listening) return;
    listening = true;
    api().monitor.onPatch((patch) => applyPatch(patch));
    api().monitor.onEvent((event) => {
      history.value = [event, ...history.value.filter((e) => e.id !== event.id)].slice(0, HISTORY_IN_VIEW);
    });
  }

  async function refreshPages() {
    pages.value = await call(api().monitor.pages());
    await resync();
  }

  async function addPage(input: WatchedPageFormInput) {
    const page = await call(api().monitor.addPage(input));
    await refreshPages();
    return page;
  }

  async function removePage(id: string) {
    await call(api().monitor.removePage({ id }));
    await refreshPages();
  }

  async function setMuted(id: string, muted: boolean) {
    await call(api().monitor.updatePage({ id, muted }));
    await refreshPages();
  }

  /** Every update of the page's incidents notifies, or only openings, escalations and ends. */
  async function setNotifyUpdates(id: string, notifyUpdates: boolean) {
    await call(api().monitor.updatePage({ id, notifyUpdates }));
    await refreshPages();
  }

  /** A provider page's parts followed; none: the whole provider again. */
  async function setParts(id: string, parts: string[]) {
    await call(api().monitor.updatePage({ id, parts }));
    await refreshPages();
  }

  async function toggleServiceMute(id: string, serviceId: number) {
    const page = pages.value.find((p) => p.id === id);
    if (!page) return;
    const muted = page.mutedServiceIds.includes(serviceId) ? page.mutedServiceIds.filter((s) => s !== serviceId) : [...page.mutedServiceIds, serviceId];
    await call(api().monitor.updatePage({ id, mutedServiceIds: muted }));
    await refreshPages();
  }

  async function follow(pageId: string, incidentId: number, following: boolean) {
    const page = await call(api().monitor.followIncident({ pageId, incidentId, follow: following }));
    pages.value = pages.value.map((p) => (p.id === page.id ? page : p));
  }

  /** Queues an update of an incident on one's own watched page, like the incident console does (the outbox sends it). */
  async function postUpdate(pageId: string, incidentId: number, body: Record<string, unknown>) {
    const page = pages.value.find((p) => p.id === pageId);
    const account = writerOf.value(pageId);
    if (!page || !account) throw new Error('Only a page of an account with an API key can be written to.');
    return useOutboxStore().enqueue({
      accountId: account.id,
      operation: INCIDENT_MERGE_PROFILE.addUpdate,
      input: { subdomain: page.subdomain, [INCIDENT_MERGE_PROFILE.idParam]: incidentId, update: body },
    });
  }

  async function pollNow(pageId?: string) {
    polling.value = true;
    try {
      // The poll's changes come as a patch (pushed before pollNow answers).
      await call(api().monitor.pollNow(pageId ? { pageId } : {}));
    } finally {
      polling.value = false;
    }
  }

  async function setPrefs(change: Partial<Pick<NotificationPrefs, 'enabled' | 'minSeverity' | 'maintenanceStartEnd'>>) {
    prefs.value = await call(api().notifications.setPrefs(change));
  }

  async function pause(minutes: number) {
    prefs.value = await call(api().notifications.pause({ minutes }));
  }

  async function resume() {
    prefs.value = await call(api().notifications.resume());
  }

  async function clearHistory() {
    await call(api().monitor.clearHistory());
    history.value = [];
  }

  return {
    dashboard,
    pages,
    history,
    prefs,
    error,
    polling,
    watched,
    loaded,
    cards,
    detail,
    writerOf,
    resync,
    applyPatch,
    openDetail,
    closeDetail,
    load,
    listen,
    refreshPages,
    addPage,
    removePage,
    setMuted,
    setNotifyUpdates,
    setParts,
    toggleServiceMute,
    follow,
    postUpdate,
    pollNow,
    setPrefs,
    pause,
    resume,
    clearHistory,
  };
});
