import { describe, expect, it } from 'vitest';
import { packBatches, wireBytes } from '../../../electron/core/translation/batching';
import { countWords, isBlank } from '../../../electron/core/translation/words';

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

describe('packBatches (600 entries per request, as the official client slices words)', () => {
  const items = (n: number, text = (i: number) => `sentence number ${i} with several words in it`) =>
    Array.from({ length: n }, (_, i) => ({ text: text(i), words: countWords(text(i)), bytes: wireBytes(text(i)) }));

  it('10,000 short entries go out in ceil(10,000 / 600) = 17 requests, whatever their word count', () => {
    const batches = packBatches(items(10_000));
    expect(batches).toHaveLength(17);
    expect(batches.every((b) => b.items.length <= 600)).toBe(true);
    expect(batches.reduce((sum, b) => sum + b.words, 0)).toBe(items(10_000).reduce((sum, it) => sum + it.words, 0));
    expect(batches.flatMap((b) => b.items.map((it) => it.text))).toEqual(items(10_000).map((it) => it.text));
  });

  it('a request never exceeds the byte cap; a text larger than the cap goes alone', () => {
    const big = 'x'.repeat(1_000);
    const input = [...items(5, () => 'a'.repeat(300)), { text: big, words: 1, bytes: wireBytes(big) }, ...items(3, () => 'b'.repeat(100))];
    const batches = packBatches(input, { maxEntries: 600, maxBytes: 700 });
    for (const batch of batches) if (batch.items.length > 1) expect(batch.bytes).toBeLessThanOrEqual(700);
    expect(batches.find((b) => b.items.some((it) => it.text === big))?.items).toHaveLength(1);
  });

  it('measures bytes as the JSON-encoded UTF-8 string', () => {
    expect(wireBytes('ab')).toBe(4);
    expect(wireBytes('é')).toBe(4);
    expect(wireBytes('a"b')).toBe(6);
  });

  it('rejects a silly limit', () => {
    expect(() => packBatches([], { maxEntries: 0, maxBytes: 10 })).toThrow(RangeError);
    expect(() => packBatches([], { maxEntries: 1, maxBytes: 0 })).toThrow(RangeError);
  });
});
