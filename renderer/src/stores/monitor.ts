import { defineStore } from 'pinia';
import type { WatchedPageFormInput } from '../../../shared/ipc/channels/monitor';
import type { MonitorEvent } from '../../../shared/monitor/events';
import type { NotificationPrefs } from '../../../shared/monitor/notification-prefs';
import type { DashboardPatch, PageCard } from '../../../shared/monitor/dashboard-patch';
import { acceptDetail, applyPatch, applyView, closeDetail, emptyMirror } from '../../../shared/monitor/patch-mirror';
import type { WatchedPage } from '../../../shared/monitor/watched-page';
import { INCIDENT_MERGE_PROFILE } from '../../../shared/outbox/merged-view';
import { api, call } from '../api';
import { useAccountsStore } from './accounts';
import { useOutboxStore } from './outbox';

const HISTORY_IN_VIEW = 500;

/**
 * The dashboard's view state: collapsed cards kept current by the main process's versioned patches (a whole
 * view only on start and after a gap), the summaries of the open cards, and the watched-page settings.
 */
export const useMonitorStore = defineStore('monitor', {
  state: () => ({
    dashboard: emptyMirror(),
    /** A view is being read: patches wait here, then those newer than it are applied. */
    resyncing: false,
    waiting: [] as DashboardPatch[],
    pages: [] as WatchedPage[],
    history: [] as MonitorEvent[],
    prefs: null as NotificationPrefs | null,
    error: null as string | null,
    polling: false,
    listening: false,
  }),
  getters: {
    watched: (state) => (id: string) => state.pages.find((p) => p.id === id),
    loaded: (state) => state.dashboard.version !== null,
    cards: (state): PageCard[] => Object.values(state.dashboard.cards),
    detail: (state) => (pageId: string) => state.dashboard.details[pageId]?.summary ?? null,
    /** The account that may write to a watched page: the page's own, when it has a key. */
    writerOf: (state) => (pageId: string) => {
      const page = state.pages.find((p) => p.id === pageId);
      if (!page?.accountId || page.kind === 'statuspage') return null;
      return useAccountsStore().accounts.find((a) => a.id === page.accountId && a.key.storage !== 'none') ?? null;
    },
  },
  actions: {
    /** Reads every card again (start, gap); patches that come meanwhile are applied after it. */
    async resync() {
      this.resyncing = true;
      try {
        const view = await call(api().monitor.snapshot());
        const refetch = applyView(this.dashboard, view);
        const waiting = this.waiting.splice(0).sort((a, b) => a.version - b.version);
        this.resyncing = false;
        for (const patch of waiting) this.applyPatch(patch);
        for (const id of refetch) void this.fetchDetail(id);
      } finally {
        if (this.resyncing) this.waiting = []; // the read failed: the next patch finds the gap again
        this.resyncing = false;
      }
    },
    applyPatch(patch: DashboardPatch) {
      if (this.resyncing) {
        this.waiting.push(patch);
        return;
      }
      const outcome = applyPatch(this.dashboard, patch);
      if (outcome.kind === 'gap') void this.resync().catch((error: unknown) => (this.error = error instanceof Error ? error.message : String(error)));
      else if (outcome.kind === 'applied') for (const id of outcome.refetch) void this.fetchDetail(id);
    },
    /** A card was opened: its services and incidents, kept current by the patches until it closes. */
    async openDetail(pageId: string) {
      if (this.dashboard.details[pageId]) return;
      await this.fetchDetail(pageId);
    },
    closeDetail(pageId: string) {
      closeDetail(this.dashboard, pageId);
    },
    async fetchDetail(pageId: string) {
      // A summary already out of date when it arrives (a patch moved the page meanwhile) is read again.
      for (let attempt = 0; attempt < 3; attempt++) {
        if (acceptDetail(this.dashboard, await call(api().monitor.pageDetail({ pageId })))) return;
      }
    },
    async load() {
      try {
        const [, pages, prefs, history] = await Promise.all([
          this.resync(),
          call(api().monitor.pages()),
          call(api().notifications.prefs()),
          call(api().monitor.history({ limit: HISTORY_IN_VIEW })),
        ]);
        this.pages = pages;
        this.prefs = prefs;
        this.history = history;
        this.error = null;
      } catch (error) {
        this.error = error instanceof Error ? error.message : String(error);
      }
    },
    /** Subscribes once for the life of the window. */
    listen() {
      if (this.listening) return;
      this.listening = true;
      api().monitor.onPatch((patch) => this.applyPatch(patch));
      api().monitor.onEvent((event) => {
        this.history = [event, ...this.history.filter((e) => e.id !== event.id)].slice(0, HISTORY_IN_VIEW);
      });
    },
    async refreshPages() {
      this.pages = await call(api().monitor.pages());
      await this.resync();
    },
    async addPage(input: WatchedPageFormInput) {
      const page = await call(api().monitor.addPage(input));
      await this.refreshPages();
      return page;
    },
    async removePage(id: string) {
      await call(api().monitor.removePage({ id }));
      await this.refreshPages();
    },
    async setMuted(id: string, muted: boolean) {
      await call(api().monitor.updatePage({ id, muted }));
      await this.refreshPages();
    },
    async toggleServiceMute(id: string, serviceId: number) {
      const page = this.pages.find((p) => p.id === id);
      if (!page) return;
      const muted = page.mutedServiceIds.includes(serviceId) ? page.mutedServiceIds.filter((s) => s !== serviceId) : [...page.mutedServiceIds, serviceId];
      await call(api().monitor.updatePage({ id, mutedServiceIds: muted }));
      await this.refreshPages();
    },
    async follow(pageId: string, incidentId: number, follow: boolean) {
      const page = await call(api().monitor.followIncident({ pageId, incidentId, follow }));
      this.pages = this.pages.map((p) => (p.id === page.id ? page : p));
    },
    /** Queues an update of an incident on one's own watched page, like the incident console does (the outbox sends it). */
    async postUpdate(pageId: string, incidentId: number, body: Record<string, unknown>) {
      const page = this.pages.find((p) => p.id === pageId);
      const account = this.writerOf(pageId);
      if (!page || !account) throw new Error('Only a page of an account with an API key can be written to.');
      return useOutboxStore().enqueue({
        accountId: account.id,
        operation: INCIDENT_MERGE_PROFILE.addUpdate,
        input: { subdomain: page.subdomain, [INCIDENT_MERGE_PROFILE.idParam]: incidentId, update: body },
      });
    },
    async pollNow(pageId?: string) {
      this.polling = true;
      try {
        // The poll's changes come as a patch (pushed before pollNow answers).
        await call(api().monitor.pollNow(pageId ? { pageId } : {}));
      } finally {
        this.polling = false;
      }
    },
    async setPrefs(change: Partial<Pick<NotificationPrefs, 'enabled' | 'minSeverity' | 'maintenanceStartEnd'>>) {
      this.prefs = await call(api().notifications.setPrefs(change));
    },
    async pause(minutes: number) {
      this.prefs = await call(api().notifications.pause({ minutes }));
    },
    async resume() {
      this.prefs = await call(api().notifications.resume());
    },
    async clearHistory() {
      await call(api().monitor.clearHistory());
      this.history = [];
    },
  },
});
