import type { Command } from 'commander';
import type { RunAction } from '../run-action';
import { MAX_PART_CHOICES, searchPartChoices } from '@shared/monitor/provider/part-choices';
import { PROVIDER_FORMATS } from '@shared/monitor/provider/formats/format-ids';
import { readProviderParts } from '@core/monitor/read-provider-parts';
import { CliUsageError, table } from '../output';
import { formatOption, providerArgument } from '../provider-argument';

/*
 * `statusdesk providers parts <provider>`: the parts its page can be followed by (read-provider-parts.ts), for
 * --part. `statusdesk providers search [words…]`: the provider catalogue (shared/providers/catalogue.json) by
 * name, as people type it ("aws", "git"); no words list all. Prints name, address and format (the
 * address and format `statusdesk watch <URL>` and the window's Watch a page take); `--json` an array of
 * the catalogue's entries. Nothing is fetched: the catalogue ships with the app.
 */

export function registerProvidersCommand(program: Command, run: RunAction): void {
  const providers = program.command('providers').description("the catalogue of providers' public status pages");
  providers
    .command('search')
    .description('find providers by name (no words: list all); prints name, address and format')
    .argument('[words...]', 'part of a name, an address or a category, e.g. "git" or "datadog eu"')
    .action(
      run(async (ctx, words: string[] = []) => {
        // Loaded here, not at start: the catalogue is parsed only by the command that needs it.
        const { searchProviders } = await import('@shared/providers/search');
        const found = searchProviders(words.join(' '));
        ctx.print.result(found, () =>
          found.length === 0
            ? `No provider matches "${words.join(' ')}".`
            : table([['NAME', 'ADDRESS', 'FORMAT'], ...found.map((entry) => [entry.name, entry.url, entry.format])]),
        );
        return found.length === 0 ? 1 : 0;
      }),
    );
  providers
    .command('parts')
    .description("the parts a provider's page can be followed by (--part of watch, summary and status)")
    .argument('<provider>', "its name in the catalogue or its status page's address")
    .option('--format <format>', `what the address publishes, when it cannot be told: ${PROVIDER_FORMATS.join(', ')}`)
    .option('--search <words>', 'only the parts whose name has every word, e.g. "ec2 frankfurt"')
    .action(
      run(async (ctx, text: string, options: { format?: string; search?: string }) => {
        const argument = await providerArgument(text, formatOption(options.format));
        if (!argument) throw new CliUsageError(`${text}: not a provider in the catalogue (providers search) nor a status page address`);
        const found = await readProviderParts(argument.url, argument.format, {
          ...(argument.name ? { name: argument.name } : {}),
          onTry: (url) => (ctx.lastTarget = { baseUrl: url, provider: true }),
          tryAnother: '--format names another',
        });
        const choices = options.search === undefined ? found.choices : searchPartChoices(found.choices, options.search, MAX_PART_CHOICES);
        ctx.print.result({ url: found.url, format: found.format, name: found.name, parts: choices }, () =>
          choices.length === 0
            ? `${found.name} (${found.url}) names no part${options.search === undefined ? ' now: an incident of it is the whole provider' : ` matching "${options.search}"`}.`
            : table([
                ['PART', 'NAME', 'NAMED'],
                ...choices.map((choice) => [choice.key, choice.label === choice.key ? '' : choice.label, choice.seen ? 'in its answer now' : 'well known']),
              ]),
        );
        return choices.length === 0 ? 1 : 0;
      }),
    );
}
