import type { PageSnapshot, ServiceSnapshot } from '@shared/monitor/snapshot';
import { PROVIDER_FORMAT_LABELS } from '@shared/monitor/provider/provider-format';
import { countWords } from '@shared/people-words/count-words';
import { PART_VERDICT_WORDS } from '@shared/monitor/provider/followed-parts';
import { levelWords } from '@shared/people-words/level-words';
import type { BaseLevel } from '@shared/statuspal/levels';
import type { CliContext } from '../context';
import { readProviderTarget, type providerArgument } from '../provider-argument';

/*
 * `status` and `summary` of a provider's public page, in any format the window reads (provider-argument.ts
 * says which page and format), read once into the same page model the monitor uses. `--json` prints that
 * model with `kind`, `url` and `format`.
 */

type Argument = NonNullable<Awaited<ReturnType<typeof providerArgument>>>;

function serviceLines(services: readonly ServiceSnapshot[], depth = 0): string[] {
  return services.flatMap((s) => [`${'  '.repeat(depth + 1)}${s.name}: ${levelWords(s.level, s.currentType)}`, ...serviceLines(s.children, depth + 1)]);
}

/** Prints the page's status; returns what it read, for `status` to keep as the last known. */
export async function providerStatus(
  ctx: CliContext,
  argument: Argument,
  parts?: readonly string[],
): Promise<{ name: string; level: BaseLevel; type: string | null }> {
  const { target, page } = await readProviderTarget(ctx, argument, parts);
  const name = target.name ?? page.name;
  const elsewhere = page.elsewhere?.length ?? 0;
  ctx.print.result(
    {
      kind: 'provider',
      url: target.url,
      format: target.format,
      name,
      level: page.level,
      indicator: page.currentType,
      ...(parts ? { parts, elsewhere: page.elsewhere ?? [] } : {}),
    },
    () =>
      `${name} (${target.url}, ${PROVIDER_FORMAT_LABELS[target.format]}): ${levelWords(page.level, page.currentType)}` +
      (parts
        ? ` for ${countWords(parts.length, 'part')} followed${elsewhere > 0 ? `; ${countWords(elsewhere, 'incident')} in parts you do not follow` : ''}`
        : ''),
  );
  return { name, level: page.level, type: page.currentType };
}

export async function providerSummary(ctx: CliContext, argument: Argument, parts?: readonly string[]): Promise<void> {
  const { target, page } = await readProviderTarget(ctx, argument, parts);
  const url = target.url;
  ctx.print.result({ ...page, kind: 'provider', url, format: target.format, ...(parts ? { parts } : {}) }, () => {
    const lines = [`${target.name ?? page.name} (${url}, ${PROVIDER_FORMAT_LABELS[target.format]}): ${levelWords(page.level, page.currentType)}`];
    // Incidents naming no part are the whole provider's, and counted.
    if (parts) lines.push(`Following: ${parts.join(', ')} (and what names no part)`);
    if (page.services.length > 0 || !parts) lines.push('Components:', ...serviceLines(page.services));
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
    if (page.elsewhere?.length) {
      lines.push(`Elsewhere (${PART_VERDICT_WORDS.elsewhere}, not counted):`);
      for (const item of page.elsewhere) lines.push(`  ${item.title}  [${item.parts.join(', ')}]`);
    }
    return lines.join('\n');
  });
}
