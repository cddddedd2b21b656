import type { PageSnapshot } from '@shared/monitor/snapshot';
import { PROVIDER_FORMATS, type ProviderFormat } from '@shared/monitor/provider/formats/format-ids';
import { looksLikeUrl } from '@shared/monitor/provider/looks-like-url';
import { uncheckedCatalogueEntryNamed } from '@shared/providers/catalogue-names';
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

/** The catalogue entry `text` names (its name, any case), checked; null when no provider has that name. */
async function catalogueEntry(text: string): Promise<ProviderTarget | null> {
  if (uncheckedCatalogueEntryNamed(text) === null) return null;
  const { catalogueEntryNamed } = await import('@shared/providers/catalogue');
  const entry = catalogueEntryNamed(text);
  return entry ? { url: entry.url, format: entry.format, name: entry.name } : null;
}

/**
 * A provider the argument names, without reading it yet (the format may still be unknown); null for a subdomain.
 * The address rules (every format's record) and the catalogue's checks load only for an address or a name it has.
 */
export async function providerArgument(
  text: string,
  forced?: ProviderFormat,
): Promise<(Omit<ProviderTarget, 'format'> & { format: ProviderFormat | null }) | null> {
  if (looksLikeUrl(text)) {
    const [{ formatFromAddress }, { normaliseProviderUrl, ProviderUrlError }] = await Promise.all([
      import('@shared/monitor/provider/format-from-address'),
      import('@shared/monitor/provider/provider-url'),
    ]);
    const format = forced ?? formatFromAddress(text);
    try {
      return { url: normaliseProviderUrl(text, format ?? 'statuspage'), format };
    } catch (error) {
      throw new CliUsageError(error instanceof ProviderUrlError ? `${text}: ${error.message}` : `${text}: not a status page address`);
    }
  }
  const entry = await catalogueEntry(text);
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
