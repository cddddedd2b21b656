import type { PageSnapshot } from '../snapshot';
import { narrowToParts } from './followed-parts';
import { DEFAULT_PROVIDER_FORMAT, providerFormatRecord, type ProviderFormat } from './provider-format';

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
  const record = providerFormatRecord(page.format ?? DEFAULT_PROVIDER_FORMAT);
  return narrowToParts(record.read(body, { url: page.url, now }), page.parts);
}
