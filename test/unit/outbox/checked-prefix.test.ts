import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKED_MARKER_MIN_BYTES, checkedMarkerPath } from '../../../electron/core/outbox/checked-prefix';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import { parseOutboxLog, RECORD_SCHEMA_REVISION, recordSchema } from '../../../electron/core/outbox/log-format';
import { OutboxStore } from '../../../electron/core/outbox/outbox-store';
import { makeTempDir } from '../../support/temp-dir';

let tmp: ReturnType<typeof makeTempDir> | undefined;
afterEach(() => {
  tmp?.remove();
  tmp = undefined;
});

/** Enough writes for a file past the size a marker is kept from. */
const WRITES = Math.ceil(CHECKED_MARKER_MIN_BYTES / 300) + 10;

function entry(n: number): OutboxEntry {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    seq: n,
    kind: 'statuspal',
    accountId: 'acct',
    operation: 'createIncident',
    input: { subdomain: 'acme', incident: { title: `Title ${n}`, type: 'minor' } },
    resourceKey: `acct:acme:incident:tmp-${id}`,
    tempId: `tmp-${id}`,
    dependsOn: [],
    createdAt: '2025-06-01T00:00:00.000Z',
    attempts: 0,
    state: 'pending',
  };
}

async function fileWithWrites(dir: string): Promise<string> {
  const filePath = path.join(dir, 'outbox.jsonl');
  const store = await OutboxStore.open({ filePath });
  await Promise.all(Array.from({ length: WRITES }, (_, i) => store.add(entry(i + 1))));
  await store.close();
  return filePath;
}

describe('the checked prefix of the outbox file', () => {
  it('is pinned to the record schema: a change to the schema must bump RECORD_SCHEMA_REVISION (and this fingerprint)', () => {
    const shape = JSON.stringify(z.toJSONSchema(recordSchema, { unrepresentable: 'any' }));
    const fingerprint = createHash('sha256').update(shape).digest('hex').slice(0, 16);
    expect({ revision: RECORD_SCHEMA_REVISION, fingerprint }).toEqual({ revision: 1, fingerprint: 'b98472a10c891368' });
  });

  it('parses the lines a marker vouches for without checking them again, and checks every line after it', () => {
    const bad = JSON.stringify({ t: 'state', id: 'x', state: 'not-a-state' });
    const text = `${JSON.stringify({ format: 'statusdesk.outbox', version: 1 })}\n${bad}\n${bad}\n`;
    const bytes = Buffer.from(text);
    const firstTwo = text.indexOf('\n', text.indexOf('\n') + 1) + 1;
    expect(parseOutboxLog(bytes).invalidLines).toBe(2);
    const trusted = parseOutboxLog(bytes, { bytes: firstTwo });
    expect([trusted.records.length, trusted.invalidLines]).toEqual([1, 1]);
  });

  it('is kept after an open that checked the whole file, and a file changed under it is checked whole again', async () => {
    const dir = (tmp = makeTempDir('outbox-checked-')).dir;
    const filePath = await fileWithWrites(dir);
    const reopened = await OutboxStore.open({ filePath });
    expect(reopened.entries.size).toBe(WRITES);
    await reopened.close();
    const marker = JSON.parse(fs.readFileSync(checkedMarkerPath(filePath), 'utf8').split('\n')[0]!) as { bytes: number; schema: number };
    expect(marker).toMatchObject({ format: 'statusdesk.outbox-checked', schema: RECORD_SCHEMA_REVISION });
    expect(marker.bytes).toBeGreaterThanOrEqual(CHECKED_MARKER_MIN_BYTES);

    // A record inside the vouched-for bytes made invalid (same length, so only the checksum can tell): found.
    const text = fs.readFileSync(filePath, 'utf8');
    const damaged = text.replace('"state":"pending"', '"state":"pendinX"');
    expect(damaged).not.toBe(text);
    fs.writeFileSync(filePath, damaged);
    const checked = await OutboxStore.open({ filePath });
    expect(checked.loadReport.invalidLines).toBe(1);
    expect(checked.entries.size).toBe(WRITES - 1);
    await checked.close();
  });

  it('counts for nothing when it is damaged, names another schema revision, or claims more than the file has', async () => {
    const dir = (tmp = makeTempDir('outbox-checked-')).dir;
    const filePath = await fileWithWrites(dir);
    await (await OutboxStore.open({ filePath })).close();
    const [markerLine, stateLine] = fs.readFileSync(checkedMarkerPath(filePath), 'utf8').split('\n');
    const good = JSON.parse(markerLine!) as Record<string, unknown>;
    const text = fs.readFileSync(filePath, 'utf8');
    const damaged = text.replace('"state":"pending"', '"state":"pendinX"');
    // Markers that would vouch for the damaged bytes, were they believed.
    const vouching = { ...good, crc32: crc32(Buffer.from(damaged).subarray(0, good.bytes as number)) };
    for (const marker of ['{"format":', JSON.stringify({ ...vouching, schema: RECORD_SCHEMA_REVISION + 1 }), JSON.stringify({ ...vouching, bytes: 1e9 })]) {
      fs.writeFileSync(filePath, damaged);
      fs.writeFileSync(checkedMarkerPath(filePath), `${marker}\n${stateLine}\n`);
      const store = await OutboxStore.open({ filePath });
      expect(store.loadReport.invalidLines).toBe(1);
      await store.close();
      for (const name of fs.readdirSync(dir)) if (name !== 'outbox.jsonl' && name.startsWith('outbox.jsonl')) fs.rmSync(path.join(dir, name));
    }
  });
});
