import type { Command } from 'commander';
import { languageCodeSchema } from '../../../shared/translation/language';
import { translationBaseUrlSchema, translationSettingsSchema } from '../../../shared/translation/translation-settings';
import { WordType } from '../../../shared/translation/word-type';
import { createTranslationService } from '../../services/translation/create-translation-service';
import { firstKey, keyFromEnv, keyFromVault } from '../../services/translation/key-source';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';
import type { RunAction } from '../run-action';


interface TranslateOptions {
  from: string;
  to: string;
  type?: string;
  translationBaseUrl?: string;
}

// Checked in the action, not in a commander parser: a parser's error would skip the usage exit code.
function parseType(text: string): number {
  if (!/^[0-9]+$/.test(text)) throw new CliUsageError(`--type must be a WordType number (1 is TEXT), not "${text}"`);
  return Number(text);
}

function languageOption(name: string, value: string): string {
  const parsed = languageCodeSchema.safeParse(value);
  if (!parsed.success) throw new CliUsageError(`--${name} must be a language code such as en or de`);
  return parsed.data;
}

/** stdin split in lines; the newline that ends the last line does not make one more (blank) line. */
export function linesOf(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** --translation-base-url, else the app's setting, else the public service. */
function baseUrlFor(ctx: CliContext, option: string | undefined): string {
  if (option !== undefined) {
    const parsed = translationBaseUrlSchema.safeParse(option);
    if (!parsed.success) throw new CliUsageError(`--translation-base-url: ${parsed.error.issues[0]?.message ?? 'not a valid address'}`);
    return parsed.data;
  }
  return translationSettingsSchema.parse(ctx.settings.get().translation ?? {}).baseUrl;
}

/** translate: texts from the arguments or stdin, through the translation memory shared with the app. */
export function registerTranslateCommand(program: Command, run: RunAction): void {
  program
    .command('translate')
    .description('translate texts (arguments, or one per line on stdin); repeats come from the translation memory')
    .argument('[text...]', 'texts to translate; read line by line from stdin when none are given')
    .requiredOption('--from <lang>', 'the language of the texts (e.g. en)')
    .requiredOption('--to <lang>', 'the language to translate into (e.g. de)')
    .option('--type <n>', 'WordType of the texts (default 1, TEXT)')
    .option('--translation-base-url <url>', 'the translation service address (default: the app setting, else https://api.weglot.com)')
    .addHelpText('after', '\nThe key comes from STATUSDESK_TRANSLATION_KEY, else the keychain entry the app stores.')
    .action(
      run(async (ctx, args: string[], options: TranslateOptions) => {
        const from = languageOption('from', options.from);
        const to = languageOption('to', options.to);
        const type = options.type === undefined ? WordType.TEXT : parseType(options.type);
        let texts = args;
        if (texts.length === 0) {
          const input = (await ctx.io.readStdin?.()) ?? '';
          if (input === '') throw new CliUsageError('give the texts as arguments or pipe them on stdin, one per line');
          texts = linesOf(input);
        }
        const service = await createTranslationService({
          dataDir: ctx.dataDir,
          getKey: firstKey(keyFromEnv(ctx.io.env), keyFromVault(ctx.vault)),
          client: { baseUrl: baseUrlFor(ctx, options.translationBaseUrl) },
          onProblem: (message) => ctx.io.stderr(`warning: ${message}\n`),
        });
        try {
          const { texts: translated, counters } = await service.translator.translate({ from, to, type, texts });
          const { requests, wordsSent, wordsFromMemory } = counters;
          ctx.print.result({ texts: translated, requests, wordsSent, wordsFromMemory }, () => translated.join('\n'));
          ctx.print.note(
            `${wordsSent} word${wordsSent === 1 ? '' : 's'} sent in ${requests} request${requests === 1 ? '' : 's'}, ${wordsFromMemory} from the translation memory`,
          );
        } finally {
          await service.close();
        }
      }),
    );
}
