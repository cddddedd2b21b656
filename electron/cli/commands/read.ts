import type { Command } from 'commander';
import { levelWords } from '@shared/people-words/level-words';
import { normalizePageSummary, type NormalizedService } from '@shared/statuspal/normalize';
import type { RunAction } from '../run-action';
import { PROVIDER_FORMATS } from '@shared/monitor/provider/formats/format-ids';
import { formatOption, providerArgument } from '../provider-argument';
import { CliUsageError } from '../output';
import { collectPart, PART_OPTION_HELP, partsOption } from '../part-option';

function serviceLines(services: NormalizedService[], depth = 0): string[] {
  return services.flatMap((service) => [
    // The id is what --service of incidents, maintenances and notices takes.
    `${'  '.repeat(depth + 1)}${service.name}${service.id === null ? '' : ` (id ${service.id})`}: ${levelWords(service.level, service.currentType)}`,
    ...serviceLines(service.children, depth + 1),
  ]);
}

const PAGE_ARGUMENT =
  "a status page's subdomain, a provider's status page address (any format the app reads) or its name in the catalogue (`providers search`)";
const FORMAT_OPTION = `what the address publishes, when it cannot be told: ${PROVIDER_FORMATS.join(', ')}`;

/** hello, status, summary: the public reads. */
export function registerReadCommands(program: Command, run: RunAction): void {
  program
    .command('hello')
    .description('check that the server answers (GET /hello)')
    .action(
      run(async (ctx) => {
        const client = await ctx.client();
        const answer = await client.hello();
        ctx.print.result({ baseUrl: client.baseUrl, ...answer }, () => `${client.baseUrl}: ${answer.message}`);
      }),
    );

  program
    .command('status')
    .description("a page's current status; with no page, every page watched in the app")
    .argument('[page]', PAGE_ARGUMENT)
    .option('--format <format>', FORMAT_OPTION)
    .option('--part <name>', PART_OPTION_HELP, collectPart)
    .action(
      // Read once; a page that does not answer is told as last known (status-last-known.ts).
      run(async (ctx, page: string | undefined, options: { format?: string; part?: string[] }) => {
        const parts = partsOption(options.part);
        if (page === undefined && parts) throw new CliUsageError('--part: name the provider whose parts to follow');
        const { pageStatus, watchedPagesStatus } = await import('./status-last-known');
        return page === undefined ? watchedPagesStatus(ctx) : pageStatus(ctx, page, formatOption(options.format), parts);
      }),
    );

  program
    .command('summary')
    .description("a page's summary: services, incidents, maintenances and notices")
    .argument('<page>', PAGE_ARGUMENT)
    .option('--format <format>', FORMAT_OPTION)
    .option('--part <name>', PART_OPTION_HELP, collectPart)
    .action(
      run(async (ctx, subdomain: string, options: { format?: string; part?: string[] }) => {
        const provider = await providerArgument(subdomain, formatOption(options.format));
        const parts = partsOption(options.part);
        if (provider) return (await import('./provider-read')).providerSummary(ctx, provider, parts);
        if (parts) throw new CliUsageError(`--part: ${subdomain} is not a provider's page (parts are a provider's components, services or regions)`);
        const summary = await (await ctx.client(subdomain)).getPageSummary({ subdomain });
        const page = normalizePageSummary(summary);
        ctx.print.result(summary, () => {
          const lines = [`${page.name} (${page.subdomain}): ${levelWords(page.level, page.currentType)}`];
          lines.push('Services:', ...serviceLines(page.services));
          const section = (title: string, items: typeof page.incidents, since = 'since') => {
            if (items.length === 0) return;
            lines.push(`${title}:`);
            for (const item of items) {
              const latest = item.updates[0]?.description;
              lines.push(`  #${item.id} [${levelWords(item.level, item.type)}] ${item.title}${item.startsAt ? ` ${since} ${ctx.time(item.startsAt)}` : ''}`);
              if (latest) lines.push(`      ${latest.replace(/\s+/g, ' ').slice(0, 160)}`);
            }
          };
          section('Incidents', page.incidents);
          section('Maintenances', page.maintenances);
          section('Upcoming maintenances', page.upcomingMaintenances, 'starts');
          if (page.infoNotices.length > 0) {
            lines.push('Notices:');
            for (const notice of page.infoNotices) lines.push(`  #${notice.id} ${notice.title}`);
          }
          return lines.join('\n');
        });
      }),
    );
}
