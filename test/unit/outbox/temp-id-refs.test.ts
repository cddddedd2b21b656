import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import { EntryTable } from '../../../electron/core/outbox/entry-table';
import { TempIdRefs } from '../../../electron/core/outbox/temp-id-refs';
import { tempIdFor } from '../../../shared/outbox/temp-id';

const A = tempIdFor('11111111-1111-4111-8111-111111111111');
const B = tempIdFor('22222222-2222-4222-8222-222222222222');
let looked = 0;

/** An entry that counts each look into its input. */
function entry(id: string, input: Record<string, unknown>, resourceKey: string): OutboxEntry {
  const base: Omit<OutboxEntry, 'input'> = {
    id,
    seq: 1,
    kind: 'k',
    accountId: 'a',
    operation: 'op',
    resourceKey,
    dependsOn: [],
    createdAt: '',
    attempts: 0,
    state: 'pending',
  };
  return Object.defineProperty({ ...base }, 'input', { get: () => (looked++, input), enumerable: true }) as OutboxEntry;
}

describe('which entries hold a temp id', () => {
  it('looks into no entry until first asked, then finds those before and after', () => {
    looked = 0;
    const entries = new EntryTable();
    const refs = new TempIdRefs(entries);
    for (const e of [entry('create', {}, `a:incident:${A}`), entry('update', { incidentId: A }, `a:incident:${A}`), entry('other', { x: 1 }, 'a:page')]) {
      entries.set(e);
      refs.note(e);
    }
    expect(looked).toBe(0);
    expect(refs.holding(A).map((e) => e.id)).toEqual(['create', 'update']);
    const later = entry('later', { parent: B }, 'a:component:1');
    entries.set(later);
    refs.note(later);
    expect(refs.holding(B).map((e) => e.id)).toEqual(['later']);
    refs.clear(A);
    expect(refs.holding(A)).toEqual([]);
  });
});
