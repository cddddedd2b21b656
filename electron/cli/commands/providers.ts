import type { Command } from 'commander';
import type { RunAction } from '../run-action';
import { table } from '../output';

/*
 * `statusdesk providers search [words…]`: the provider catalogue (shared/providers/catalogue.json) by
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
}
