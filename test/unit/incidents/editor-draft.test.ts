import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, loadDraft, NEW_INCIDENT, saveDraft, updateDraftName } from '../../../renderer/src/components/incidents/editor-draft';
import { incidentValuesOf } from '../../../renderer/src/components/incidents/incident-form';
import { clearLinkedDraft, linkedDraftKey, loadLinkedDraft, saveLinkedDraft } from '../../../renderer/src/components/incidents/linked-draft';
import { updateValuesOf } from '../../../renderer/src/components/incidents/update-form';

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

const ACME = draftKey({ accountId: 'acc-1', subdomain: 'acme' }, NEW_INCIDENT);
const EU = draftKey({ accountId: 'acc-2', subdomain: 'acme-eu' }, NEW_INCIDENT);

describe('editor drafts', () => {
  it('keeps one draft per page and per thing written until it is cleared', () => {
    const storage = memoryStorage();
    const values = { ...incidentValuesOf(null), title: 'Checkout failing', translations: { de: { title: 'Kasse defekt' } } };
    saveDraft(ACME, values, 1_000, storage);
    expect(loadDraft(ACME, incidentValuesOf(null), storage)).toEqual({ savedAt: 1_000, values });
    expect(loadDraft(EU, incidentValuesOf(null), storage)).toBeNull();
    const update = draftKey({ accountId: 'acc-1', subdomain: 'acme' }, updateDraftName('incidents', 'add', 12));
    expect(loadDraft(update, updateValuesOf(null), storage)).toBeNull();
    clearDraft(ACME, storage);
    expect(loadDraft(ACME, incidentValuesOf(null), storage)).toBeNull();
  });

  it('a New incident draft keeps the key it had before every editor kept one', () => {
    expect(ACME).toBe('statusdesk.incident-draft.v1:acc-1|acme');
    expect(draftKey({ accountId: 'acc-1', subdomain: 'acme' }, updateDraftName('incidents', 'resolve', 12))).toBe(
      'statusdesk.editor-draft.v1:acc-1|acme|update-resolve:12',
    );
    expect(updateDraftName('notices', 'edit', 7, 70)).toBe('notice-update-edit:7:70');
  });

  it('takes only the fields the editor has, of the same kind, over what it opens with', () => {
    const storage = memoryStorage();
    storage.setItem(ACME, JSON.stringify({ savedAt: 5, values: { title: 'Kept', type: true, serviceIds: 'three', gone: 'old field' } }));
    const draft = loadDraft(ACME, incidentValuesOf(null), storage);
    expect(draft?.values).toEqual({ ...incidentValuesOf(null), title: 'Kept' });
  });

  it('drops a draft it cannot read instead of showing half of it', () => {
    const storage = memoryStorage();
    saveDraft(ACME, incidentValuesOf(null), 1_000, storage);
    storage.setItem(ACME, '{"savedAt":1,"values":{"title":{"x":5}}}');
    expect(loadDraft(ACME, incidentValuesOf(null), storage)).toBeNull();
    expect(storage.length).toBe(0);
    storage.setItem(ACME, 'not json');
    expect(loadDraft(ACME, incidentValuesOf(null), storage)).toBeNull();
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

  it('keeps the pages picked in Also post to…, their mapping and what was queued; unknown pages and a bad draft are dropped', () => {
    const storage = memoryStorage();
    const key = linkedDraftKey(ACME);
    const eu = { accountId: 'acc-2', subdomain: 'acme-eu' };
    const removed = { accountId: 'acc-9', subdomain: 'old' };
    const queued = { accountId: 'acc-1', subdomain: 'acme', incidentId: 'tmp-11111111-1111-4111-8111-111111111111', serviceIds: [2] };
    saveLinkedDraft(
      key,
      {
        targets: [
          { ...eu, map: { '2': [8] } },
          { ...removed, map: {} },
        ],
        progress: { queued: [queued], groupId: null, failed: [] },
      },
      storage,
    );
    const known = (page: { accountId: string }) => page.accountId !== 'acc-9';
    expect(loadLinkedDraft(key, known, storage)).toEqual({
      targets: [{ ...eu, map: { '2': [8] } }],
      progress: { queued: [queued], groupId: null, failed: [] },
    });
    // Nothing picked and nothing queued is no draft.
    saveLinkedDraft(key, { targets: [], progress: { queued: [], groupId: null, failed: [] } }, storage);
    expect(storage.getItem(key)).toBeNull();
    // What the schema refuses (a mapping that is not one) is dropped, not shown half.
    storage.setItem(key, JSON.stringify({ targets: [{ ...eu, map: { '2': 'eight' } }], queued: [], groupId: null }));
    expect(loadLinkedDraft(key, known, storage)).toBeNull();
    expect(storage.getItem(key)).toBeNull();
    clearLinkedDraft(key, storage);
  });
});
