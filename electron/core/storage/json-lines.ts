import { isUtf8 } from 'node:buffer';

/*
 * The one reader of the app's append-only JSON-lines files (the outbox, the alert queue): each non-blank line
 * parsed on its own, so one damaged line costs that line only, and the last line told apart because a crash
 * can cut only the end of a file that is only appended to.
 */

interface JsonLine {
  /** The parsed value; undefined when the line is not JSON (or not UTF-8). */
  json: unknown;
  /** The line's text (bad UTF-8 replaced), for naming a damaged one. */
  text: string;
  /** The file's last line, not ended by a newline. */
  last: boolean;
  /** Where the line's bytes start and end (before its newline) in what was read. */
  start: number;
  end: number;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether the file ends without a newline: its last line may have been cut by a crash mid-write. */
export function endsWithoutNewline(bytes: Buffer): boolean {
  return bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a;
}

/** Only spaces, tabs and carriage returns. */
function blank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0d && c !== 0x09) return false;
  }
  return true;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function* jsonLines(bytes: Buffer): Generator<JsonLine> {
  if (!isUtf8(bytes)) {
    yield* damagedFileLines(bytes);
    return;
  }
  // The usual case: decoded once, each line a slice of the one string. A string and a buffer view per line were
  // most of what a long outbox's replay left for the garbage collector, which then copied every parsed entry.
  const text = bytes.toString('utf8');
  // Only ASCII decodes to as many characters as it has bytes: then a line's characters are where its bytes are.
  const ascii = text.length === bytes.length;
  let start = 0;
  let byteStart = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    const last = end === -1;
    if (last) end = text.length;
    const line = text.slice(start, end);
    const byteEnd = ascii ? end : byteStart + Buffer.byteLength(line, 'utf8');
    const at = byteStart;
    start = end + 1;
    byteStart = byteEnd + 1;
    if (blank(line)) continue;
    yield { json: parsed(line), text: line, last, start: at, end: byteEnd };
  }
}

/** A file with bad UTF-8 somewhere: each line decoded strictly on its own, so only the bad ones are lost. */
function* damagedFileLines(bytes: Buffer): Generator<JsonLine> {
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    const last = end === -1;
    if (last) end = bytes.length;
    const raw = bytes.subarray(start, end);
    const at = start;
    const rawEnd = end;
    start = end + 1;
    const text = raw.toString('utf8');
    if (blank(text)) continue;
    let strict: string | undefined;
    try {
      strict = strictUtf8.decode(raw);
    } catch {
      strict = undefined;
    }
    yield { json: strict === undefined ? undefined : parsed(strict), text, last, start: at, end: rawEnd };
  }
}

/**
 * A JSON-lines file's header: its first line, when that line reads as one; otherwise the file has none, and that
 * line is read as a record like the rest (a file cut or damaged at its start still gives up its records).
 */
export class HeaderLine<H> {
  readonly #read: (json: unknown) => H | null;
  #first = true;
  header: H | null = null;

  constructor(read: (json: unknown) => H | null) {
    this.#read = read;
  }

  /** Whether this line is the header (then taken); only the file's first line can be. */
  take(json: unknown): boolean {
    if (!this.#first) return false;
    this.#first = false;
    this.header = json === undefined ? null : this.#read(json);
    return this.header !== null;
  }
}
