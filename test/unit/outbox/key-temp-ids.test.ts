import { describe, expect, it } from 'vitest';
import { addKeyTempIds } from '../../../electron/core/outbox/key-temp-ids';

const a = 'tmp-0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const b = 'TMP-ABCDEF01-2345-4678-9ABC-DEF012345678';

describe('the temp ids in a resource key', () => {
  it('finds each one wherever it stands, in either case, and nothing that merely starts like one', () => {
    expect([...addKeyTempIds(`acct:acme:incident:${a}`, new Set())]).toEqual([a]);
    expect([...addKeyTempIds(`acct:${b}:update:${a}x`, new Set(['kept']))]).toEqual(['kept', b, a]);
    expect([...addKeyTempIds('acct:acme:incident:tmp-notes:tmp-0b1c2d3e', new Set())]).toEqual([]);
  });
});
