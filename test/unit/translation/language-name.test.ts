import { describe, expect, it } from 'vitest';
import { languageName } from '../../../shared/translation/language-name';

describe('languageName', () => {
  it('names a language in English, not by its code', () => {
    expect(languageName('de')).toBe('German');
    expect(languageName('fr')).toBe('French');
    expect(languageName('tw')).toBe('Chinese (Traditional)');
  });

  it('prefers the name the translation service listed', () => {
    expect(languageName('tw', [{ code: 'tw', english_name: 'Chinese (Traditional)' }])).toBe('Chinese (Traditional)');
  });

  it('keeps a code nothing can name as it is', () => {
    expect(languageName('qq-nothing')).toBe('qq-nothing');
  });
});
