import { partChoices, type PartChoice } from '@shared/monitor/provider/part-choices';
import type { ProviderFormat } from '@shared/monitor/provider/provider-format';
import { readProviderOnce } from './read-provider-once';

/*
 * The parts a provider page can be followed by, read from its answer now (the whole page, whatever is followed)
 * and the provider's well-known list: one home for the window's picker and `statusdesk providers parts`.
 */

interface ProviderParts {
  url: string;
  format: ProviderFormat;
  name: string;
  choices: PartChoice[];
}

export async function readProviderParts(
  url: string,
  format: ProviderFormat | null,
  options: { name?: string; timeoutMs?: number; onTry?: (url: string) => void; tryAnother?: string } = {},
): Promise<ProviderParts> {
  const { name, ...reading } = options;
  const read = await readProviderOnce(url, format, reading);
  return { url: read.url, format: read.format, name: name ?? read.page.name, choices: partChoices(read.page, read.url, name) };
}
