import type { MonitorEvent } from '@shared/monitor/events';
import type { PageSnapshot } from '@shared/monitor/snapshot';
import type { WatchedPage } from '@shared/monitor/watched-page';

/**
 * One poll of one watched page as the team alerts hear it: every event of the poll (never filtered by the
 * desktop user's own mutes or snoozes, which are a personal choice), with the page as the poll read it.
 */
export interface PagePoll {
  page: WatchedPage;
  /** The page's name as shown (the user's name for it, else the page's own). */
  name: string;
  /** The page as this poll read it; null when it has never answered. */
  snapshot: PageSnapshot | null;
  events: readonly MonitorEvent[];
}
