import type { WatchedPage } from '@shared/monitor/watched-page';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { baseUrlOfPage } from '@core/monitor/summary-fetcher';

const trimmed = (url: string) => url.replace(/\/+$/, '');

/**
 * The watched pages a write of ours went to: every copy of its page, by server and
 * subdomain; a provider's page never (we do not write to those). `baseUrl`: the server of the write's account.
 */
export function pagesWrittenTo(entry: Pick<OutboxEntryView, 'input'>, baseUrl: string | null, pages: readonly WatchedPage[]): string[] {
  const subdomain = entry.input.subdomain;
  if (baseUrl === null || typeof subdomain !== 'string') return [];
  return pages
    .filter((page) => page.kind !== 'provider' && page.subdomain.toLowerCase() === subdomain.toLowerCase() && trimmed(baseUrlOfPage(page)) === trimmed(baseUrl))
    .map((page) => page.id);
}
