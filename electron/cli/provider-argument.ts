import type { PageSnapshot } from '@shared/monitor/snapshot';
import { formatFromAddress } from '@shared/monitor/provider/format-from-address';
import { PROVIDER_FORMATS, type ProviderFormat } from '@shared/monitor/provider/provider-format';
import { looksLikeUrl, normaliseProviderUrl, ProviderUrlError } from '@shared/monitor/provider/provider-url';
import { catalogueEntryNamed } from '@shared/providers/catalogue';
import type { CliContext } from './context';
import { CliUsageError } from './output';

/*
 * What a page argument of status, summary and watch names, in one place: a provider from the catalogue by name
 * ("github"), a provider's page by its address in any format the window reads (told by the address, by
 * `--format`, or by what the address answers), or else an own page's subdomain. Read as the monitor reads it.
 */

interface ProviderTarget {
  url: string;
  format: ProviderFormat;
  /** The catalogue's name, when the argument was one. */
  name?: string;
}

/** `--format`, checked: one of the formats the reader supports. */
export function formatOption(value: string | undefined): ProviderFormat | undefined {
  if (value === undefined) return undefined;
  const format = PROVIDER_FORMATS.find((f) => f === value.trim().toLowerCase());
  if (!format) throw new CliUsageError(`--format: one of ${PROVIDER_FORMATS.join(', ')} (got "${value}")`);
  return format;
}

/** The catalogue entry `text` names (its name, any case), or null. */
function catalogueEntry(text: string): ProviderTarget | null {
  const entry = catalogueEntryNamed(text);
  return entry ? { url: entry.url, format: entry.format, name: entry.name } : null;
}

/** A provider the argument names, without reading it yet (the format may still be unknown); null for a subdomain. */
export function providerArgument(text: string, forced?: ProviderFormat): (Omit<ProviderTarget, 'format'> & { format: ProviderFormat | null }) | null {
  if (looksLikeUrl(text)) {
    const format = forced ?? formatFromAddress(text);
    try {
      return { url: normaliseProviderUrl(text, format ?? 'statuspage'), format };
    } catch (error) {
      throw new CliUsageError(error instanceof ProviderUrlError ? `${text}: ${error.message}` : `${text}: not a status page address`);
    }
  }
  const entry = catalogueEntry(text);
  return entry ? { ...entry, format: forced ?? entry.format } : null;
}

/**
 * Reads a provider's page once: in its format when known, else in each format in turn until one is understood
 * (the first failure is the one told when none is); as `parts` see it when given (--part).
 */
export async function readProviderTarget(
  ctx: CliContext,
  target: Omit<ProviderTarget, 'format'> & { format: ProviderFormat | null },
  parts?: readonly string[],
): Promise<{ target: ProviderTarget; page: PageSnapshot }> {
  // The readers of every format: loaded only once a provider's page is read.
  const { readProviderOnce } = await import('@core/monitor/read-provider-once');
  const read = await readProviderOnce(target.url, target.format, {
    onTry: (url) => (ctx.lastTarget = { baseUrl: url, provider: true }),
    tryAnother: '--format names another',
    ...(parts ? { parts } : {}),
  });
  return { target: { ...target, format: read.format }, page: read.page };
}
