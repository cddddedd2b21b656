import type { WatchedPage } from '@shared/monitor/watched-page';
import type { PageTracker } from './page-tracker';
import type { SummaryFetcher } from './summary-fetcher';

/** What the monitor keeps for one watched page: its settings, what it has seen, and how it is read. */
export interface MonitorEntry {
  page: WatchedPage;
  tracker: PageTracker;
  fetcher: SummaryFetcher;
  fetcherKey: string;
}

/** The page a watched page reads: a change of it starts what was seen again. */
export const pageIdentityOf = (p: WatchedPage) =>
  p.kind === 'provider' ? `statuspage\u0000${p.url ?? ''}` : `${p.region}\u0000${p.region === 'custom' ? (p.baseUrl ?? '') : ''}\u0000${p.subdomain}`;

/** The page and the key it is read with: a change of either needs another fetcher. */
export const fetcherKeyOf = (p: WatchedPage) => `${pageIdentityOf(p)}\u0000${p.accountId ?? ''}`;
