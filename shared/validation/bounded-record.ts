import { z } from 'zod';

/*
 * An object of free shape from outside (a write's input, a read's parameters): bounded by the size of its JSON,
 * since its fields are checked later by the operation's own schema. What a real write needs is a few kilobytes
 * (an incident with a long message is tens); a payload past the bound is refused before anything is queued or
 * written to disk.
 */

/** The largest input of one write or read, as JSON characters. */
const MAX_INPUT_JSON_CHARS = 256 * 1024;

/** The meta every size-bounded schema carries, so the payload sweep (test/unit/ipc) sees the bound. */
export const BOUNDED_BY = 'boundedBy';

export function boundedRecord(maxChars: number = MAX_INPUT_JSON_CHARS) {
  return z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= maxChars, `At most ${Math.round(maxChars / 1024)} KB of input: this is more than a write needs.`)
    .meta({ [BOUNDED_BY]: `its JSON, at most ${maxChars} characters` });
}
