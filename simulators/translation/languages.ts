import type { Language } from '@shared/translation/language';

/** The simulator's default list: enough languages with local and English names for the panel and the tests. */
export const DEFAULT_SIM_LANGUAGES: readonly Language[] = [
  { code: 'en', local_name: 'English', english_name: 'English' },
  { code: 'de', local_name: 'Deutsch', english_name: 'German' },
  { code: 'fr', local_name: 'Français', english_name: 'French' },
  { code: 'es', local_name: 'Español', english_name: 'Spanish' },
  { code: 'it', local_name: 'Italiano', english_name: 'Italian' },
  { code: 'nl', local_name: 'Nederlands', english_name: 'Dutch' },
  { code: 'pt', local_name: 'Português', english_name: 'Portuguese' },
  { code: 'ja', local_name: '日本語', english_name: 'Japanese' },
  { code: 'zh', local_name: '中文 (简体)', english_name: 'Simplified Chinese' },
  { code: 'tw', local_name: '中文 (繁體)', english_name: 'Traditional Chinese' },
  { code: 'pl', local_name: 'Polski', english_name: 'Polish' },
  { code: 'sv', local_name: 'Svenska', english_name: 'Swedish' },
  { code: 'ar', local_name: 'العربية', english_name: 'Arabic' },
  { code: 'fi', local_name: 'Suomi', english_name: 'Finnish' },
  { code: 'da', local_name: 'Dansk', english_name: 'Danish' },
];

/** Every ordered pair of distinct codes. */
export function allPairs(languages: readonly Language[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const a of languages) for (const b of languages) if (a.code !== b.code) pairs.push([a.code, b.code]);
  return pairs;
}
