import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyScore } from '../../../../renderer/src/lib/fuzzy-match';

describe('fuzzy match', () => {
  it('finds the letters in order anywhere, ignoring case and accents', () => {
    expect(fuzzyScore('nwinc', 'New incident')).not.toBeNull();
    expect(fuzzyScore('NEW', 'new incident')).not.toBeNull();
    expect(fuzzyScore('zurich', 'Go to page Zürich')).not.toBeNull();
    expect(fuzzyScore('xyz', 'New incident')).toBeNull();
    expect(fuzzyScore('cin', 'New incident')).not.toBeNull();
    expect(fuzzyScore('tni', 'New incident')).toBeNull();
  });

  it('ranks word starts and runs first', () => {
    const labels = ['Go to Incidents', 'Check all pages now', 'New incident', 'Search incidents'];
    expect(fuzzyFilter(labels, 'ni', (label) => label)[0]).toBe('New incident');
    expect(fuzzyFilter(labels, 'check', (label) => label)).toEqual(['Check all pages now']);
    expect(fuzzyFilter(labels, 'inc', (label) => label).sort()).toEqual(['Go to Incidents', 'New incident', 'Search incidents']);
    expect(fuzzyFilter(labels, 'sear', (label) => label)[0]).toBe('Search incidents');
  });

  it('an empty query keeps every item in its order', () => {
    expect(fuzzyFilter(['b', 'a', 'c'], '  ', (label) => label)).toEqual(['b', 'a', 'c']);
  });
});
