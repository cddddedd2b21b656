import type { UpdateSnapshot } from '@shared/monitor/snapshot';
import { latestUpdateOf } from '@shared/monitor/read-snapshot';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { baseUrlOfPage } from '@core/monitor/summary-fetcher';
import { StatusPageClient } from '@core/statuspal-client/client';

export interface OwnPageAccess {
  apiKeyFor?: (accountId: string, url: string) => Promise<string | null>;
  /** Where an account's API is now; a page of an account is read there, whatever its own record says. */
  accountBaseUrl?: (accountId: string) => string | null;
}

/** An own page's API, read as its summary is: on its account's server, with its key (a private page answers only to it). */
export function ownPageClient(page: WatchedPage, access: OwnPageAccess): StatusPageClient {
  const accountId = page.accountId;
  const apiKeyFor = access.apiKeyFor;
  return new StatusPageClient({
    region: { baseUrl: (accountId ? access.accountBaseUrl?.(accountId) : null) ?? baseUrlOfPage(page) },
    ...(accountId ? { accountId } : {}),
    ...(accountId && apiKeyFor ? { apiKey: (url: string) => apiKeyFor(accountId, url) } : {}),
  });
}

/** What an own page's resolution said, read from the incident once its summary dropped it; null for a provider's page. */
export async function resolutionOf(page: WatchedPage, incidentId: number, access: OwnPageAccess): Promise<UpdateSnapshot | null> {
  if (page.kind === 'provider') return null;
  const latest = latestUpdateOf(await ownPageClient(page, access).getIncident({ subdomain: page.subdomain, incidentId }));
  return latest?.type === 'resolved' ? latest : null;
}
