import { describe, expect, it } from 'vitest';
import { countWords } from '../../../shared/people-words/count-words';

describe('countWords', () => {
  it('says one in the singular, more in the plural, and none as such', () => {
    expect(countWords(1, 'service')).toBe('1 service');
    expect(countWords(3, 'service')).toBe('3 services');
    expect(countWords(0, 'service')).toBe('no services');
  });

  it('takes a plural that is not the singular and an "s"', () => {
    expect(countWords(2, 'entry', 'entries')).toBe('2 entries');
    expect(countWords(0, 'entry', 'entries')).toBe('no entries');
  });
});
