import { languagesSeen } from '@/composables/use-page-languages';
import { languagesWithText, type TranslationDraft } from './translation-draft';

/*
 * The languages an incident (or notice) was posted in besides the page's own: the ones its title and its
 * updates carry. A new update or the resolution is offered the same, and the user is told before sending
 * when it would go out without one of them.
 */

/** The languages the item's title and updates carry, most used first. */
export function incidentLanguages(item: { translations?: unknown; updates?: readonly Record<string, unknown>[] }): string[] {
  return languagesSeen([item, ...(item.updates ?? [])]);
}

/**
 * "The incident has German; this resolution will be posted in English only": what a new update lacks of the
 * incident's languages, or null when it lacks none. `nameOf` names a language ("German" for "de").
 */
export function missingLanguagesNote(options: {
  languages: readonly string[];
  draft: TranslationDraft;
  source: string;
  noun: 'incident' | 'notice';
  what: 'update' | 'resolution';
  nameOf: (code: string) => string;
}): string | null {
  const written = new Set(languagesWithText(options.draft));
  const others = options.languages.filter((code) => code !== options.source);
  const missing = others.filter((code) => !written.has(code));
  if (missing.length === 0) return null;
  const names = (codes: string[]) => listed(codes.map(options.nameOf));
  const has = `The ${options.noun} has ${names(others)}`;
  if (written.size === 0) return `${has}; this ${options.what} will be posted in ${options.nameOf(options.source)} only.`;
  return `${has}; this ${options.what} will be posted without ${names(missing)}.`;
}

/** "German", "German and French", "German, French and Spanish". */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
}
