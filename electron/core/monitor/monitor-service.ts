import { AppError, type AppErrorShape } from '@shared/errors';
import type { MonitorEvent } from '@shared/monitor/events';
import { toIso } from '@shared/monitor/iso-time';
import { decideNotification } from '@shared/monitor/notification-policy';
import { notifiableEvents } from './notifiable-events';
import {
  DEFAULT_NOTIFICATION_PREFS,
  notificationsPausedAt,
  pauseNotifications,
  resumeNotifications,
  type NotificationPrefs,
} from '@shared/monitor/notification-prefs';
import type { DashboardGlobal } from '@shared/monitor/dashboard-patch';
import type { DashboardSnapshot, PageState, PausedReason } from '@shared/monitor/page-state';
import { serviceAncestorIndex } from '@shared/monitor/refs';
import { decideTray, type TrayModel } from '@shared/monitor/tray';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { systemClock, type MonitorClock } from './clock';
import { StaleTimer } from './stale-timer';
import { fetcherKeyOf, pageIdentityOf, type MonitorEntry } from './monitor-entry';
import type { EventSink } from './event-history';
import { PageTracker, invalidBodyError } from './page-tracker';
import { PollScheduler, type PollOutcome } from './scheduler';
import { DEFAULT_MONITOR_TUNING, type MonitorServiceOptions, type MonitorTuning } from './monitor-options';
export { type MonitorServiceOptions } from './monitor-options';
import { providerFetcherForPage } from './provider-fetcher';
import { summaryFetcherForPage, type SummaryFetcher } from './summary-fetcher';
import { SignalHub, type SystemSignals } from './system-signals';

/*
 * The monitor: scheduler → fetch → tracker (shortcut / normalise / diff / staleness) → events →
 * history, renderer (onEvent), notification policy (onNotify), state (onStateChange). Electron
 * is reached only through the ports: SystemSignals, the callbacks, and clientFor.
 */

const OFFLINE_ERROR: AppErrorShape = { code: 'network', message: 'The computer is offline.' };

/** Resolutions whose words are read in one poll: a page that resolves fifty incidents at once is not fifty reads. */
const MAX_RESOLUTIONS_READ = 5;

export class MonitorService {
  readonly #clock: MonitorClock;
  readonly #clientFor: (page: WatchedPage) => SummaryFetcher;
  readonly #signals: SystemSignals;
  readonly #history: EventSink | null;
  readonly #tuning: MonitorTuning;
  readonly #scheduler: PollScheduler;
  readonly #entries = new Map<string, MonitorEntry>();
  #prefs: NotificationPrefs;
  #running = false;
  #suspended = false;
  #online = true;
  #unsubscribe: Array<() => void> = [];
  readonly #staleTimer: StaleTimer;
  #graceUntil = -Infinity;
  readonly #options: MonitorServiceOptions;

