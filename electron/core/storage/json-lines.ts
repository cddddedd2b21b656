import { isUtf8 } from 'node:buffer';

/*
 * The one reader of the app's append-only JSON-lines files (the outbox, the alert queue): each non-blank line
 * parsed on its own, so one damaged line costs that line only, and the last line told apart because a crash
 * can cut only the end of a file that is only appended to.
 */

export interface JsonLine {
  /** The parsed value; undefined when the line is not JSON (or not UTF-8). */
  json: unknown;
  /** The line's bytes, for naming a damaged one. */
  raw: Buffer;
  /** The file's last line. */
  last: boolean;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether the file ends without a newline: its last line may have been cut by a crash mid-write. */
export function endsWithoutNewline(bytes: Buffer): boolean {
  return bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a;
}

export function* jsonLines(bytes: Buffer): Generator<JsonLine> {
  // One check of the whole file (native) spares a strict decoder per line in the usual case: nothing damaged.
  const allUtf8 = isUtf8(bytes);
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    const last = end === -1;
    if (last) end = bytes.length;
    const raw = bytes.subarray(start, end);
    start = end + 1;
    if (raw.length === 0 || raw.every((b) => b === 0x20 || b === 0x0d || b === 0x09)) continue;
    let json: unknown;
    try {
      json = JSON.parse(allUtf8 ? raw.toString('utf8') : strictUtf8.decode(raw));
    } catch {
      json = undefined;
    }
    yield { json, raw, last };
  }
}
