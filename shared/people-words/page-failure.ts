import type { AppErrorShape } from '../errors';
import { REGION_BASE_URLS } from '../statuspal/regions';
import { failureWords, type PeopleWords } from './failure-words';

/** What a watched page's failed check needs to be told: its name, how it is reached, and the error. */
interface CheckedPage {
  name: string;
  subdomain: string;
  /** `statuspage`: a provider's page by its address (`url`); otherwise a Status Page API page. */
  kind?: 'statuspal' | 'provider' | undefined;
  url?: string | undefined;
  region: string;
  /** The page's server when its region is custom (the watched page's base URL). */
  baseUrl?: string | undefined;
  error: AppErrorShape | null;
}

/** The page's server, as it can be shown. */
function serverOf(page: CheckedPage): string | undefined {
  if (page.kind === 'provider') return page.url;
  if (page.region === 'us' || page.region === 'eu') return REGION_BASE_URLS[page.region];
  return page.baseUrl;
}

/**
 * "Could not check Acme Status: there is no status page "acme" on https://statuspal.io/api/v2 (404). Check the
 * subdomain…": a page's last failed check, for its card, the tray and `statusdesk watch`. Null when the last
 * check did not fail.
 */
export function pageCheckFailure(page: CheckedPage, audience: 'window' | 'cli' = 'window'): PeopleWords | null {
  if (!page.error) return null;
  return failureWords(page.error, {
    action: `check ${page.name}`,
    subject: page.kind === 'provider' ? 'provider' : 'page',
    subdomain: page.subdomain,
    server: serverOf(page),
    audience,
  });
}
