import { describe, expect, it } from 'vitest';
import { pseudoTranslate, reversePseudoTranslation } from '../../../simulators/translation/pseudo-translate';
import { FaultInjector } from '../../../simulators/translation/faults';
import { allPairs, DEFAULT_SIM_LANGUAGES } from '../../../simulators/translation/languages';

describe('translation simulator parts', () => {
  it('marks the text with the language it was asked for, and keeps it readable', () => {
    const out = pseudoTranslate('Database degraded, 3 nodes down.', 'de');
    expect(out).toBe('[de] Database degraded, 3 nodes down.');
    expect(reversePseudoTranslation(out)).toEqual({ to: 'de', text: 'Database degraded, 3 nodes down.' });
    expect(reversePseudoTranslation('plain')).toBeNull();
  });

  it('lists at least 12 languages with local and English names, every pair supported by default', () => {
    expect(DEFAULT_SIM_LANGUAGES.length).toBeGreaterThanOrEqual(12);
    for (const code of ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ja', 'zh', 'pl', 'sv', 'ar']) {
      const language = DEFAULT_SIM_LANGUAGES.find((l) => l.code === code);
      expect(language?.local_name && language.english_name).toBeTruthy();
    }
    const n = DEFAULT_SIM_LANGUAGES.length;
    expect(allPairs(DEFAULT_SIM_LANGUAGES)).toHaveLength(n * (n - 1));
  });

  it('consumes one-shot faults in order, per endpoint, before the rates', () => {
    const faults = new FaultInjector(7);
    faults.set({ next: [{ kind: 'status', status: 503, endpoint: 'translate' }, { kind: 'reset' }] });
    expect(faults.decide('status').fault).toEqual({ kind: 'reset' });
    expect(faults.decide('translate').fault).toEqual({ kind: 'status', status: 503 });
    expect(faults.decide('translate').fault).toEqual({ kind: 'none' });
  });

  it('draws rates from a seeded generator (repeatable)', () => {
    const draw = () => {
      const f = new FaultInjector(42);
      f.set({ errorRates: { 500: 0.3 } });
      return Array.from({ length: 50 }, () => f.decide('translate').fault.kind).join();
    };
    const first = draw();
    expect(first).toContain('status');
    expect(first).toContain('none');
    expect(draw()).toBe(first);
  });
});
