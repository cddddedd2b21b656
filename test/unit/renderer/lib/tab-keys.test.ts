import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from '../../../../renderer/src/lib/tab-keys';

describe('the keys of a tablist', () => {
  it('moves left and right around the ends, and to the first and last with Home and End', () => {
    expect([0, 1, 2].map((i) => tabKeyTarget('ArrowRight', i, 3))).toEqual([1, 2, 0]);
    expect([0, 1, 2].map((i) => tabKeyTarget('ArrowLeft', i, 3))).toEqual([2, 0, 1]);
    expect([tabKeyTarget('Home', 2, 3), tabKeyTarget('End', 0, 3)]).toEqual([0, 2]);
  });

  it('leaves any other key to the browser', () => {
    expect([tabKeyTarget('Tab', 0, 3), tabKeyTarget('Enter', 1, 3), tabKeyTarget('ArrowDown', 1, 3), tabKeyTarget('End', 0, 0)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
