import { randomUUID } from 'node:crypto';
import { AppError } from '@shared/errors';
import { providerSlug } from '@shared/monitor/provider/provider-id';
import type { ProviderFormat } from '@shared/monitor/provider/provider-format';
import { ProviderUrlError, normaliseProviderUrl } from '@shared/monitor/provider/provider-url';
import { watchedPageSchema, type WatchedPage } from '@shared/monitor/watched-page';

/**
 * The settings entry of a provider's public page given by its address: kind `statuspage`, the
 * normalised URL, its format when not the default, and its slug as the subdomain (what events and
 * the command line print). Region `custom` carries no meaning for it. Bad addresses: invalid_input.
 */
export function providerWatchedPage(
  url: string,
  options: {
    name?: string | undefined;
    intervalSec?: number | undefined;
    id?: string;
    format?: ProviderFormat | undefined;
    /** The parts followed (provider/followed-parts.ts); none: the whole provider. */
    parts?: readonly string[] | undefined;
  } = {},
): WatchedPage {
  let pageUrl: string;
  try {
    pageUrl = normaliseProviderUrl(url, options.format);
  } catch (error) {
    throw new AppError('invalid_input', error instanceof ProviderUrlError ? error.message : 'That is not a status page address.');
  }
  return watchedPageSchema.parse({
    id: options.id ?? randomUUID(),
    kind: 'provider',
    url: pageUrl,
    ...(options.format && options.format !== 'statuspage' ? { format: options.format } : {}),
    region: 'custom',
    subdomain: providerSlug(pageUrl),
    ...(options.name ? { name: options.name } : {}),
    ...(options.intervalSec ? { intervalSec: options.intervalSec } : {}),
    ...(options.parts && options.parts.length > 0 ? { parts: options.parts } : {}),
  });
}
