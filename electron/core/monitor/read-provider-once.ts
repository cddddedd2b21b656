import type { PageSnapshot } from '@shared/monitor/snapshot';
import { formatFromAddress, PROVIDER_FORMAT_TRIAL_ORDER } from '@shared/monitor/provider/format-from-address';
import { PROVIDER_FORMAT_LABELS, type ProviderFormat } from '@shared/monitor/provider/provider-format';
import { AppError } from '@shared/errors';
import { normaliseProviderUrl, ProviderUrlError } from '@shared/monitor/provider/provider-url';
import { readProviderPage } from '@shared/monitor/provider/read-provider-page';
import { getRateLimiter } from '@core/statuspal-client/rate-limiter';
import { createProviderFetcher, providerRateLimitKey } from './provider-fetcher';
import { invalidBodyError } from './page-tracker';

/*
 * A provider's page read once, as the monitor reads it, in its format when one is known (given, or told by the
 * address's own shape) and else in each format in turn until one is understood. One rule for the window's Watch
 * a page and the command line's page argument, so a bare address pasted in either is read the same way.
 */

interface ProviderReadOnce {
  /** The page's address as the reader keeps it for the format found. */
  url: string;
  format: ProviderFormat;
  page: PageSnapshot;
}

async function readAs(url: string, format: ProviderFormat, timeoutMs: number | undefined, parts: readonly string[] | undefined): Promise<ProviderReadOnce> {
  let pageUrl: string;
  try {
    pageUrl = normaliseProviderUrl(url, format);
  } catch (error) {
    throw new AppError('invalid_input', error instanceof ProviderUrlError ? error.message : 'That is not a status page address.');
  }
  const fetcher = createProviderFetcher({ pageUrl, format, rateLimiter: getRateLimiter(providerRateLimitKey(pageUrl)) });
  const text = await fetcher.fetchSummaryText('', timeoutMs === undefined ? {} : { timeoutMs });
  try {
    return { url: pageUrl, format, page: readProviderPage(text, { url: pageUrl, format, parts }) };
  } catch (error) {
    throw invalidBodyError(error);
  }
}

/**
 * `format` null: the address decides, else the answer (the first failure is the one told when no format is
 * understood, with the formats tried). `onTry` hears each address asked, for a caller that names its target.
 * `parts`: the page as those parts see it (followed-parts.ts).
 */
export async function readProviderOnce(
  url: string,
  format: ProviderFormat | null,
  options: { timeoutMs?: number; onTry?: (url: string) => void; tryAnother?: string; parts?: readonly string[] } = {},
): Promise<ProviderReadOnce> {
  const known = format ?? formatFromAddress(url);
  options.onTry?.(url);
  if (known) return readAs(url, known, options.timeoutMs, options.parts);
  let first: unknown = null;
  for (const candidate of PROVIDER_FORMAT_TRIAL_ORDER) {
    try {
      return await readAs(url, candidate, options.timeoutMs, options.parts);
    } catch (error) {
      first ??= error;
    }
  }
  if (first instanceof Error) {
    const tried = PROVIDER_FORMAT_TRIAL_ORDER.map((f) => PROVIDER_FORMAT_LABELS[f]).join(', ');
    first.message = `${first.message} (tried ${tried}${options.tryAnother ? `; ${options.tryAnother}` : ''})`;
  }
  throw first;
}
