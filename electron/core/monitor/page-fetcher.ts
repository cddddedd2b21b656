import type { WatchedPage } from '@shared/monitor/watched-page';
import { providerFetcherForPage } from '@core/monitor/provider-fetcher';
import { baseUrlOfPage, summaryFetcherForPage, type SummaryFetcher } from '@core/monitor/summary-fetcher';

/** What reading an account's page needs from the app: where the account is now, and its key for a URL. */
interface AccountReach {
  apiKeyFor?: ((accountId: string, url: string) => Promise<string | null>) | undefined;
  accountBaseUrl?: ((accountId: string) => string | null) | undefined;
}

/**
 * How a watched page is read, by the monitor and by Watch a page's check alike: a provider's page by its
 * format; an own page on its account's server, with its key (asked at each read: the page follows its
 * account, and the key goes only where the vault allows); a public page without any key.
 */
export function watchedPageFetcher(page: WatchedPage, reach: AccountReach): SummaryFetcher {
  if (page.kind === 'provider') return providerFetcherForPage(page);
  const accountId = page.accountId;
  if (!accountId) return summaryFetcherForPage(page);
  const { apiKeyFor, accountBaseUrl } = reach;
  const ownBaseUrl = baseUrlOfPage(page);
  return summaryFetcherForPage(page, {
    baseUrl: () => accountBaseUrl?.(accountId) ?? ownBaseUrl,
    ...(apiKeyFor ? { apiKey: (url: string) => apiKeyFor(accountId, url) } : {}),
  });
}
