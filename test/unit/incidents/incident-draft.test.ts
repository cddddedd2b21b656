import { describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from '../../../renderer/src/components/incidents/incident-draft';
import { incidentValuesOf } from '../../../renderer/src/components/incidents/incident-form';

/** The Storage interface over a Map, as the browser's localStorage behaves for these calls. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

const ACME = { accountId: 'acc-1', subdomain: 'acme' };
const EU = { accountId: 'acc-2', subdomain: 'acme-eu' };

describe('incident drafts', () => {
  it('keeps one draft per page until it is cleared', () => {
    const storage = memoryStorage();
    const values = { ...incidentValuesOf(null), title: 'Checkout failing', translations: { de: { title: 'Kasse defekt' } } };
    saveDraft(ACME, values, 1_000, storage);
    expect(loadDraft(ACME, storage)).toEqual({ savedAt: 1_000, values });
    expect(loadDraft(EU, storage)).toBeNull();
    clearDraft(ACME, storage);
    expect(loadDraft(ACME, storage)).toBeNull();
  });

  it('drops a draft it cannot read instead of showing half of it', () => {
    const storage = memoryStorage();
    saveDraft(ACME, incidentValuesOf(null), 1_000, storage);
    const key = storage.key(0)!;
    storage.setItem(key, '{"savedAt":1,"values":{"title":5}}');
    expect(loadDraft(ACME, storage)).toBeNull();
    expect(storage.length).toBe(0);
    storage.setItem(key, 'not json');
    expect(loadDraft(ACME, storage)).toBeNull();
  });

  it('a full storage loses the draft quietly, never the editor', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    } as Storage;
    expect(() => saveDraft(ACME, incidentValuesOf(null), 1_000, storage)).not.toThrow();
  });
});