  constructor(options: MonitorServiceOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#clientFor = options.clientFor ?? ((page) => (page.kind === 'provider' ? providerFetcherForPage(page) : summaryFetcherForPage(page)));
    this.#signals = options.signals ?? new SignalHub();
    this.#history = options.history ?? null;
    this.#tuning = { ...DEFAULT_MONITOR_TUNING, ...options.tuning };
    this.#prefs = options.prefs ?? DEFAULT_NOTIFICATION_PREFS;
    this.#staleTimer = new StaleTimer(this.#clock, () => this.#onWatchdog());
    this.#scheduler = new PollScheduler({
      clock: this.#clock,
      run: (id, signal) => this.#poll(id, signal),
      maxConcurrent: this.#tuning.maxConcurrent,
      jitterRatio: this.#tuning.jitterRatio,
      backoffBaseMs: this.#tuning.backoffBaseMs,
      ...(this.#tuning.backoffMaxMs === undefined ? {} : { backoffMaxMs: this.#tuning.backoffMaxMs }),
      random: this.#tuning.random,
      coalesceMs: this.#tuning.coalesceMs,
      startSpreadMs: this.#tuning.startSpreadMs,
    });
    this.setPages(options.pages);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#online = this.#signals.isOnline();
    this.#suspended = false;
    this.#unsubscribe = [
      this.#signals.onSuspend(() => this.#onSuspend()),
      this.#signals.onResume(() => this.#onResume()),
      this.#signals.onOffline(() => this.#onOffline()),
      this.#signals.onOnline(() => this.#onOnline()),
    ];
    this.#graceUntil = this.#clock.now() + this.#tuning.resumeGraceMs;
    if (!this.#online) this.#scheduler.pause('offline');
    else this.#scheduler.resume(); // no-op unless a previous run stopped while offline
    this.#scheduler.start();
    this.#armWatchdog();
  }

  stop(): void {
    if (!this.#running) return;
    this.#running = false;
    for (const off of this.#unsubscribe.splice(0)) off();
    this.#scheduler.stop();
    this.#staleTimer.clear();
  }

  /** Hot reconfiguration: new pages are polled at once, removed ones forgotten, the rest keep their state. */
  setPages(pages: readonly WatchedPage[]): void {
    const now = this.#clock.now();
    const seen = new Set<string>();
    const unique: WatchedPage[] = [];
    const added: MonitorEntry[] = [];
    // Pages whose last answer was read again for other parts followed: their summary changed without a poll.
    const reread: MonitorEntry[] = [];
    for (const page of pages) {
      if (seen.has(page.id)) continue;
      seen.add(page.id);
      unique.push(page);
      const entry = this.#entries.get(page.id);
      if (!entry) {
        const fresh = this.#newEntry(page, now);
        this.#entries.set(page.id, fresh);
        added.push(fresh);
        continue;
      }
      const identityChanged = pageIdentityOf(entry.page) !== pageIdentityOf(page);
      if (fetcherKeyOf(entry.page) !== fetcherKeyOf(page)) {
        entry.fetcher = this.#clientFor(page);
        entry.fetcherKey = fetcherKeyOf(page);
      }
      if (identityChanged) {
        // Another server or subdomain is another page: no diff against the old one.
        entry.tracker = new PageTracker(page, now, this.#tuning);
        this.#scheduler.restart(page.id);
      } else if (entry.tracker.updatePage(page)) {
        reread.push(entry);
      }
      entry.page = page;
    }
    for (const id of [...this.#entries.keys()]) if (!seen.has(id)) this.#entries.delete(id);
    this.#scheduler.setPages(unique.map((p) => ({ id: p.id, intervalMs: p.intervalSec * 1000 })));
    for (const entry of added) this.#emitState(entry, false);
    for (const entry of reread) if (this.#entries.has(entry.page.id)) this.#emitState(entry, true);
    this.#armWatchdog();
  }

  /** Polls one page, or every page; resolves when those polls are done. */
  pollNow(pageId?: string): Promise<void> {
    return this.#scheduler.pollNow(pageId);
  }

  /** Resolves when nothing is polling or queued. */
  settled(): Promise<void> {
    return this.#scheduler.settled();
  }

  state(): PageState[] {
    return [...this.#entries.values()].map((entry) => this.#stateOf(entry));
  }

  snapshot(): DashboardSnapshot {
    return { at: toIso(this.#clock.now()), ...this.dashboardGlobal(), pages: this.state() };
  }

  /** What the dashboard shows for all pages: connectivity, sleep, paused notifications. */
  dashboardGlobal(): DashboardGlobal {
    return {
      online: this.#online,
      suspended: this.#suspended,
      notificationsPausedUntil: notificationsPausedAt(this.#prefs, this.#clock.now()) ? (this.#prefs.pausedUntil ?? null) : null,
    };
  }

  /** The ids of the watched pages. */
  pageIds(): Set<string> {
    return new Set(this.#entries.keys());
  }

  tray(formatTime: ((epochMs: number) => string) | undefined = this.#options.formatTime): TrayModel {
    const nowMs = this.#clock.now();
    const pages = this.#options.trayPages ? this.#options.trayPages(this.state(), nowMs) : this.state();
    return decideTray({ pages, prefs: this.#prefs, nowMs, ...(formatTime ? { formatTime } : {}) });
  }

  getPrefs(): NotificationPrefs {
    return this.#prefs;
  }

  setPrefs(prefs: NotificationPrefs): void {
    this.#prefs = prefs;
  }

  /** The tray's "pause for an hour"; returns the new prefs for the caller to persist. */
  pauseNotifications(durationMs: number): NotificationPrefs {
    this.#prefs = pauseNotifications(this.#prefs, this.#clock.now(), durationMs);
    return this.#prefs;
  }

  resumeNotifications(): NotificationPrefs {
    this.#prefs = resumeNotifications(this.#prefs);
    return this.#prefs;
  }

  #newEntry(page: WatchedPage, now: number): MonitorEntry {
    return { page, tracker: new PageTracker(page, now, this.#tuning), fetcher: this.#clientFor(page), fetcherKey: fetcherKeyOf(page) };
  }

  async #poll(id: string, signal: AbortSignal): Promise<PollOutcome> {
    const entry = this.#entries.get(id);
    if (!entry) return { ok: false, cancelled: true };
    const { tracker, page } = entry;
    const intervalMs = page.intervalSec * 1000;
    const current = () => this.#entries.get(id)?.tracker === tracker;
    let text: string;
    try {
      text = await entry.fetcher.fetchSummaryText(page.subdomain, { signal, timeoutMs: this.#tuning.requestTimeoutMs });
    } catch (error) {
      if (signal.aborted || (error instanceof AppError && error.code === 'cancelled') || !current()) return { ok: false, cancelled: true };
      this.#publish(entry, tracker.recordFailure(error, this.#clock.now(), intervalMs), false);
      const retryAfterMs = (error as { retryAfterMs?: unknown }).retryAfterMs;
      return typeof retryAfterMs === 'number' ? { ok: false, retryAfterMs } : { ok: false };
    }
    if (signal.aborted || !current()) return { ok: false, cancelled: true };
    const at = this.#clock.now();
    let result;
    try {
      result = tracker.recordBody(text, at);
    } catch (error) {
      this.#publish(entry, tracker.recordFailure(invalidBodyError(error), at, intervalMs), false);
      return { ok: false };
    }
    const events = this.#options.resolutionOf ? await this.#withResolutions(page, result.events) : result.events;
    this.#publish(entry, events, result.outcome !== 'unchanged');
    return { ok: true };
  }

  /**
   * A page that drops a resolved incident from its summary shows the update before the resolution; the
   * resolution's own words are read from the incident (a few at most per poll; without them, none are quoted).
   */
  async #withResolutions(page: WatchedPage, events: readonly MonitorEvent[]): Promise<readonly MonitorEvent[]> {
    const resolutionOf = this.#options.resolutionOf!;
    let asked = 0;
    const out: MonitorEvent[] = [];
    for (const event of events) {
      if (
        event.type !== 'incident.resolved' ||
        event.reason !== 'disappeared' ||
        event.incident.latestUpdate?.type === 'resolved' ||
        asked >= MAX_RESOLUTIONS_READ
      ) {
        out.push(event);
        continue;
      }
      asked++;
      const update = await resolutionOf(page, event.incident.id).catch(() => null);
      out.push(update ? { ...event, incident: { ...event.incident, latestUpdate: update } } : event);
    }
    return out;
  }

  #publish(entry: MonitorEntry, events: readonly MonitorEvent[], summaryChanged: boolean): void {
    if (events.length > 0) {
      for (const event of events) this.#guard(() => this.#options.onEvent?.(event));
      const onPoll = this.#options.onPoll;
      if (onPoll) this.#guard(() => onPoll({ page: entry.page, name: entry.tracker.name, snapshot: entry.tracker.snapshot, events }));
      if (this.#history) {
        try {
          const written = this.#history.append(events);
          if (written) written.catch((error: unknown) => this.#report(error));
        } catch (error) {
          this.#report(error);
        }
      }
      const onNotify = this.#options.onNotify;
      if (onNotify) {
        const snapshot = entry.tracker.snapshot;
        const intent = decideNotification({
          page: { ...entry.page, name: entry.tracker.name },
          events: notifiableEvents(entry.page, events, this.#options.isOwnWrite, snapshot?.services),
          prefs: this.#prefs,
          nowMs: this.#clock.now(),
          ...(this.#options.formatTime ? { formatTime: this.#options.formatTime } : {}),
          ...(snapshot && entry.page.mutedServiceIds.length > 0 ? { serviceAncestors: serviceAncestorIndex(snapshot.services) } : {}),
        });
        if (intent) this.#guard(() => onNotify(intent));
      }
    }
    this.#emitState(entry, summaryChanged);
    if (events.some((e) => e.type === 'page.recovered')) this.#armWatchdog();
  }

  #emitState(entry: MonitorEntry, summaryChanged: boolean): void {
    const onStateChange = this.#options.onStateChange;
    if (onStateChange) this.#guard(() => onStateChange(this.#stateOf(entry), { summaryChanged }));
  }

  #stateOf(entry: MonitorEntry): PageState {
    const t = entry.tracker;
    const next = this.#scheduler.nextDueAt(entry.page.id);
    const paused: PausedReason | null = this.#suspended ? 'suspended' : this.#online ? null : 'offline';
    return {
      pageId: entry.page.id,
      name: t.name,
      subdomain: entry.page.subdomain,
      region: entry.page.region,
      ...(entry.page.kind === 'provider' ? { kind: 'provider' as const, ...(entry.page.url ? { url: entry.page.url } : {}) } : {}),
      status: t.stale ? 'stale' : t.snapshot ? 'ok' : 'pending',
      level: t.snapshot?.level ?? null,
      stale: t.stale,
      staleSince: t.staleSince === null ? null : toIso(t.staleSince),
      lastCheckedAt: t.lastCheckedAt === null ? null : toIso(t.lastCheckedAt),
      lastSuccessAt: t.lastSuccessAt === null ? null : toIso(t.lastSuccessAt),
      nextCheckAt: next === null ? null : toIso(next),
      consecutiveFailures: t.consecutiveFailures,
      error: t.error,
      paused,
      muted: entry.page.muted,
      summary: t.snapshot,
    };
  }

  // Power and network.

  #onSuspend(): void {
    this.#suspended = true;
    this.#scheduler.pause('suspended');
    // Asleep, nothing is getting old in a way worth an event; resume re-checks everything.
    this.#staleTimer.clear();
  }

  #onResume(): void {
    if (!this.#suspended) return;
    this.#suspended = false;
    this.#online = this.#signals.isOnline();
    this.#graceUntil = this.#clock.now() + this.#tuning.resumeGraceMs;
    if (this.#online) this.#scheduler.resume();
    else this.#scheduler.pause('offline');
    this.#armWatchdog();
  }

  #onOffline(): void {
    this.#online = false;
    if (!this.#suspended) this.#scheduler.pause('offline');
    this.#emitAll();
  }

  #onOnline(): void {
    this.#online = true;
    if (this.#suspended) return;
    this.#graceUntil = this.#clock.now() + this.#tuning.resumeGraceMs;
    this.#scheduler.resume();
    this.#armWatchdog();
    this.#emitAll();
  }

  #emitAll(): void {
    for (const entry of this.#entries.values()) this.#emitState(entry, false);
  }

  // The age rule, for when polls do not run (offline) or do not come back (long Retry-After).

  #deadlineOf(entry: MonitorEntry): number | null {
    const deadline = entry.tracker.staleDeadline(entry.page.intervalSec * 1000);
    return deadline === null ? null : Math.max(deadline, this.#graceUntil);
  }

  #armWatchdog(): void {
    if (!this.#running || this.#suspended) return;
    this.#staleTimer.arm(Array.from(this.#entries.values(), (entry) => this.#deadlineOf(entry)));
  }

  #onWatchdog(): void {
    if (!this.#running || this.#suspended) return;
    const now = this.#clock.now();
    for (const entry of this.#entries.values()) {
      const deadline = this.#deadlineOf(entry);
      if (deadline === null || deadline > now) continue;
      const events = entry.tracker.checkAge(now, entry.page.intervalSec * 1000, this.#online ? undefined : OFFLINE_ERROR);
      if (events.length > 0) this.#publish(entry, events, false);
    }
    this.#armWatchdog();
  }

  #guard(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.#report(error);
    }
  }

  #report(error: unknown): void {
    try {
      this.#options.onError?.(error);
    } catch {
      // A failing error reporter has nowhere left to report to.
    }
  }
}
