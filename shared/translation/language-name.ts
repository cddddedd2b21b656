import type { Language } from './language';

/** The service's codes that mean something else in BCP 47 (there "tw" is Twi). */
const SERVICE_CODES: Readonly<Record<string, string>> = { tw: 'Chinese (Traditional)' };

const platformNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  } catch {
    return null;
  }
})();

/**
 * A language as people name it: "German" for "de". The translation service's own English name when it listed the
 * language, else the name the platform knows (so a window without a translation service still says "German"),
 * else the code as given.
 */
export function languageName(code: string, listed: ReadonlyArray<Pick<Language, 'code' | 'english_name'>> = []): string {
  const fromService = listed.find((language) => language.code === code)?.english_name;
  if (fromService) return fromService;
  if (Object.hasOwn(SERVICE_CODES, code)) return SERVICE_CODES[code]!;
  try {
    const named = platformNames?.of(code);
    if (named) return named;
  } catch {
    // Not a code the platform reads ("zz-top"): the code itself.
  }
  return code;
}
