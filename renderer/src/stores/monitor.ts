import { defineStore } from 'pinia';
import type { WatchedPageFormInput } from '../../../shared/ipc/channels/monitor';
import type { MonitorEvent } from '../../../shared/monitor/events';
import type { NotificationPrefs } from '../../../shared/monitor/notification-prefs';
import type { DashboardSnapshot } from '../../../shared/monitor/page-state';
import type { WatchedPage } from '../../../shared/monitor/watched-page';
import { api, call } from '../api';

const HISTORY_IN_VIEW = 500;

/** The dashboard's view state: pushed snapshots from the main process, plus the watched-page settings. */
export const useMonitorStore = defineStore('monitor', {
  state: () => ({
    snapshot: null as DashboardSnapshot | null,
    pages: [] as WatchedPage[],
    history: [] as MonitorEvent[],
    prefs: null as NotificationPrefs | null,
    error: null as string | null,
    polling: false,
    listening: false,
  }),
  getters: {
    watched: (state) => (id: string) => state.pages.find((p) => p.id === id),
  },
  actions: {
    async load() {
      try {
        const [snapshot, pages, prefs, history] = await Promise.all([
          call(api().monitor.snapshot()),
          call(api().monitor.pages()),
          call(api().notifications.prefs()),
          call(api().monitor.history({ limit: HISTORY_IN_VIEW })),
        ]);
        this.snapshot = snapshot;
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
      api().monitor.onSnapshot((snapshot) => {
        this.snapshot = snapshot;
      });
      api().monitor.onEvent((event) => {
        this.history = [event, ...this.history.filter((e) => e.id !== event.id)].slice(0, HISTORY_IN_VIEW);
      });
    },
    async refreshPages() {
      this.pages = await call(api().monitor.pages());
      this.snapshot = await call(api().monitor.snapshot());
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
      const muted = page.mutedServiceIds.includes(serviceId)
        ? page.mutedServiceIds.filter((s) => s !== serviceId)
        : [...page.mutedServiceIds, serviceId];
      await call(api().monitor.updatePage({ id, mutedServiceIds: muted }));
      await this.refreshPages();
    },
    async follow(pageId: string, incidentId: number, follow: boolean) {
      const page = await call(api().monitor.followIncident({ pageId, incidentId, follow }));
      this.pages = this.pages.map((p) => (p.id === page.id ? page : p));
    },
    async pollNow(pageId?: string) {
      this.polling = true;
      try {
        await call(api().monitor.pollNow(pageId ? { pageId } : {}));
        this.snapshot = await call(api().monitor.snapshot());
      } finally {
        this.polling = false;
      }
    },
    async setPrefs(change: Pick<NotificationPrefs, 'enabled' | 'minSeverity'>) {
      this.prefs = await call(api().notifications.setPrefs(change));
    },
    async pause(minutes: number) {
      this.prefs = await call(api().notifications.pause({ minutes }));
      this.snapshot = await call(api().monitor.snapshot());
    },
    async resume() {
      this.prefs = await call(api().notifications.resume());
      this.snapshot = await call(api().monitor.snapshot());
    },
    async clearHistory() {
      await call(api().monitor.clearHistory());
      this.history = [];
    },
  },
});
