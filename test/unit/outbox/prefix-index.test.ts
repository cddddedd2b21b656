import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { CHECKED_MARKER_MIN_BYTES, checkedMarkerPath } from '../../../electron/core/outbox/checked-prefix';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import { OutboxStore } from '../../../electron/core/outbox/outbox-store';
import { makeTempDir } from '../../support/temp-dir';

let tmp: ReturnType<typeof makeTempDir> | undefined;
afterEach(() => {
  tmp?.remove();
  tmp = undefined;
});

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function create(n: number, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  const id = idOf(n);
  return {
    id,
    seq: n,
    kind: 'statuspal',
    accountId: n % 3 === 0 ? 'other' : 'acct',
    ...(n % 5 === 0 ? { server: { baseUrl: 'https://eu.example/api/v2', keyFrom: 'env' as const } } : {}),
    operation: 'createIncident',
    input: { subdomain: 'acme', incident: { title: `Title ${n} ${'x'.repeat(200)}`, type: 'minor' } },
    resourceKey: `acct:acme:incident:tmp-${id}`,
    tempId: `tmp-${id}`,
    dependsOn: [],
    createdAt: '2026-12-01T00:00:00.000Z',
    attempts: 0,
    state: 'pending',
    ...extra,
  };
}

/** An update of the incident a create makes: it names the create's temp id until the create is sent. */
function update(n: number, of: number): OutboxEntry {
  const tempId = `tmp-${idOf(of)}`;
  return {
    ...create(n),
    operation: 'updateIncident',
    input: { subdomain: 'acme', incidentId: tempId, incident: { title: `Update ${n}` } },
    resourceKey: `acct:acme:incident:${tempId}`,
    dependsOn: [idOf(of)],
    tempId: undefined,
  };
}

/** A write that names a create's temp id in its input only (its resource is its own). */
function linked(n: number, to: number): OutboxEntry {
  return {
    ...create(n),
    operation: 'createInfoNotice',
    input: { subdomain: 'acme', notice: { title: `Notice ${n}`, incident_ids: [`tmp-${idOf(to)}`] } },
    resourceKey: `acct:acme:notice:tmp-${idOf(n)}`,
    dependsOn: [idOf(to)],
  };
}

/** Enough writes of every kind of record for a file past the size an index is kept from. */
const WRITES = Math.ceil(CHECKED_MARKER_MIN_BYTES / 400) + 20;

async function fileWithHistory(filePath: string): Promise<void> {
  const store = await OutboxStore.open({ filePath });
  for (let n = 1; n <= WRITES; n++) await store.add(n % 7 === 0 ? update(n, n - 1) : n % 11 === 0 ? linked(n, n - 2) : create(n));
  await store.addMany([create(WRITES + 1), create(WRITES + 2)]);
  // Attempts and their outcomes, an edit, a sent create whose id maps its updates, a removal.
  await store.setState(idOf(1), { state: 'in_flight', attempts: 1, lastSentAt: '2026-12-01T00:00:01.000Z' });
  await store.setState(idOf(1), { state: 'pending', lastError: { code: 'network', message: 'refused' } });
  await store.setState(idOf(2), { state: 'failed', lastError: { code: 'http', message: 'no', status: 422 } });
  await store.edit(idOf(4), { input: { subdomain: 'acme', incident: { title: 'Edited', type: 'major' } }, baseUpdatedAt: '2026-12-01T00:00:00.000Z' });
  await store.setState(idOf(6), { state: 'sent', result: { id: 4242 } });
  await store.commit([{ t: 'map', tempId: `tmp-${idOf(6)}`, serverId: 4242, at: Date.parse('2026-12-01T00:00:02.000Z') }]);
  await store.remove(idOf(3));
  await store.close();
}

/** A file with that history, opened once: the first open reads every line and writes the index. */
async function indexedFile(): Promise<string> {
  tmp = makeTempDir('outbox-index-');
  const filePath = path.join(tmp.dir, 'outbox.jsonl');
  await fileWithHistory(filePath);
  await (await OutboxStore.open({ filePath })).close();
  return filePath;
}

/** Everything a caller can see of an opened store, entries read whole. */
function seen(store: OutboxStore) {
  const entries = [...store.entries.values()];
  return {
    entries: JSON.parse(JSON.stringify(entries)) as unknown,
    mappings: [...store.mappings],
    ordered: store.queueOrdered,
    lineCount: store.lineCount,
    onKey: store.onResource(`acct:acme:incident:tmp-${idOf(13)}`).map((e) => e.id),
    referencing: store.referencing(`tmp-${idOf(20)}`).map((e) => e.id),
    alone: entries.map((e) => store.aloneOnKey(e)),
  };
}

/** The store as a full read of every line gives it (the index moved away meanwhile, then put back). */
async function readLineByLine(filePath: string) {
  const marker = checkedMarkerPath(filePath);
  const kept = fs.readFileSync(marker);
  fs.rmSync(marker);
  const store = await OutboxStore.open({ filePath });
  const result = { ...seen(store), next: store.nextSeq() };
  await store.close();
  fs.writeFileSync(marker, kept);
  return result;
}

