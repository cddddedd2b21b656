import { describe, expect, it } from 'vitest';
import { packBatches } from '../../../electron/services/translation/batching';
import { countWords, isBlank } from '../../../electron/services/translation/words';

describe('countWords', () => {
  it('counts whitespace-separated tokens', () => {
    expect(countWords('Hello world')).toBe(2);
    expect(countWords('  spaced\tout \n text  ')).toBe(3);
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords('API-down, again!')).toBe(2);
    expect(isBlank(' \n\t')).toBe(true);
  });
});

describe('packBatches', () => {
  const items = (sizes: number[]) => sizes.map((words, i) => ({ text: `t${i}`, words }));

  it('never exceeds the limit, places every text exactly once', () => {
    const input = items(Array.from({ length: 500 }, (_, i) => 1 + ((i * 7) % 23)));
    const batches = packBatches(input, 600);
    for (const batch of batches) {
      expect(batch.words).toBeLessThanOrEqual(600);
      expect(batch.words).toBe(batch.items.reduce((s, it) => s + it.words, 0));
    }
    const placed = batches.flatMap((b) => b.items.map((it) => it.text)).sort();
    expect(placed).toEqual(input.map((it) => it.text).sort());
    const total = input.reduce((s, it) => s + it.words, 0);
    expect(batches.length).toBe(Math.ceil(total / 600));
  });

  it('sends a text longer than a batch alone', () => {
    const batches = packBatches(items([700, 10, 600, 5]), 600);
    const alone = batches.filter((b) => b.items.length === 1 && b.words >= 600).map((b) => b.words).sort();
    expect(alone).toEqual([600, 700]);
    expect(batches).toHaveLength(3);
  });

  it('fills batches exactly when sizes allow', () => {
    expect(packBatches(items([300, 300, 300, 300]), 600)).toHaveLength(2);
    expect(packBatches(items([400, 200, 400, 200]), 600)).toHaveLength(2);
  });

  it('rejects a silly limit', () => {
    expect(() => packBatches([], 0)).toThrow(RangeError);
  });
});
