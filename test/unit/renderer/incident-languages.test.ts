import { describe, expect, it } from 'vitest';
import { incidentLanguages, missingLanguagesNote } from '../../../renderer/src/components/incidents/incident-languages';
import { languageName } from '../../../shared/translation/language-name';

const note = (languages: string[], draft: Record<string, Record<string, string>>, what: 'update' | 'resolution' = 'resolution') =>
  missingLanguagesNote({ languages, draft, source: 'en', noun: 'incident', what, nameOf: (code) => languageName(code) });

describe('incidentLanguages', () => {
  it('takes the languages of the title and of every update, most used first', () => {
    const item = {
      translations: { fr: { title: 'Panne' } },
      updates: [{ translations: { de: { description: 'Wir prüfen.' } } }, { translations: { de: { description: 'Behoben.' } } }, { translations: null }],
    };
    expect(incidentLanguages(item)).toEqual(['de', 'fr']);
  });

  it('is empty for an incident posted in one language', () => {
    expect(incidentLanguages({ updates: [{}] })).toEqual([]);
  });
});

describe('missingLanguagesNote', () => {
  it('says a resolution goes out in the source language only when nothing is translated', () => {
    expect(note(['de'], {})).toBe('The incident has German; this resolution will be posted in English only.');
    expect(note(['de'], { de: { description: '  ' } })).toBe('The incident has German; this resolution will be posted in English only.');
  });

  it('names what is left out when some languages are translated', () => {
    expect(note(['de', 'fr'], { de: { description: 'Behoben.' } }, 'update')).toBe(
      'The incident has German and French; this update will be posted without French.',
    );
  });

  it('says nothing when every language of the incident is there, or the incident has none but the source', () => {
    expect(note(['de'], { de: { description: 'Behoben.' } })).toBeNull();
    expect(note(['en'], {})).toBeNull();
    expect(note([], {})).toBeNull();
  });
});
