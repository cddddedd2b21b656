import fs from 'node:fs';
import { seededRandom } from '../../../simulators/translation/faults';

/*
 * Ways a data file gets damaged: cut short (a crash or a full disk mid-write), its beginning lost (a bad
 * copy), replaced by garbage (another program, a broken disk), or one entry damaged among good ones (a
 * hand edit). Each returns the bytes it left, so a test can check they were moved aside unchanged.
 */
export type Damage = 'truncated' | 'head-cut' | 'garbage' | 'damaged-entry';
export const DAMAGES: Damage[] = ['truncated', 'head-cut', 'garbage', 'damaged-entry'];

/** For JSON files, where the entries are: one of them is replaced by something no schema accepts. */
export type EntryList = { kind: 'jsonl' } | { kind: 'json'; listKey: string };

export function damageFile(file: string, how: Damage, entries: EntryList, seed = 1): Buffer {
  const bytes = fs.readFileSync(file);
  let damaged: Buffer;
  switch (how) {
    case 'truncated': {
      let cut = Math.floor(bytes.length * 0.6);
      while (cut > 1 && bytes[cut - 1] === 0x0a) cut--; // end mid-line, never on a line break
      damaged = bytes.subarray(0, cut);
      break;
    }
    case 'head-cut': {
      let cut = Math.floor(bytes.length * 0.4);
      while (cut < bytes.length - 1 && bytes[cut - 1] === 0x0a) cut++; // start mid-line
      damaged = bytes.subarray(cut);
      break;
    }
    case 'garbage': {
      const random = seededRandom(seed);
      damaged = Buffer.from(Array.from({ length: Math.max(64, bytes.length) }, () => Math.floor(random() * 256)));
      break;
    }
    case 'damaged-entry': {
      if (entries.kind === 'jsonl') {
        const lines = bytes.toString('utf8').split('\n');
        const middle = Math.max(1, Math.floor(lines.length / 2));
        lines.splice(middle, 0, '{"this line": is not JSON', '\u0000\u0001 binary junk \u00ff');
        damaged = Buffer.from(lines.join('\n'));
      } else {
        const json = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
        const list = json[entries.listKey];
        if (!Array.isArray(list) || list.length < 2) throw new Error(`${file}: "${entries.listKey}" needs two entries or more`);
        list[1] = { broken: true, id: 42, at: 'yesterday' };
        damaged = Buffer.from(JSON.stringify(json, null, 1));
      }
      break;
    }
  }
  fs.writeFileSync(file, damaged);
  return Buffer.from(damaged);
}

/** Lines of `bytes` that end with a line break and parse as JSON: what a loader can keep. */
export function completeJsonLines(bytes: Buffer): unknown[] {
  const text = bytes.toString('utf8');
  const lines = text.split('\n').slice(0, -1); // the last piece has no line break after it
  const out: unknown[] = [];
  for (const line of lines) {
    try {
      out.push(JSON.parse(line));
    } catch {
      // not a record
    }
  }
  return out;
}
