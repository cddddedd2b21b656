import fs from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { readIfPresentSync } from '@core/storage/read-if-present';
import { RECORD_SCHEMA_REVISION } from './log-format';

/*
 * How much of the outbox file has already been parsed and checked record by record (log-format.ts's schema):
 * its first `bytes` bytes, with their CRC-32, kept beside it in `outbox.checked.json`, and the outbox's state at
 * the end of them (prefix-index.ts). The next open reads none of those lines, only the state and the lines after
 * them: with thousands of writes waiting, reading and checking every record again was what each command's start
 * grew by with the queue. A marker that does not match (the file compacted, rewritten, damaged or edited; a
 * version whose record schema differs; a state whose own checksum fails) is ignored and the whole file is read and
 * checked, as without it. Not fsynced: losing it costs one full read. Written by the lock's owner only, for a file
 * loaded without any problem (or just written whole), and again only once much more of the file was read after it.
 *
 * A CRC-32 rather than a cryptographic digest: it is there to notice a file damaged or edited since it was
 * checked (a 4 KiB block zeroed, a line changed by hand), not to stand against someone who can write both files;
 * it costs a third of SHA-256's time on every open of a long queue.
 *
 * The file: the marker on its first line; the state's JSON on the second, whose CRC-32 the marker holds.
 */

const MARKER_FORMAT = 'statusdesk.outbox-checked';

/** Below this size a full check costs less than keeping a marker: none is written. */
export const CHECKED_MARKER_MIN_BYTES = 64 * 1024;

const markerSchema = z.object({
  format: z.literal(MARKER_FORMAT),
  schema: z.number().int(),
  bytes: z.number().int().positive(),
  crc32: z.number().int().min(0).max(0xffff_ffff),
  /** The CRC-32 of the state's line. */
  stateCrc32: z.number().int().min(0).max(0xffff_ffff),
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

/** What the marker says, read before the outbox file is: the bytes it vouches for, and the state it keeps. */
interface CheckedMarker {
  bytes: number;
  crc32: number;
  /** The state, unchecked (prefix-index.ts reads it); undefined when its checksum failed. */
  state: unknown;
}

export interface CheckedPrefix {
  /** Bytes at the start of the file known checked (0: none), always up to the end of a line. */
  bytes: number;
  /** CRC-32 of those bytes: continued over the rest for the whole file's marker. */
  crc32: number;
  /** The state the marker keeps for those bytes, unchecked (prefix-index.ts reads it); undefined when none. */
  state: unknown;
}

const NONE: CheckedPrefix = Object.freeze({ bytes: 0, crc32: 0, state: undefined });

/**
 * The marker beside the outbox file, or null when there is none or it cannot be read. Read while the outbox
 * file's bytes are still on their way (outbox-store.ts): its state is parsed meanwhile, and checked against them
 * by checkedPrefixOf().
 */
export function readCheckedMarker(outboxPath: string): CheckedMarker | null {
  const raw = readMarker(outboxPath);
  if (raw === null) return null;
  const split = raw.indexOf(0x0a);
  if (split === -1) return null;
  let parsed;
  try {
    parsed = markerSchema.safeParse(JSON.parse(raw.toString('utf8', 0, split)));
  } catch {
    return null;
  }
  if (!parsed.success || parsed.data.schema !== RECORD_SCHEMA_REVISION) return null;
  return { bytes: parsed.data.bytes, crc32: parsed.data.crc32, state: stateOf(raw.subarray(split + 1), parsed.data.stateCrc32) };
}

/** The part of `content` the marker vouches for; 0 bytes when there is none or it does not match. */
export function checkedPrefixOf(marker: CheckedMarker | null, content: Buffer): CheckedPrefix {
  if (marker === null || content.length < CHECKED_MARKER_MIN_BYTES) return NONE;
  if (marker.bytes > content.length || content[marker.bytes - 1] !== 0x0a) return NONE;
  if (crc32(content.subarray(0, marker.bytes)) !== marker.crc32) return NONE;
  return { bytes: marker.bytes, crc32: marker.crc32, state: marker.state };
}

/**
 * Notes that the whole of `content` (the file as now loaded, checked) needs no check again, and the state it
 * leaves. `prefix` is what checkedPrefixOf() found in the same content, so only the rest is summed. Never
 * fails: without the marker the next open checks everything.
 */
export async function writeCheckedPrefix(outboxPath: string, content: Buffer, prefix: CheckedPrefix | null, state: unknown): Promise<void> {
  if (content.length < CHECKED_MARKER_MIN_BYTES || content[content.length - 1] !== 0x0a) return;
  if (prefix !== null && prefix.bytes === content.length && prefix.state !== undefined) return;
  const from = prefix ?? NONE;
  const stateLine = JSON.stringify(state);
  const marker = {
    format: MARKER_FORMAT,
    schema: RECORD_SCHEMA_REVISION,
    bytes: content.length,
    crc32: crc32(content.subarray(from.bytes), from.crc32),
    stateCrc32: crc32(stateLine),
  };
  await fs.writeFile(checkedMarkerPath(outboxPath), `${JSON.stringify(marker)}\n${stateLine}\n`).catch(() => undefined);
}

/** The state's line read, when its checksum is the marker's (a damaged state is not read at all); else undefined. */
function stateOf(line: Buffer, checksum: number): unknown {
  const end = line.length > 0 && line[line.length - 1] === 0x0a ? line.length - 1 : line.length;
  const text = line.subarray(0, end);
  if (crc32(text) !== checksum) return undefined;
  try {
    return JSON.parse(text.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
