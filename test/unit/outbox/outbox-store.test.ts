import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import { OutboxStore } from '../../../electron/core/outbox/outbox-store';
import { FILE_SIZE_CAPS } from '../../../electron/core/storage/file-size-cap';
import { headerLine, recordLine } from '../../../electron/core/outbox/log-format';
import { makeTempDir } from '../../support/temp-dir';

let tmp: ReturnType<typeof makeTempDir>;
afterEach(() => tmp.remove());

function entry(n: number, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    seq: n,
    kind: 'statuspal',
    accountId: 'acct',
    operation: 'createIncident',
    input: { subdomain: 'acme', incident: { title: `T${n}`, type: 'minor' } },
    resourceKey: `acct:acme:incident:tmp-${id}`,
    tempId: `tmp-${id}`,
    dependsOn: [],
    createdAt: '2025-06-01T00:00:00.000Z',
    attempts: 0,
    state: 'pending',
    ...extra,
  };
}

async function open(extra = {}) {
  return OutboxStore.open({ filePath: path.join(tmp.dir, 'outbox.jsonl'), ...extra });
}

describe('outbox store (the durable file)', () => {
  it('keeps what was committed across a reopen, and group-commits concurrent appends', async () => {
    tmp = makeTempDir('outbox-store-');
    const store = await open();
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.add(entry(i + 1))));
    expect(store.syncs).toBeLessThan(50);
    expect(store.syncs).toBeGreaterThanOrEqual(1);
    await store.setState(entry(1).id, { state: 'failed', lastError: { code: 'http', message: 'no', status: 422 } });
    await store.remove(entry(2).id);
    await store.close();

    const again = await open();
    expect(again.entries.size).toBe(49);
    expect(again.entries.get(entry(1).id)).toMatchObject({ state: 'failed', lastError: { status: 422 } });
    expect(again.nextSeq()).toBe(51);
    expect(again.loadReport).toMatchObject({ problem: null, quarantinedTo: null, recoveredInFlight: 0 });
    await again.close();
  });

  it('reads a write an earlier version named kind "statuspage" as a Statuspal write, checked or not, and writes it so', async () => {
    tmp = makeTempDir('outbox-store-');
    const file = path.join(tmp.dir, 'outbox.jsonl');
    fs.writeFileSync(file, [headerLine(), recordLine({ t: 'add', entry: entry(1, { kind: 'statuspage' }) }), ''].join('\n'));
    for (let open = 0; open < 2; open++) {
      // The second open skips checking the lines the first checked (outbox.checked.json): renamed all the same.
      const store = await OutboxStore.open({ filePath: file });
      expect(store.entries.get(entry(1).id)?.kind).toBe('statuspal');
      await store.close();
    }
    const again = await OutboxStore.open({ filePath: file });
    await again.compact();
    await again.close();
    expect(fs.readFileSync(file, 'utf8')).not.toContain('"statuspage"');
  });

  it('finds entries that were in flight at a crash and marks them for reconciliation', async () => {
    tmp = makeTempDir('outbox-store-');
    const store = await open();
    await store.add(entry(1));
    await store.setState(entry(1).id, { state: 'in_flight', attempts: 1, firstSentAt: '2025-06-01T00:00:01.000Z' });
    await store.close();
    const again = await open();
    expect(again.loadReport.recoveredInFlight).toBe(1);
    expect(again.entries.get(entry(1).id)).toMatchObject({ state: 'pending', reconcile: true, attempts: 1 });
    await again.close();
  });

  it('opens the look-up window of an attempt cut off by a crash at that attempt, kept across a second reopen', async () => {
    tmp = makeTempDir('outbox-store-');
    const store = await open();
    await store.add(entry(1));
    // The first attempt was refused (it opened nothing); the second was in flight at the crash.
    await store.setState(entry(1).id, { state: 'in_flight', attempts: 2, lastSentAt: '2025-06-01T00:02:00.000Z' });
    await store.close();
    const again = await open();
    expect(again.entries.get(entry(1).id)).toMatchObject({ state: 'pending', reconcile: true, firstSentAt: '2025-06-01T00:02:00.000Z' });
    await again.close();
    const third = await open();
    expect(third.entries.get(entry(1).id)).toMatchObject({ reconcile: true, firstSentAt: '2025-06-01T00:02:00.000Z' });
    await third.close();
  });

  it('maps temp ids to server ids in queued inputs and keys, and remembers the mapping', async () => {
    tmp = makeTempDir('outbox-store-');
    const store = await open();
    const create = entry(1);
    const update = entry(2, {
      operation: 'addIncidentUpdate',
      tempId: undefined,
      input: { subdomain: 'acme', incidentId: create.tempId, update: { type: 'update', description: 'x' } },
      resourceKey: create.resourceKey,
    });
    await store.add(create);
    await store.add(update);
    await store.commit([
      { t: 'map', tempId: create.tempId!, serverId: 77, at: Date.now() },
      { t: 'state', id: create.id, state: 'sent', result: { id: 77 } },
    ]);
    expect(store.entries.get(update.id)).toMatchObject({ input: { incidentId: 77 }, resourceKey: 'acct:acme:incident:77' });
    expect(store.onResource('acct:acme:incident:77').map((e) => e.id)).toEqual([create.id, update.id]);
    await store.close();
    const again = await open();
    expect(again.entries.get(update.id)?.input.incidentId).toBe(77);
    expect(again.serverIdOf(create.tempId!)).toBe(77);
    await again.close();
  });

  it('compacts atomically: the file shrinks, the state does not change, old sent entries go', async () => {
    tmp = makeTempDir('outbox-store-');
    const store = await open({ compactMinLines: 10, keepSent: 2 });
    for (let i = 1; i <= 6; i++) {
      await store.add(entry(i));
      await store.setState(entry(i).id, { state: 'in_flight', attempts: 1 });
      await store.setState(entry(i).id, i <= 4 ? { state: 'sent', result: { id: i } } : { state: 'pending' });
    }
    await store.compact();
    const file = path.join(tmp.dir, 'outbox.jsonl');
    expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1 + 4);
    expect(fs.readdirSync(tmp.dir).filter((n) => n.includes('.tmp-'))).toEqual([]);
    await store.add(entry(7));
    await store.close();
    const again = await open();
    expect([...again.entries.values()].map((e) => [e.seq, e.state])).toEqual([
      [3, 'sent'],
      [4, 'sent'],
      [5, 'pending'],
      [6, 'pending'],
      [7, 'pending'],
    ]);
    await again.close();
  });

  it('drops a torn last line quietly; moves a damaged file aside keeping every valid record', async () => {
    tmp = makeTempDir('outbox-store-');
    const store = await open();
    await store.add(entry(1));
    await store.add(entry(2));
    await store.close();
    const file = path.join(tmp.dir, 'outbox.jsonl');
    fs.appendFileSync(file, '{"t":"state","id":"00000000-0000-4000-8000-000000000001","sta');
    fs.writeFileSync(`${file}.tmp-123-abc`, 'left over by a crash mid-compaction');

    const torn = await open();
    expect(torn.loadReport).toMatchObject({ tornTail: true, quarantinedTo: null, entries: 2 });
    expect(fs.readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
    expect(fs.existsSync(`${file}.tmp-123-abc`)).toBe(false);
    await torn.close();

    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.splice(1, 0, '{broken');
    fs.writeFileSync(file, lines.join('\n'));
    const damaged = await open();
    expect(damaged.loadReport.problem).toMatch(/damaged \(1 unreadable line\).*2 queued writes were kept/);
    expect(fs.existsSync(damaged.loadReport.quarantinedTo!)).toBe(true);
    expect(damaged.entries.size).toBe(2);
    await damaged.close();
    const clean = await open();
    expect(clean.loadReport.problem).toBeNull();
    await clean.close();
  });

  it('names the write a damaged line held ("the update \'DB recovered\' to incident 123 was lost"), and looks up an entry whose state change was on one', async () => {
    tmp = makeTempDir('outbox-store-');
    const store = await open();
    const update = entry(3, {
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: 123, update: { type: 'update', description: 'DB recovered' } },
      resourceKey: 'acct:acme:incident:123',
      tempId: `tmp-00000000-0000-4000-8000-000000000003`,
    });
    await store.add(entry(1));
    await store.add(entry(2, { input: { subdomain: 'acme', incident: { title: 'Checkout down', type: 'major' } } }));
    await store.add(update);
    await store.setState(entry(1).id, { state: 'in_flight', attempts: 1, firstSentAt: '2025-06-01T00:01:00.000Z' });
    await store.setState(entry(1).id, { state: 'pending', lastError: { code: 'network', message: 'reset' } });
    await store.setState(entry(1).id, { state: 'in_flight', attempts: 2 });
    await store.close();
    const file = path.join(tmp.dir, 'outbox.jsonl');
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    // A byte gone in the update's record and in the create's, and in the last "being sent": none of them parse.
    const spoil = (index: number) => (lines[index] = lines[index]!.replace('":', '"'));
    spoil(3);
    spoil(2);
    spoil(lines.length - 1);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);

    const damaged = await open();
    expect(damaged.loadReport.problem).toMatch(/damaged \(3 unreadable lines\).*1 queued write was kept\. /);
    expect(damaged.loadReport.problem).toMatch(/The new incident 'Checkout down' and the update 'DB recovered' to incident 123 were lost: write them again\.$/);
    // Its last "being sent" is gone: sent or not, only the server can say.
    expect(damaged.entries.get(entry(1).id)).toMatchObject({ state: 'pending', reconcile: true });
    await damaged.close();
  });

  it('keeps at most one and a half times keepSent sent entries as it goes, and trims a file an older version never compacted at load', async () => {
    tmp = makeTempDir('outbox-store-');
    const store = await open({ keepSent: 10 });
    for (let i = 1; i <= 95; i++) {
      await store.add(entry(i));
      await store.commit([
        { t: 'map', tempId: entry(i).tempId!, serverId: i, at: Date.now() },
        { t: 'state', id: entry(i).id, state: 'sent', result: { id: i } },
      ]);
      expect([...store.entries.values()].filter((e) => e.state === 'sent').length).toBeLessThanOrEqual(15);
    }
    await store.close();
    const file = path.join(tmp.dir, 'outbox.jsonl');
    const again = await open({ keepSent: 10 });
    expect([...again.entries.values()].map((e) => e.seq).at(-1)).toBe(95);
    // The mappings no kept entry needs are bounded too (the newest are kept for temp ids typed a while later).
    expect(again.mappings.size).toBeLessThanOrEqual(15 + 20);
    await again.close();

    // An older version's file: 300 sent writes and nothing else.
    const old = [
      headerLine(),
      ...Array.from({ length: 300 }, (_, i) => recordLine({ t: 'add', entry: entry(i + 1, { state: 'sent', result: { id: i + 1 } }) })),
    ];
    fs.writeFileSync(file, `${old.join('\n')}\n`);
    const bloated = await open();
    expect([...bloated.entries.values()].map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => 201 + i));
    await bloated.close();
    expect(fs.readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(1 + 100);
  });

  it('refuses new writes past its size cap with what to do, and still records what happens to those queued', async () => {
    tmp = makeTempDir('outbox-store-');
    const sizeCap = { ...FILE_SIZE_CAPS.outbox, maxBytes: 4_096 };
    const store = await open({ sizeCap });
    let refused: unknown;
    let queued = 0;
    for (let n = 1; n <= 100 && !refused; n++) {
      try {
        await store.add(entry(n));
        queued = n;
      } catch (error) {
        refused = error;
      }
    }
    expect(refused).toMatchObject({ code: 'storage', message: expect.stringMatching(/^Not saved: the outbox would grow to .*Let the writes waiting be sent/) });
    expect(queued).toBeGreaterThan(3);
    // A batch past the cap is refused whole.
    await expect(store.addMany([entry(201), entry(202)])).rejects.toMatchObject({ code: 'storage' });
    expect(store.entries.size).toBe(queued);
    // What happens to writes already queued is always written: each can end.
    await store.setState(entry(1).id, { state: 'sent', attempts: 1 });
    await store.remove(entry(2).id);
    await store.close();
    expect(fs.statSync(path.join(tmp.dir, 'outbox.jsonl')).size).toBeGreaterThan(4_096 - 200);
    const again = await open({ sizeCap });
    expect(again.entries.size).toBe(queued - 1);
    expect(again.entries.get(entry(1).id)).toMatchObject({ state: 'sent' });
    await again.close();
  });
});
