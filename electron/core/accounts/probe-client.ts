import type { AccountRecord } from '@shared/accounts/account';
import type { Region } from '@shared/statuspal/regions';
import { StatusPageClient } from '@core/statuspal-client/client';
import type { ConnectionProbeClient } from './connection-check';

/** The client region for an account record: a named region, or the custom base URL. */
export function regionOfAccount(account: Pick<AccountRecord, 'region' | 'baseUrl'>): Region {
  if (account.region === 'custom') return { baseUrl: account.baseUrl! };
  return account.region;
}

/** "Test connection" uses the real client, shared rate limit included, with no read retries (answer fast). */
export function createStatusPageProbeClient(account: AccountRecord, apiKey: string | null): ConnectionProbeClient {
  const client = new StatusPageClient({
    region: regionOfAccount(account),
    ...(apiKey ? { apiKey } : {}),
    accountId: account.id,
    timeoutMs: 10_000,
    retry: { retries: 0 },
  });
  return {
    hello: () => client.hello(),
    getPageStatus: (subdomain) => client.getPageStatus({ subdomain }),
    listServices: (subdomain) => client.listServices({ subdomain }),
    listStatusPages: (organizationId) => client.listStatusPages({ organizationId }),
  };
}
