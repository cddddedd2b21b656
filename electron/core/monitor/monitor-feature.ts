import { AppError } from '@shared/errors';
import type { MonitorEvent } from '@shared/monitor/events';
import { notificationPrefsSchema, type NotificationPrefs } from '@shared/monitor/notification-prefs';
import type { DashboardView, PageDetail } from '@shared/monitor/dashboard-patch';
import type { DashboardSnapshot, PageState } from '@shared/monitor/page-state';
import { toIso } from '@shared/monitor/iso-time';
import type { TrayModel } from '@shared/monitor/tray';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { providerWatchedPage } from './provider-page';
import type { Incident } from '@shared/statuspal/schemas/incident';
import { surfaceTimeFormatter } from '@shared/appearance/surface-time';
import { systemClock } from '@core/monitor/clock';
import { EventHistory, historyFilePath } from '@core/monitor/event-history';
import { MonitorService, type MonitorServiceOptions } from '@core/monitor/monitor-service';
import { CHECK_TIMEOUT_MS, checkWatchedPage } from './page-check';
import { readProviderOnce } from '@core/monitor/read-provider-once';
import { formatFromAddress } from '@shared/monitor/provider/format-from-address';
import type { ProviderFormat } from '@shared/monitor/provider/provider-format';
import { watchedPageFetcher } from './page-fetcher';
import type { SystemSignals } from '@core/monitor/system-signals';
import type { SettingsStore } from '@core/settings/settings-store';
import { DashboardModel } from './dashboard-model';
import { changedPage, ownPageFromForm, withFollow, withOpenFollowsOnly, type PageChange } from './watched-page-records';
import { ownPageClient, resolutionOf, type OwnPageAccess } from './own-page-reads';
import { openIncidentIds } from '@shared/monitor/open-incidents';
import { countWords } from '@shared/people-words/count-words';
import type { WatchedPageFormInput } from '@shared/monitor/watched-page-input';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';

/** What the monitor publishes to the app's bus. */
export type MonitorBusEvents = Pick<AppEvents, 'monitor.onPatch' | 'monitor.onEvent' | 'monitor.state' | 'monitor.notify' | 'monitor.poll' | 'monitor.tray'>;

/** The tray is drawn at least this often, for what changes with the time alone. */
const TRAY_REFRESH_MS = 60_000;
/** …and at most this often for pages that changed: 500 first polls after a start are not 500 redraws. */
const TRAY_MIN_GAP_MS = 1_000;

/** OwnPageAccess: an account's key and server, for the summary reads of its pages (a private page answers only to it). */
export interface MonitorFeatureOptions extends OwnPageAccess {
  settings: SettingsStore;
  dataDir: string;
  signals?: SystemSignals;
  /**
   * Where the monitor tells what happened: the dashboard's patches (coalesced; only while someone is viewing),
   * its events, page states, notifications, polls with events (whatever the user's mutes) and the tray.
   */
  events: Publisher<MonitorBusEvents>;
  /** Whether a window shows the dashboard; without one nothing is diffed or pushed. Default: always. */
  hasViewers?: () => boolean;
  reportProblem: (message: string) => void;
  log?: (message: string) => void;
  /** Events that echo the user's own writes from this app: not notified (see own-writes.ts). */
  isOwnWrite?: MonitorServiceOptions['isOwnWrite'];
  /** The pages as the tray hears them (snoozes); call `redrawTray` when that changes. */
  trayPages?: MonitorServiceOptions['trayPages'];
  /** Tests and demo mode tune the scheduler (fast intervals, no jitter). */
  tuning?: MonitorServiceOptions['tuning'];
  clock?: MonitorServiceOptions['clock'];
  /** How often, at most, the window and tray are refreshed while many pages report. */
  pushIntervalMs?: number;
  /** Polls that moved only check times are sent together, at most this often. */
  tickIntervalMs?: number;
  /** The computer's zone for tray and notification times; default the process's own (tests name one). */
  timeZone?: string;
}

/**
 * The monitor as the app uses it: pages and preferences from settings, the event history file, and the
 * pushes to the window, the tray and the notifier, coalesced so 500 pages do not mean 500 messages.
 */
export class MonitorFeature {
  readonly #options: MonitorFeatureOptions;
  readonly #settings: SettingsStore;
  #service: MonitorService | null = null;
  #history: EventHistory | null = null;
  #pushTimer: NodeJS.Timeout | null = null;
  #pushDueAt = Infinity;
  readonly #model = new DashboardModel();
  /** Whether a page changed more than its check times since the tray was last drawn (see #pushNow). */
  #trayDue = true;
  #trayAt = 0;
  #ready: Promise<void> | null = null;
  #disposed = false;

