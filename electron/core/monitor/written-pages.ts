import type { WatchedPage } from '@shared/monitor/watched-page';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { WRITE_OPERATIONS, type WriteOperationName, type WriteResource } from '@shared/outbox/write-operations';
import { baseUrlOfPage } from '@core/monitor/summary-fetcher';

const trimmed = (url: string) => url.replace(/\/+$/, '');

/** What a page's summary shows (its page, services, incidents, maintenances and notices): a write to anything else leaves it as it was. */
const SHOWN_ON_SUMMARY: ReadonlySet<WriteResource> = new Set(['status_page', 'service', 'incident', 'incident_update', 'info_notice', 'info_notice_update']);

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

/**
 * Whether a sent write changed what the monitor shows of its page. A metric point, a subscriber, a member or a
 * webhook does not: the server's answer already says all that changed, and the summary would read the same.
 */
export function changesSummary(entry: Pick<OutboxEntryView, 'operation'>): boolean {
  const info = Object.hasOwn(WRITE_OPERATIONS, entry.operation) ? WRITE_OPERATIONS[entry.operation as WriteOperationName] : undefined;
  // Unknown operations (another kind's) are checked, as before: a read too many, never a change missed.
  return info === undefined || SHOWN_ON_SUMMARY.has(info.resource);
}
