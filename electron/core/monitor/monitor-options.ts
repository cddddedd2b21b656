import type { UpdateSnapshot } from '@shared/monitor/snapshot';
import type { MonitorEvent } from '@shared/monitor/events';
import type { NotificationIntent } from '@shared/monitor/notification-intent';
import type { NotificationPrefs } from '@shared/monitor/notification-prefs';
import type { PageState } from '@shared/monitor/page-state';
import type { PageSnapshot, ServiceSnapshot } from '@shared/monitor/snapshot';
import type { TrayPage } from '@shared/monitor/tray';
import type { WatchedPage } from '@shared/monitor/watched-page';
import type { MonitorClock } from './clock';
import type { EventSink } from './event-history';
import { SCHEDULER_DEFAULTS } from './scheduler';
import type { SummaryFetcher } from './summary-fetcher';
import type { SystemSignals } from './system-signals';

export interface MonitorTuning {
  maxConcurrent: number;
  jitterRatio: number;
  backoffBaseMs: number;
  /** Cap of the failure backoff; default: each page's interval. */
  backoffMaxMs: number | undefined;
  staleAfterFailures: number;
  staleAfterIntervals: number;
  requestTimeoutMs: number;
  /** After wake or reconnect, time the first polls get before the age rule may call a page stale. */
  resumeGraceMs: number;
  /** Polls due within this window share one wake-up. */
  coalesceMs: number;
  /** First polls of pages added together are spread by this much each (at most one interval). */
  startSpreadMs: number;
  random: () => number;
}

export const DEFAULT_MONITOR_TUNING: MonitorTuning = {
  ...SCHEDULER_DEFAULTS,
  backoffMaxMs: undefined,
  staleAfterFailures: 3,
  staleAfterIntervals: 3,
  requestTimeoutMs: 15_000,
  resumeGraceMs: 30_000,
  random: Math.random,
};

/**
 * A page's events of one poll with the page as that poll read it, for the team alerts: every event, whatever
 * the desktop user's own mutes, snoozes and notification preferences say (those are a personal choice).
 */
export interface PagePoll {
  page: WatchedPage;
  /** The page's name as shown (the user's name for it, else the page's own). */
  name: string;
  /** The page as this poll read it (its services, for their parents); null when it never answered. */
  snapshot: PageSnapshot | null;
  events: readonly MonitorEvent[];
}

export interface StateChange {
  /** The summary (and so maybe the level) changed, not only the check times. */
  summaryChanged: boolean;
}

export interface MonitorServiceOptions {
  pages: readonly WatchedPage[];
  /** Default: summaryFetcherForPage (the page's server, the account's shared rate limiter). */
  clientFor?: (page: WatchedPage) => SummaryFetcher;
  /**
   * The resolution's update of an incident the page's summary no longer lists (its own read), or null when it
   * cannot be had; without it a resolution quotes nothing rather than the update before it.
   */
  resolutionOf?: (page: WatchedPage, incidentId: number) => Promise<UpdateSnapshot | null>;
  /** Times in the tray and notifications ("8:58 PM EST"), in the zone the user chose; default `HH:MM UTC`. */
  formatTime?: (epochMs: number) => string;
  /** Default: always online, never sleeps (command line). */
  signals?: SystemSignals;
  history?: EventSink | null;
  clock?: MonitorClock;
  prefs?: NotificationPrefs;
  onEvent?: (event: MonitorEvent) => void;
  onNotify?: (intent: NotificationIntent) => void;
  /** Every poll that produced events, with its page (the team alerts' router). */
  onPoll?: (poll: PagePoll) => void;
  /**
   * Events not to notify (the echo of the user's own writes from this app, what a snooze quiets): kept and shown.
   * `services` is the page's latest service tree, for a rule that covers a group's children.
   */
  isOwnWrite?: (page: WatchedPage, event: MonitorEvent, services: readonly ServiceSnapshot[]) => boolean;
  /** The pages as the tray hears them (a snooze quiets some); default: as they are. */
  trayPages?: (pages: readonly PageState[], nowMs: number) => TrayPage[];
  onStateChange?: (state: PageState, change: StateChange) => void;
  /** History writes and listener failures: reported, never fatal. */
  onError?: (error: unknown) => void;
  tuning?: Partial<MonitorTuning>;
}