  constructor(options: MonitorFeatureOptions) {
    this.#options = options;
    this.#settings = options.settings;
  }

  /** Opens the history and starts polling; safe to call more than once. */
  start(): Promise<void> {
    this.#ready ??= this.#start();
    return this.#ready;
  }

  async #start(): Promise<void> {
    this.#history = await EventHistory.open({
      filePath: historyFilePath(this.#options.dataDir),
      onCorrupt: (report) =>
        this.#options.reportProblem(
          `The event history could not be read (${countWords(report.invalid, 'damaged line')}). It was moved to ${report.quarantinedTo ?? 'a backup'}; Statusdesk kept ${countWords(report.valid, 'event')}.`,
        ),
    });
    if (this.#disposed) return;
    const settings = this.#settings.get();
    this.#service = new MonitorService({
      pages: settings.watchedPages,
      history: this.#history,
      prefs: settings.notifications,
      ...(this.#options.signals ? { signals: this.#options.signals } : {}),
      ...(this.#options.clock ? { clock: this.#options.clock } : {}),
      ...(this.#options.tuning ? { tuning: this.#options.tuning } : {}),
      clientFor: (page) => watchedPageFetcher(page, this.#options),
      resolutionOf: (page, incidentId) => resolutionOf(page, incidentId, this.#options),
      formatTime: (epochMs) => this.#formatTime(epochMs),
      onEvent: (event) => this.#options.events.publish('monitor.onEvent', event),
      onNotify: (intent) => this.#options.events.publish('monitor.notify', intent),
      onPoll: (poll) => this.#options.events.publish('monitor.poll', poll),
      ...(this.#options.isOwnWrite ? { isOwnWrite: this.#options.isOwnWrite } : {}),
      ...(this.#options.trayPages ? { trayPages: this.#options.trayPages } : {}),
      onStateChange: (state) => {
        this.#options.events.publish('monitor.state', state);
        this.#forgetEndedFollows(state);
        const changed = this.#model.stage(state);
        this.#trayDue ||= changed;
        this.#schedulePush(changed ? undefined : (this.#options.tickIntervalMs ?? 5_000));
      },
      onError: (error) => this.#options.log?.(`monitor: ${error instanceof Error ? error.message : String(error)}`),
    });
    this.#service.start();
    this.#pushNow();
  }

  async #running(): Promise<MonitorService> {
    await this.start();
    if (!this.#service) throw new AppError('internal', 'The monitor has stopped.');
    return this.#service;
  }

  /** A push within `delayMs` (default: the push interval); an earlier one already planned stands. */
  #schedulePush(delayMs: number = this.#options.pushIntervalMs ?? 250): void {
    if (this.#disposed) return;
    const dueAt = Date.now() + delayMs;
    if (this.#pushTimer) {
      if (this.#pushDueAt <= dueAt) return;
      clearTimeout(this.#pushTimer);
    }
    this.#pushDueAt = dueAt;
    this.#pushTimer = setTimeout(() => {
      this.#pushTimer = null;
      this.#pushDueAt = Infinity;
      this.#pushNow(false);
    }, delayMs);
  }

  /**
   * The window's patch and the tray. The tray (500 pages: 500 menu labels, and Electron rebuilds its native
   * menu) is drawn again only when a page changed more than its check times (at most once a second), or when
   * asked (`tray`: pages, preferences), and at least once a minute for what depends on the time (a pause that ends).
   */
  #pushNow(tray = true): void {
    if (!this.#service || this.#disposed) return;
    // No window: nothing to diff or send; the staged states wait for the next snapshot or viewer.
    if (this.#options.hasViewers?.() ?? true) this.#flush();
    const now = Date.now();
    const since = now - this.#trayAt;
    if (!tray && !this.#trayDue && since < TRAY_REFRESH_MS) return;
    if (!tray && since < TRAY_MIN_GAP_MS) {
      this.#schedulePush(TRAY_MIN_GAP_MS - since);
      return;
    }
    this.#trayDue = false;
    this.#trayAt = now;
    this.#options.events.publish('monitor.tray', this.#service.tray());
  }

  /** Turns what was staged into the next version's patch and sends it. */
  #flush(): void {
    if (!this.#service) return;
    this.#model.retain(this.#service.pageIds());
    const patch = this.#model.flush(this.#service.dashboardGlobal());
    if (patch && (this.#options.hasViewers?.() ?? true)) this.#options.events.publish('monitor.onPatch', patch);
  }

  /** Every collapsed card at the current version: a window's start, or its resync after a gap. */
  async snapshot(): Promise<DashboardView> {
    const service = await this.#running();
    this.#flush();
    return this.#model.view(toIso((this.#options.clock ?? systemClock).now()), service.dashboardGlobal());
  }

  /** One page's services, incidents, maintenances and notices, when its card is opened. */
  async pageDetail(pageId: string): Promise<PageDetail> {
    await this.#running();
    this.#page(pageId);
    this.#flush();
    const detail = this.#model.detail(pageId);
    if (!detail) throw new AppError('not_found', 'That page is no longer watched.');
    return detail;
  }

  /** The monitor's full state (the command line's and the tests' view; the window gets cards and patches). */
  async fullSnapshot(): Promise<DashboardSnapshot> {
    return (await this.#running()).snapshot();
  }

  /** Resolves when no poll runs or waits (the month soak moves its clock on only once they are done). */
  async settled(): Promise<void> {
    await (await this.#running()).settled();
  }

  /** What the tray hears changed outside the monitor (a snooze began or ended): drawn again now. */
  redrawTray(): void {
    this.#pushNow();
  }

  async tray(): Promise<TrayModel> {
    return (await this.#running()).tray();
  }

  pages(): WatchedPage[] {
    return this.#settings.get().watchedPages;
  }

  #page(id: string): WatchedPage {
    const page = this.pages().find((p) => p.id === id);
    if (!page) throw new AppError('not_found', 'That page is no longer watched.');
    return page;
  }

  async #savePages(change: (pages: WatchedPage[]) => WatchedPage[]): Promise<WatchedPage[]> {
    const next = this.#settings.update((draft) => {
      draft.watchedPages = change(draft.watchedPages);
    }).watchedPages;
    const service = await this.#running();
    service.setPages(next);
    // A removed page leaves the model now, window or not: in tray-only use nothing else would drop it.
    this.#model.retain(service.pageIds());
    // A renamed or muted page changes its card without a poll.
    for (const state of service.state()) this.#model.stage(state);
    this.#trayDue = true;
    this.#schedulePush();
    return next;
  }

  /**
   * A followed incident its page no longer lists as open has ended, and its end was told (a poll's events come
   * first): the follow goes. Every poll comes here, so it reads this page's follows, never a copy of all settings.
   */
  #forgetEndedFollows(state: PageState): void {
    if (state.status !== 'ok' || !state.summary) return;
    const followed = this.#settings.read((s) => s.watchedPages.find((p) => p.id === state.pageId)?.followedIncidentIds ?? []);
    if (followed.length === 0) return;
    const open = openIncidentIds(state.summary);
    if (followed.every((id) => open.has(id))) return;
    this.#savePages((pages) => pages.map((p) => (p.id === state.pageId ? withOpenFollowsOnly(p, open) : p))).catch((error: unknown) =>
      this.#options.log?.(`monitor: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** What the monitor holds per page, for the soak and diagnostics: each is bounded by the pages watched now. */
  footprint(): { watchedPages: number; dashboardPages: number; followedIncidents: number } {
    const pages = this.pages();
    return {
      watchedPages: pages.length,
      dashboardPages: this.#model.heldPages(),
      followedIncidents: pages.reduce((n, p) => n + p.followedIncidentIds.length, 0),
    };
  }

  /** The pages changed in settings behind the monitor's back (an account moved its pages with it). */
  async reloadPages(): Promise<void> {
    await this.#savePages((pages) => pages);
  }

  /** Watch a page reads the page once before saving it: its name, or why it cannot be watched (page-check.ts). */
  async checkPage(input: WatchedPageFormInput): Promise<{ name: string; format?: ProviderFormat }> {
    if (input.url) {
      // A provider's address without a format: the address, else the answer, tells it (as on the command line).
      providerWatchedPage(input.url, input); // the address's rules, as a saved page
      const read = await readProviderOnce(input.url, input.format ?? null, { timeoutMs: CHECK_TIMEOUT_MS });
      return { name: read.page.name, format: read.format };
    }
    const page = ownPageFromForm(input, this.#settings.get().accounts);
    return checkWatchedPage(page, watchedPageFetcher(page, this.#options));
  }

  async addPage(input: WatchedPageFormInput): Promise<WatchedPage> {
    if (input.url) return this.#addProviderPage(input.url, input);
    const page = ownPageFromForm(input, this.#settings.get().accounts);
    const same = this.pages().find((p) => p.subdomain === page.subdomain && p.region === page.region && (p.baseUrl ?? '') === (page.baseUrl ?? ''));
    if (same) throw new AppError('invalid_input', `"${page.subdomain}" is already watched.`);
    await this.#savePages((pages) => [...pages, page]);
    void this.#service?.pollNow(page.id);
    return page;
  }

  /** A provider's public page (Statuspage format) by its address; watched without an account. */
  async #addProviderPage(url: string, input: WatchedPageFormInput): Promise<WatchedPage> {
    // Without a format (saved without a check that found one), the address's own shape may still tell it.
    const page = providerWatchedPage(url, { ...input, format: input.format ?? formatFromAddress(url) ?? undefined });
    if (this.pages().some((p) => p.kind === 'provider' && p.url === page.url)) throw new AppError('invalid_input', `${page.url} is already watched.`);
    await this.#savePages((pages) => [...pages, page]);
    void this.#service?.pollNow(page.id);
    return page;
  }

  async updatePage(change: PageChange): Promise<WatchedPage> {
    const next = changedPage(this.#page(change.id), change);
    await this.#savePages((pages) => pages.map((p) => (p.id === next.id ? next : p)));
    return next;
  }

  async removePage(id: string): Promise<boolean> {
    this.#page(id);
    await this.#savePages((pages) => pages.filter((p) => p.id !== id));
    return true;
  }

  async follow(pageId: string, incidentId: number, follow: boolean): Promise<WatchedPage> {
    const current = this.#page(pageId);
    const next = withFollow(current, incidentId, follow);
    await this.#savePages((pages) => pages.map((p) => (p.id === pageId ? next : p)));
    return next;
  }

  async pollNow(pageId?: string): Promise<number> {
    const service = await this.#running();
    if (pageId) this.#page(pageId);
    await service.pollNow(pageId);
    this.#pushNow();
    return pageId ? 1 : this.pages().length;
  }

  /** The full incident with every update, read from the page's server when the user opens it. */
  async incident(pageId: string, incidentId: number): Promise<{ pageId: string; incident: Incident; followed: boolean }> {
    const page = this.#page(pageId);
    const incident = await ownPageClient(page, this.#options).getIncident({ subdomain: page.subdomain, incidentId });
    return { pageId, incident, followed: page.followedIncidentIds.includes(incidentId) };
  }

  #timeFormat: { mode: string; format: (epochMs: number) => string } | null = null;

  /** Tray and notification times in the zone the window shows (Settings → Appearance), made again when it changes. */
  #formatTime(epochMs: number): string {
    const mode = this.#settings.read((s) => s.appearance.timeZone);
    if (this.#timeFormat?.mode !== mode) {
      this.#timeFormat = { mode, format: surfaceTimeFormatter(mode, this.#options.timeZone ? { zone: this.#options.timeZone } : {}) };
    }
    return this.#timeFormat.format(epochMs);
  }

  async history(query: { limit?: number; pageId?: string } = {}): Promise<MonitorEvent[]> {
    await this.start();
    return this.#history?.list({ limit: query.limit ?? 200, ...(query.pageId ? { pageId: query.pageId } : {}) }) ?? [];
  }

  async clearHistory(): Promise<number> {
    await this.start();
    const count = this.#history?.list({ limit: Number.MAX_SAFE_INTEGER }).length ?? 0;
    await this.#history?.clear();
    return count;
  }

  prefs(): NotificationPrefs {
    return this.#settings.get().notifications;
  }

  async #savePrefs(prefs: NotificationPrefs): Promise<NotificationPrefs> {
    const checked = notificationPrefsSchema.parse(prefs);
    this.#settings.update((draft) => {
      draft.notifications = checked;
    });
    (await this.#running()).setPrefs(checked);
    this.#pushNow();
    return checked;
  }

  setPrefs(change: { enabled?: boolean; minSeverity?: NotificationPrefs['minSeverity']; maintenanceStartEnd?: boolean }): Promise<NotificationPrefs> {
    return this.#savePrefs({ ...this.prefs(), ...change });
  }

  async pauseNotifications(minutes: number): Promise<NotificationPrefs> {
    return this.#savePrefs((await this.#running()).pauseNotifications(minutes * 60_000));
  }

  async resumeNotifications(): Promise<NotificationPrefs> {
    return this.#savePrefs((await this.#running()).resumeNotifications());
  }

  async dispose(): Promise<void> {
    this.#disposed = true;
    if (this.#pushTimer) clearTimeout(this.#pushTimer);
    this.#pushTimer = null;
    await this.#ready?.catch(() => undefined);
    this.#service?.stop();
    await this.#history?.flush();
  }
}
