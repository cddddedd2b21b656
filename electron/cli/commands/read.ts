import type { Command } from 'commander';
import { levelWords } from '@shared/people-words/level-words';
import { normalizePageSummary, type NormalizedService } from '@shared/statuspage/normalize';
import type { RunAction } from '../run-action';
import { looksLikeUrl } from '@shared/monitor/provider/provider-url';
import { providerSummary } from './provider-read';
import { pageStatus } from './status-last-known';

function serviceLines(services: NormalizedService[], depth = 0): string[] {
  return services.flatMap((service) => [
    // The id is what --service of incidents, maintenances and notices takes.
    `${'  '.repeat(depth + 1)}${service.name}${service.id === null ? '' : ` (id ${service.id})`}: ${levelWords(service.level, service.currentType)}`,
    ...serviceLines(service.children, depth + 1),
  ]);
}

/** hello, status, summary: the public reads. */
export function registerReadCommands(program: Command, run: RunAction): void {
  program
    .command('hello')
    .description('check that the server answers (GET /hello)')
    .action(
      run(async (ctx) => {
        const client = ctx.client();
        const answer = await client.hello();
        ctx.print.result({ baseUrl: client.baseUrl, ...answer }, () => `${client.baseUrl}: ${answer.message}`);
      }),
    );

  program
    .command('status')
    .description("a page's current status")
    .argument('<subdomain>', 'the status page subdomain, or the https address of a page in the public Statuspage format')
    .action(
      // Read once; a page that does not answer is told as last known (status-last-known.ts).
      run((ctx, subdomain: string) => pageStatus(ctx, subdomain)),
    );

  program
    .command('summary')
    .description("a page's summary: services, incidents, maintenances and notices")
    .argument('<subdomain>', 'the status page subdomain, or the https address of a page in the public Statuspage format')
    .action(
      run(async (ctx, subdomain: string) => {
        if (looksLikeUrl(subdomain)) return providerSummary(ctx, subdomain);
        const summary = await ctx.client(subdomain).getPageSummary({ subdomain });
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
