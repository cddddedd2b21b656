import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import { OutboxStore } from '../../../electron/core/outbox/outbox-store';
import { itIsMineRecords, retryRecords, sendMineRecords } from '../../../electron/core/outbox/user-decisions';
import type { OutboxKindHandler } from '../../../electron/core/outbox/kinds';
import type { OutboxLookup } from '../../../shared/outbox/entry-view';
import { makeTempDir } from '../../support/temp-dir';

let tmp: ReturnType<typeof makeTempDir>;
afterEach(() => tmp?.remove());

const ID = '00000000-0000-4000-8000-000000000001';
const UPDATE_ID = '00000000-0000-4000-8000-000000000002';
const LOOKUP: OutboxLookup = {
  reason: 'several',
  candidates: [
    { id: 41, summary: { title: 'Checkout down', service_ids: [1] } },
    { id: 42, summary: { title: 'Checkout down', service_ids: [2] } },
  ],
  detectedAt: '2026-01-01T12:00:05.000Z',
};

function held(extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: ID,
    seq: 1,
    kind: 'statuspal',
    accountId: 'acct',
    operation: 'createIncident',
    input: { subdomain: 'acme', incident: { title: 'Checkout down', type: 'minor', service_ids: [2] } },
    resourceKey: `acct:acme:incident:tmp-${ID}`,
    tempId: `tmp-${ID}`,
    dependsOn: [],
    createdAt: '2026-01-01T12:00:00.000Z',
    firstSentAt: '2026-01-01T12:00:00.000Z',
    attempts: 2,
    state: 'needs_look',
    lookup: LOOKUP,
    reconcile: true,
    ...extra,
  };
}

const update: OutboxEntry = {
  ...held(),
  id: UPDATE_ID,
  seq: 2,
  operation: 'addIncidentUpdate',
  input: { subdomain: 'acme', incidentId: `tmp-${ID}`, update: { type: 'update', description: 'Still on it' } },
  tempId: `tmp-${UPDATE_ID}`,
  state: 'pending',
  lookup: undefined,
  reconcile: undefined,
};

async function storeWith(...entries: OutboxEntry[]) {
  tmp = makeTempDir('outbox-decisions-');
  const filePath = path.join(tmp.dir, 'outbox.jsonl');
  const store = await OutboxStore.open({ filePath });
  for (const entry of entries) await store.add(structuredClone(entry));
  return { store, reopen: async () => (await store.close(), OutboxStore.open({ filePath })) };
}

describe('the user’s answer to a create that needs a look, as records in the log', () => {
  it('the look-up question itself survives a restart', async () => {
    const { store, reopen } = await storeWith(held({ state: 'pending', lookup: undefined }));
    await store.setState(ID, { state: 'needs_look', lookup: LOOKUP, lastError: null });
    const again = await reopen();
    expect(again.entries.get(ID)).toMatchObject({ state: 'needs_look', lookup: LOOKUP, reconcile: true });
    await again.close();
  });

  it('It is mine: sent with the candidate’s id, its temp id mapped so the writes behind it go to that incident', async () => {
    const { store, reopen } = await storeWith(held(), update);
    await store.commit(itIsMineRecords(store.entries.get(ID)!, LOOKUP.candidates[1]!, 1_000));
    const again = await reopen();
    const entry = again.entries.get(ID)!;
    expect(entry).toMatchObject({ state: 'sent', result: { id: 42, summary: { service_ids: [2] } } });
    expect(entry.lookup).toBeUndefined();
    expect(entry.reconcile).toBeUndefined();
    expect(again.entries.get(UPDATE_ID)!.input.incidentId).toBe(42);
    expect(again.serverIdOf(`tmp-${ID}`)).toBe(42);
    await again.close();
  });

  it('Send mine: pending again without a look-up first, and the candidates are never to be taken for it', async () => {
    const { store, reopen } = await storeWith(held({ notMine: [7] }));
    await store.commit(sendMineRecords(store.entries.get(ID)!));
    const again = await reopen();
    const entry = again.entries.get(ID)!;
    expect(entry).toMatchObject({ state: 'pending', notMine: [7, 41, 42] });
    expect(entry.reconcile).toBeUndefined();
    expect(entry.lookup).toBeUndefined();
    await again.close();
  });

  it('a retry looks again (its outcome is still unknown), but its input cannot be edited until it is answered', async () => {
    const kind = (() => ({ prepare: () => ({ resourceKey: 'k' }) })) as unknown as () => OutboxKindHandler;
    expect(retryRecords(held(), undefined, kind, () => undefined)).toEqual([
      { t: 'state', id: ID, state: 'pending', lastError: null, conflict: null, lookup: null },
    ]);
    expect(() => retryRecords(held(), { subdomain: 'acme', incident: { title: 'Other' } }, kind, () => undefined)).toThrow(/may already be on the server/);
  });
});