async function readFromIndex(filePath: string) {
  const store = await OutboxStore.open({ filePath });
  const unread = [...store.entries.headers()].filter((h) => store.entries.unreadLines(h.id) !== undefined).length;
  const result = { ...seen(store), next: store.nextSeq() };
  await store.close();
  return { result, unread };
}

describe('the index of the checked prefix', () => {
  it('opens to the very outbox a read of every line gives, before and after more lines, and after it is written again', async () => {
    const filePath = await indexedFile();
    const first = await readFromIndex(filePath);
    expect(first.unread).toBeGreaterThan(WRITES - 10);
    expect(first.result).toEqual(await readLineByLine(filePath));

    // Lines after the index: state changes of indexed entries, a mapping that rewrites an indexed update, new writes.
    const store = await OutboxStore.open({ filePath });
    await store.setState(idOf(8), { state: 'in_flight', attempts: 1 });
    await store.setState(idOf(8), { state: 'pending', lastError: { code: 'network', message: 'refused' } });
    await store.setState(idOf(20), { state: 'sent', result: { id: 99 } });
    await store.commit([{ t: 'map', tempId: `tmp-${idOf(20)}`, serverId: 99, at: Date.parse('2026-12-01T00:00:03.000Z') }]);
    await store.add(create(WRITES + 3));
    await store.close();
    const after = await readFromIndex(filePath);
    expect(after.result).toEqual(await readLineByLine(filePath));
    expect(after.result.entries).toContainEqual(expect.objectContaining({ id: idOf(21), input: expect.objectContaining({ incidentId: 99 }) }));
    expect(after.result.entries).toContainEqual(
      expect.objectContaining({ id: idOf(22), input: expect.objectContaining({ notice: expect.objectContaining({ incident_ids: [99] }) }) }),
    );

    // Enough lines after it that the index is written again: still the same outbox.
    const more = await OutboxStore.open({ filePath });
    for (let n = WRITES + 4; n < 2 * WRITES; n++) await more.add(create(n));
    await more.close();
    await (await OutboxStore.open({ filePath })).close();
    const reindexed = await readFromIndex(filePath);
    expect(reindexed.unread).toBeGreaterThan(WRITES);
    expect(reindexed.result).toEqual(await readLineByLine(filePath));
  });

  it('reads an entry whole only when it is asked for whole, into the header every view holds', async () => {
    const filePath = await indexedFile();
    const store = await OutboxStore.open({ filePath });
    const header = store.entries.header(idOf(1))!;
    expect(store.entries.unreadLines(idOf(1))).toBeDefined();
    expect([...store.entries.headers()].filter((h) => h.state === 'failed').map((h) => h.id)).toEqual([idOf(2)]);
    expect(store.entries.unreadLines(idOf(1))).toBeDefined();
    const whole = store.entries.get(idOf(1))!;
    expect(whole).toBe(header);
    expect(whole).toMatchObject({ attempts: 1, lastError: { code: 'network' }, input: { incident: { title: expect.stringContaining('Title 1 ') } } });
    expect(store.entries.unreadLines(idOf(1))).toBeUndefined();
    await store.close();
  });

  it('is not believed when its own checksum fails, and a full read gives the outbox instead', async () => {
    const filePath = await indexedFile();
    const truth = await readLineByLine(filePath);
    const marker = checkedMarkerPath(filePath);
    // One digit of one entry's seq changed: still JSON, still the shape of an index, no longer what was written.
    fs.writeFileSync(marker, fs.readFileSync(marker, 'utf8').replace('"seq":[1,', '"seq":[7,'));
    const { result, unread } = await readFromIndex(filePath);
    expect(unread).toBe(0);
    expect(result).toEqual(truth);
  });

  it('is not read for a file a newer Statusdesk wrote, even one whose index vouches for it: that file is set aside whole', async () => {
    const filePath = await indexedFile();
    const newer = fs.readFileSync(filePath, 'utf8').replace('"version":1', '"version":2');
    fs.writeFileSync(filePath, newer);
    // The marker as that version would have written it: its checksum is of the file as it is now.
    const marker = checkedMarkerPath(filePath);
    const [markerLine, stateLine] = fs.readFileSync(marker, 'utf8').split('\n');
    const vouched = JSON.parse(markerLine!) as { bytes: number; crc32: number };
    fs.writeFileSync(marker, `${JSON.stringify({ ...vouched, crc32: crc32(Buffer.from(newer).subarray(0, vouched.bytes)) })}\n${stateLine}\n`);
    const store = await OutboxStore.open({ filePath });
    expect(store.loadReport.problem).toContain('newer Statusdesk');
    expect(store.entries.size).toBe(0);
    await store.close();
  });

  it('refuses to read an entry whole from lines that are not the ones its index names', async () => {
    const filePath = await indexedFile();
    const store = await OutboxStore.open({ filePath });
    // Two entries' headers swapped in memory, as an index written by hand with a fresh checksum could claim.
    const a = store.entries.header(idOf(10))!;
    const b = store.entries.header(idOf(11))!;
    const lines = store.entries.unreadLines(idOf(11))!;
    expect(lines.length).toBeGreaterThanOrEqual(2);
    Object.assign(a as OutboxEntry, { seq: b.seq });
    expect(() => store.entries.get(idOf(10))).toThrow(AppError);
    await store.close();
  });
});
