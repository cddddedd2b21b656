import { describe, expect, it } from 'vitest';
import { IdIndex } from '../../../electron/core/outbox/id-index';

describe('the ids kept per key', () => {
  it('keeps one id, then many, in the order added, and forgets a key once its last id goes', () => {
    const index = new IdIndex();
    index.add('key', 'a');
    index.add('key', 'a');
    expect(index.get('key')).toEqual(['a']);
    expect(index.isOnly('key', 'a')).toBe(true);
    index.add('key', 'b');
    index.add('key', 'c');
    expect(index.get('key')).toEqual(['a', 'b', 'c']);
    expect(index.isOnly('key', 'a')).toBe(false);
    index.delete('key', 'a');
    index.delete('key', 'c');
    expect(index.get('key')).toEqual(['b']);
    index.delete('key', 'b');
    expect(index.get('key')).toEqual([]);
    expect(index.isOnly('key', 'b')).toBe(false);
  });

  it('leaves a key alone when asked to delete an id it does not hold, and clears a key whole', () => {
    const index = new IdIndex();
    index.add('one', 'a');
    index.delete('one', 'z');
    expect(index.get('one')).toEqual(['a']);
    index.add('two', 'b');
    index.add('two', 'c');
    index.clear('two');
    expect(index.get('two')).toEqual([]);
    expect(index.get('missing')).toEqual([]);
  });
});
