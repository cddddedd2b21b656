import { readProviderPage } from '@shared/monitor/provider/read-provider-page';
import { readPageSnapshot } from '@shared/monitor/read-snapshot';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { invalidBodyError } from '@core/monitor/page-tracker';
import type { SummaryFetcher } from '@core/monitor/summary-fetcher';

/** One look, not the monitor's patience: a page that does not answer in this time is "could not check". */
export const CHECK_TIMEOUT_MS = 10_000;

/**
 * Watch a page reads the page once before it is saved, exactly as the monitor will (the same fetcher, the
 * same reader): its name when it answers, else the failure (a 404 for a page that does not exist, a body
 * that is not a status page, or a network failure the form offers to save anyway).
 */
export async function checkWatchedPage(page: WatchedPage, fetcher: SummaryFetcher): Promise<{ name: string }> {
  const text = await fetcher.fetchSummaryText(page.subdomain, { timeoutMs: CHECK_TIMEOUT_MS });
  try {
    const snapshot =
      page.kind === 'provider'
        ? readProviderPage(text, { url: page.url ?? '', format: page.format, parts: page.parts }, Date.now())
        : readPageSnapshot(JSON.parse(text));
    return { name: snapshot.name };
  } catch (error) {
    throw invalidBodyError(error);
  }
}
