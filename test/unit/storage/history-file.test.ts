import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { readHistoryFile } from '../../../electron/core/storage/history-file';

const format = {
  frame: z.object({ kind: z.literal('notes'), version: z.number().int(), entries: z.array(z.unknown()) }),
  entry: z.object({ text: z.string() }),
  version: 2,
};
const file = (value: unknown) => JSON.stringify(value);

describe('a bounded history file', () => {
  it('gives its entries when the file is sound', () => {
    expect(readHistoryFile(file({ kind: 'notes', version: 2, entries: [{ text: 'b' }, { text: 'a' }] }), format)).toEqual({
      entries: [{ text: 'b' }, { text: 'a' }],
      problem: null,
    });
  });

  it('keeps the entries that still parse and counts the lost ones', () => {
    expect(readHistoryFile(file({ kind: 'notes', version: 1, entries: [{ text: 'b' }, { text: 3 }, null, { text: 'a' }] }), format)).toEqual({
      entries: [{ text: 'b' }, { text: 'a' }],
      problem: { kind: 'damaged_entries', lost: 2 },
    });
  });

  it('says what is wrong with a file it cannot read: not JSON, not such a file, a newer version', () => {
    expect(readHistoryFile('{"kind": "notes", "ver', format)).toEqual({ entries: [], problem: { kind: 'not_json' } });
    expect(readHistoryFile(file({ kind: 'other', version: 2, entries: [] }), format)).toEqual({ entries: [], problem: { kind: 'foreign' } });
    expect(readHistoryFile(file([{ text: 'a' }]), format)).toEqual({ entries: [], problem: { kind: 'foreign' } });
    expect(readHistoryFile(file({ kind: 'notes', version: 3, entries: [{ text: 'a' }] }), format)).toEqual({ entries: [], problem: { kind: 'newer' } });
  });
});
