import type { PageSnapshot, ServiceSnapshot } from '@shared/monitor/snapshot';
import { readProviderSnapshot, parseProviderSummary } from '@shared/monitor/provider/read-provider-snapshot';
import { normaliseProviderUrl, ProviderUrlError } from '@shared/monitor/provider/provider-url';
import { invalidBodyError } from '@services/monitor/page-tracker';
import { createProviderFetcher, providerRateLimitKey } from '@services/monitor/provider-fetcher';
import { getRateLimiter } from '@services/statuspage/rate-limiter';
import { levelWords } from '@shared/people-words/level-words';
import type { BaseLevel } from '@shared/statuspage/levels';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';

/*
 * `status <URL>` and `summary <URL>`: a provider's public page in the Statuspage format, read once
 * (GET <URL>/api/v2/summary.json) into the same page model the monitor uses. `--json` prints that
 * model with `kind` and `url` (the format's own document is one `curl` away).
 */

async function readProvider(ctx: CliContext, urlText: string): Promise<{ url: string; page: PageSnapshot; description: string | null }> {
  let url: string;
  try {
    url = normaliseProviderUrl(urlText);
  } catch (error) {
    throw new CliUsageError(error instanceof ProviderUrlError ? error.message : 'not a status page address');
  }
  // A failure is told as one of this provider's page (explain-failure.ts), by its address.
  ctx.lastTarget = { baseUrl: url, provider: true };
  const fetcher = createProviderFetcher({ pageUrl: url, rateLimiter: getRateLimiter(providerRateLimitKey(url)) });
  const text = await fetcher.fetchSummaryText('');
  try {
    const json: unknown = JSON.parse(text);
    return { url, page: readProviderSnapshot(json, url), description: parseProviderSummary(json).status?.description ?? null };
  } catch (error) {
    throw invalidBodyError(error);
  }
}

function serviceLines(services: readonly ServiceSnapshot[], depth = 0): string[] {
  return services.flatMap((s) => [`${'  '.repeat(depth + 1)}${s.name}: ${levelWords(s.level, s.currentType)}`, ...serviceLines(s.children, depth + 1)]);
}

/** Prints the page's status; returns what it read, for `status` to keep as the last known. */
export async function providerStatus(ctx: CliContext, urlText: string): Promise<{ name: string; level: BaseLevel; type: string | null }> {
  const { url, page, description } = await readProvider(ctx, urlText);
  ctx.print.result(
    { kind: 'statuspage', url, name: page.name, level: page.level, indicator: page.currentType, description },
    () => `${page.name} (${url}): ${levelWords(page.level, page.currentType)}${description ? ` — ${description}` : ''}`,
  );
  return { name: page.name, level: page.level, type: page.currentType };
}

export async function providerSummary(ctx: CliContext, urlText: string): Promise<void> {
  const { url, page } = await readProvider(ctx, urlText);
  ctx.print.result({ ...page, kind: 'statuspage', url }, () => {
    const lines = [`${page.name} (${url}): ${levelWords(page.level, page.currentType)}`, 'Components:', ...serviceLines(page.services)];
    const section = (title: string, items: PageSnapshot['incidents'], since = 'since') => {
      if (items.length === 0) return;
      lines.push(`${title}:`);
      for (const item of items) {
        lines.push(
          `  [${levelWords(item.level, item.type)}] ${item.title}${item.startsAt ? ` ${since} ${ctx.time(item.startsAt)}` : ''}${item.url ? `  ${item.url}` : ''}`,
        );
        if (item.latestUpdate?.description)
          lines.push(`      ${item.latestUpdate.type ? `${item.latestUpdate.type}: ` : ''}${item.latestUpdate.description.replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    };
    section('Incidents', page.incidents);
    section('Maintenances', page.maintenances);
    section('Upcoming maintenances', page.upcomingMaintenances, 'starts');
    return lines.join('\n');
  });
}
