import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs/promises';
import { z } from 'zod';
import { readIfPresent } from '@core/storage/read-if-present';
import { RECORD_SCHEMA_REVISION } from './log-format';

/*
 * How much of the outbox file has already been parsed and checked record by record (log-format.ts's schema):
 * its first `bytes` bytes, with their SHA-256, kept beside it in `outbox.checked.json`. The next open checks only
 * the lines after them, since the same bytes parse to the same records: with thousands of writes waiting, checking
 * every record again was most of what each command's replay cost beyond JSON.parse (the N-th offline write grew
 * with N). A marker that does not match (the file compacted, rewritten, damaged or edited; a version whose record
 * schema differs) is ignored and the whole file is checked, as without it. Not fsynced: losing it costs one full
 * check. Written by the lock's owner only, and only for a file loaded without any problem.
 */

const MARKER_FORMAT = 'statusdesk.outbox-checked';

/** Below this size a full check costs less than keeping a marker: none is written. */
export const CHECKED_MARKER_MIN_BYTES = 64 * 1024;

const markerSchema = z.object({
  format: z.literal(MARKER_FORMAT),
  schema: z.number().int(),
  bytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export function checkedMarkerPath(outboxPath: string): string {
  return `${outboxPath.replace(/\.jsonl$/, '')}.checked.json`;
}

interface CheckedPrefix {
  /** Bytes at the start of the file known checked (0: none), always up to the end of a line. */
  bytes: number;
  /** SHA-256 over those bytes so far: update it with the rest for the whole file's marker. */
  hash: Hash;
}

/** The part of `content` a marker vouches for; 0 bytes when there is none or it does not match. */
export async function readCheckedPrefix(outboxPath: string, content: Buffer): Promise<CheckedPrefix> {
  const hash = createHash('sha256');
  const none = { bytes: 0, hash };
  if (content.length < CHECKED_MARKER_MIN_BYTES) return none;
  const raw = await readIfPresent(checkedMarkerPath(outboxPath)).catch(() => null);
  if (raw === null) return none;
  let parsed;
  try {
    parsed = markerSchema.safeParse(JSON.parse(raw.toString('utf8')));
  } catch {
    return none;
  }
  if (!parsed.success) return none;
  const marker = parsed.data;
  if (marker.schema !== RECORD_SCHEMA_REVISION || marker.bytes > content.length || content[marker.bytes - 1] !== 0x0a) return none;
  hash.update(content.subarray(0, marker.bytes));
  if (hash.copy().digest('hex') !== marker.sha256) return { bytes: 0, hash: createHash('sha256') };
  return { bytes: marker.bytes, hash };
}

/**
 * Notes that the whole of `content` (the file as now loaded, checked) needs no check again. `prefix` is what
 * readCheckedPrefix() found in the same content, so only the rest is hashed. Never fails: without the marker
 * the next open checks everything.
 */
export async function writeCheckedPrefix(outboxPath: string, content: Buffer, prefix: CheckedPrefix | null): Promise<void> {
  if (content.length < CHECKED_MARKER_MIN_BYTES || content[content.length - 1] !== 0x0a) return;
  if (prefix !== null && prefix.bytes === content.length) return;
  const hash = prefix ?? { bytes: 0, hash: createHash('sha256') };
  hash.hash.update(content.subarray(hash.bytes));
  const marker = { format: MARKER_FORMAT, schema: RECORD_SCHEMA_REVISION, bytes: content.length, sha256: hash.hash.digest('hex') };
  await fs.writeFile(checkedMarkerPath(outboxPath), JSON.stringify(marker)).catch(() => undefined);
}
