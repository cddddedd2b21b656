import type { Command } from 'commander';
import { languageCodeSchema } from '@shared/translation/language';
import { requestUrlSchema } from '@shared/translation/request-url';
import { translationBaseUrlSchema, translationSettingsSchema, type TranslationSettings } from '@shared/translation/translation-settings';
import { MAX_WORD_TYPE, MIN_WORD_TYPE, WordType } from '@shared/translation/word-type';
import { createTranslationService } from '@core/translation/create-translation-service';
import { firstKey, keyFromEnv, keyFromVault } from '@core/translation/key-source';
import type { CliContext } from '../context';
import { CliUsageError, table } from '../output';
import type { RunAction } from '../run-action';

interface TranslateOptions {
  from?: string;
  to?: string;
  type?: string;
  translationBaseUrl?: string;
  requestUrl?: string;
  languages?: boolean;
}

// Checked in the action, not in a commander parser: a parser's error would skip the usage exit code.
function parseType(text: string): number {
  const value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!(value >= MIN_WORD_TYPE && value <= MAX_WORD_TYPE)) {
    throw new CliUsageError(`--type must be a WordType from ${MIN_WORD_TYPE} to ${MAX_WORD_TYPE} (1 is TEXT), not "${text}"`);
  }
  return value;
}

function languageOption(name: string, value: string | undefined): string {
  if (value === undefined) throw new CliUsageError(`--${name} is required (a language code such as en or de; --languages lists them)`);
  const parsed = languageCodeSchema.safeParse(value);
  if (!parsed.success) throw new CliUsageError(`--${name} must be a language code such as en or de`);
  return parsed.data;
}

/** stdin split in lines; the newline that ends the last line does not make one more (blank) line. */
function linesOf(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

async function settingsOf(ctx: CliContext): Promise<TranslationSettings> {
  return translationSettingsSchema.parse((await ctx.settings()).get().translation ?? {});
}

/** --translation-base-url, else the app's setting, else the public service. */
async function baseUrlFor(ctx: CliContext, option: string | undefined): Promise<string> {
  if (option !== undefined) {
    const parsed = translationBaseUrlSchema.safeParse(option);
    if (!parsed.success) throw new CliUsageError(`--translation-base-url: ${parsed.error.issues[0]?.message ?? 'not a valid address'}`);
    return parsed.data;
  }
  return (await settingsOf(ctx)).baseUrl;
}

/** --request-url, else the app's setting (a documented https default until the user sets their page). */
async function requestUrlFor(ctx: CliContext, option: string | undefined): Promise<string> {
  if (option !== undefined) {
    const parsed = requestUrlSchema.safeParse(option);
    if (!parsed.success) throw new CliUsageError(`--request-url: ${parsed.error.issues[0]?.message ?? 'not a valid address'}`);
    return parsed.data;
  }
  return (await settingsOf(ctx)).requestUrl;
}

/** translate: texts from the arguments or stdin, through the translation memory shared with the app. */
export function registerTranslateCommand(program: Command, run: RunAction): void {
  program
    .command('translate')
    .description('translate texts (arguments, or one per line on stdin); repeats come from the translation memory')
    .argument('[text...]', 'texts to translate; read line by line from stdin when none are given')
    .option('--from <lang>', 'the language of the texts (e.g. en)')
    .option('--to <lang>', 'the language to translate into (e.g. de)')
    .option('--type <n>', `WordType of the texts, ${MIN_WORD_TYPE} to ${MAX_WORD_TYPE} (default 1, TEXT)`)
    .option('--request-url <url>', 'the page the texts come from, sent as request_url (default: the app setting)')
    .option('--languages', 'list the language codes the service offers, and stop')
    .option('--translation-base-url <url>', 'the translation service address (default: the app setting, else https://api.weglot.com)')
    .addHelpText('after', '\nThe key comes from STATUSDESK_TRANSLATION_KEY, else the keychain entry the app stores.')
    .action(
      run(async (ctx, args: string[], options: TranslateOptions) => {
        const baseUrl = await baseUrlFor(ctx, options.translationBaseUrl);
        const open = async () =>
          createTranslationService({
            dataDir: ctx.dataDir,
            getKey: firstKey(keyFromEnv(ctx.io.env), keyFromVault(ctx.vault)),
            client: { baseUrl },
            translator: { requestUrl: await requestUrlFor(ctx, options.requestUrl) },
            onProblem: (message) => ctx.io.stderr(`warning: ${message}\n`),
          });

        if (options.languages) {
          const service = await open();
          try {
            const { languages, stale } = await service.languages.get();
            ctx.print.result(languages, () => table([['CODE', 'ENGLISH', 'LOCAL'], ...languages.map((l) => [l.code, l.english_name, l.local_name])]));
            ctx.print.note(
              `${languages.length} language${languages.length === 1 ? '' : 's'} from ${baseUrl}${stale ? ' (an older list: the service did not answer)' : ''}`,
            );
          } finally {
            await service.close();
          }
          return;
        }

        const from = languageOption('from', options.from);
        const to = languageOption('to', options.to);
        if (from === to) throw new CliUsageError(`--from and --to are both "${from}": choose two different languages`);
        const type = options.type === undefined ? WordType.TEXT : parseType(options.type);
        const requestUrl = await requestUrlFor(ctx, options.requestUrl);
        let texts = args;
        if (texts.length === 0) {
          const input = (await ctx.io.readStdin?.()) ?? '';
          if (input === '') throw new CliUsageError('give the texts as arguments or pipe them on stdin, one per line');
          texts = linesOf(input);
        }
        const service = await open();
        try {
          const result = await service.translator.translate({ from, to, type, texts, requestUrl }).catch((error: unknown) => {
            // Batches the service accepted before the failure were paid for and are kept in the memory: say so.
            const { requests, wordsSent } = service.translator.totals();
            if (requests > 0) {
              ctx.print.note(
                `${wordsSent} word${wordsSent === 1 ? '' : 's'} sent in ${requests} request${requests === 1 ? '' : 's'} the service accepted before the failure (kept in the translation memory)`,
              );
            }
            throw error;
          });
          const { texts: translated, counters, untranslated, resent } = result;
          const { requests, wordsSent, wordsFromMemory } = counters;
          ctx.print.result({ texts: translated, requests, wordsSent, wordsFromMemory, untranslated, resent }, () => translated.join('\n'));
          ctx.print.note(
            `${wordsSent} word${wordsSent === 1 ? '' : 's'} sent in ${requests} request${requests === 1 ? '' : 's'}, ${wordsFromMemory} from the translation memory`,
          );
          if (untranslated.length > 0) {
            ctx.print.note(
              `no translation came back for line${untranslated.length === 1 ? '' : 's'} ${untranslated.map((i) => i + 1).join(', ')}: the source text is printed`,
            );
          }
          if (resent > 0) ctx.print.note(`${resent} request${resent === 1 ? ' was' : 's were'} sent again: the first try never reached the service`);
        } finally {
          await service.close();
        }
      }),
    );
}
