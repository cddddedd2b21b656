import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs/promises';
import { z } from 'zod';
import { readIfPresentSync } from '@core/storage/read-if-present';
import { RECORD_SCHEMA_REVISION } from './log-format';

/*
 * How much of the outbox file has already been parsed and checked record by record (log-format.ts's schema):
 * its first `bytes` bytes, with their SHA-256, kept beside it in `outbox.checked.json`, and the outbox's state at
 * the end of them (prefix-index.ts). The next open reads none of those lines, only the state and the lines after
 * them: with thousands of writes waiting, reading and checking every record again was what each command's start
 * grew by with the queue. A marker that does not match (the file compacted, rewritten, damaged or edited; a
 * version whose record schema differs; a state whose own digest fails) is ignored and the whole file is read and
 * checked, as without it. Not fsynced: losing it costs one full read. Written by the lock's owner only, for a file
 * loaded without any problem (or just written whole), and again only once much more of the file was read after it.
 *
 * The file: the marker on its first line; the state's JSON on the second, whose SHA-256 the marker holds.
 */

const MARKER_FORMAT = 'statusdesk.outbox-checked';

/** Below this size a full check costs less than keeping a marker: none is written. */
export const CHECKED_MARKER_MIN_BYTES = 64 * 1024;

const markerSchema = z.object({
  format: z.literal(MARKER_FORMAT),
  schema: z.number().int(),
  bytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The SHA-256 of the state's line. */
  stateSha256: z.string().regex(/^[0-9a-f]{64}$/),
});

function readMarker(outboxPath: string): Buffer | null {
  try {
    return readIfPresentSync(checkedMarkerPath(outboxPath));
  } catch {
    return null;
  }
}

export function checkedMarkerPath(outboxPath: string): string {
  return `${outboxPath.replace(/\.jsonl$/, '')}.checked.json`;
}

export interface CheckedPrefix {
  /** Bytes at the start of the file known checked (0: none), always up to the end of a line. */
  bytes: number;
  /** SHA-256 over those bytes so far: update it with the rest for the whole file's marker. */
  hash: Hash;
  /** The state the marker keeps for those bytes, unchecked (prefix-index.ts reads it); undefined when none. */
  state: unknown;
}

/** The part of `content` a marker vouches for; 0 bytes when there is none or it does not match. */
export async function readCheckedPrefix(outboxPath: string, content: Buffer): Promise<CheckedPrefix> {
  const hash = createHash('sha256');
  const none = { bytes: 0, hash, state: undefined };
  if (content.length < CHECKED_MARKER_MIN_BYTES) return none;
  const raw = readMarker(outboxPath);
  if (raw === null) return none;
  const split = raw.indexOf(0x0a);
  if (split === -1) return none;
  let parsed;
  try {
    parsed = markerSchema.safeParse(JSON.parse(raw.toString('utf8', 0, split)));
  } catch {
    return none;
  }
  if (!parsed.success) return none;
  const marker = parsed.data;
  if (marker.schema !== RECORD_SCHEMA_REVISION || marker.bytes > content.length || content[marker.bytes - 1] !== 0x0a) return none;
  hash.update(content.subarray(0, marker.bytes));
  if (hash.copy().digest('hex') !== marker.sha256) return { bytes: 0, hash: createHash('sha256'), state: undefined };
  return { bytes: marker.bytes, hash, state: stateOf(raw.subarray(split + 1), marker.stateSha256) };
}

/**
 * Notes that the whole of `content` (the file as now loaded, checked) needs no check again, and the state it
 * leaves. `prefix` is what readCheckedPrefix() found in the same content, so only the rest is hashed. Never
 * fails: without the marker the next open checks everything.
 */
export async function writeCheckedPrefix(outboxPath: string, content: Buffer, prefix: CheckedPrefix | null, state: unknown): Promise<void> {
  if (content.length < CHECKED_MARKER_MIN_BYTES || content[content.length - 1] !== 0x0a) return;
  if (prefix !== null && prefix.bytes === content.length && prefix.state !== undefined) return;
  const hash = prefix ?? { bytes: 0, hash: createHash('sha256') };
  hash.hash.update(content.subarray(hash.bytes));
  const stateLine = JSON.stringify(state);
  const stateSha256 = createHash('sha256').update(stateLine).digest('hex');
  const marker = { format: MARKER_FORMAT, schema: RECORD_SCHEMA_REVISION, bytes: content.length, sha256: hash.hash.digest('hex'), stateSha256 };
  await fs.writeFile(checkedMarkerPath(outboxPath), `${JSON.stringify(marker)}\n${stateLine}\n`).catch(() => undefined);
}

/** The state's line read, when its digest is the marker's (a damaged state is not read at all); else undefined. */
function stateOf(line: Buffer, sha256: string): unknown {
  const end = line.length > 0 && line[line.length - 1] === 0x0a ? line.length - 1 : line.length;
  const text = line.subarray(0, end);
  if (createHash('sha256').update(text).digest('hex') !== sha256) return undefined;
  try {
    return JSON.parse(text.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
