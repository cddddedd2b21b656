import type { PageSnapshot } from '../snapshot';
import { narrowToParts } from './followed-parts';
import { parseJsonAs } from './not-understood';
import { DEFAULT_PROVIDER_FORMAT, type ProviderFormat } from './provider-format';
import { readCachetPage } from './read-cachet';
import { readFeedPage } from './read-feed';
import { readInstatusPage } from './read-instatus';
import { readProviderSnapshot } from './read-provider-snapshot';
import { readStatusioPage } from './read-statusio';

/**
 * A provider page's answer (the body text of its format's document) → the page model, as the parts it follows
 * see it when it follows some (followed-parts.ts). Throws ProviderNotUnderstoodError, with the reason, when the
 * answer is not that format.
 */
export function readProviderPage(
  body: string,
  page: { url: string; format?: ProviderFormat | undefined; parts?: readonly string[] | undefined },
  now: number = Date.now(),
): PageSnapshot {
  return narrowToParts(readWholePage(body, page, now), page.parts);
}

function readWholePage(body: string, page: { url: string; format?: ProviderFormat | undefined }, now: number): PageSnapshot {
  const format = page.format ?? DEFAULT_PROVIDER_FORMAT;
  switch (format) {
    case 'statuspage':
    case 'incidentio':
      return readProviderSnapshot(parseJsonAs(format, body), page.url, { format, now });
    case 'instatus':
      return readInstatusPage(body, page.url, now);
    case 'statusio':
      return readStatusioPage(body, page.url);
    case 'cachet':
      return readCachetPage(body, page.url);
    case 'feed':
      return readFeedPage(body, page.url, now);
  }
}
