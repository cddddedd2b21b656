import type { Language } from '@shared/translation/language';

/** Lower case without accents, so "francais" finds "Français". */
function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

function rankOf(language: Language, query: string): number | null {
  if (foldForSearch(language.code) === query) return 0;
  const names = [foldForSearch(language.english_name), foldForSearch(language.local_name)];
  if (names.some((name) => name.startsWith(query))) return 1;
  if (names.some((name) => name.split(/[\s()-]+/u).some((word) => word.startsWith(query)))) return 2;
  if (names.some((name) => name.includes(query))) return 3;
  return null;
}

/**
 * Languages whose code, English name or local name match the query: exact code first, then names that start
 * with it, then words that start with it, then anywhere; alphabetical by English name within a rank.
 */
export function searchLanguages(languages: readonly Language[], query: string): Language[] {
  const folded = foldForSearch(query.trim());
  const byName = (a: Language, b: Language) => a.english_name.localeCompare(b.english_name, 'en');
  if (folded === '') return [...languages].sort(byName);
  return languages
    .map((language) => ({ language, rank: rankOf(language, folded) }))
    .filter((entry): entry is { language: Language; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || byName(a.language, b.language))
    .map((entry) => entry.language);
}

/** How a chosen language reads in the picker: "German — Deutsch", or just "English". */
export function languageLabel(language: Language): string {
  return language.local_name === language.english_name ? language.english_name : `${language.english_name} — ${language.local_name}`;
}
