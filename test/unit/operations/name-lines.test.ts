import { describe, expect, it } from 'vitest';
import { parseNameLines } from '../../../shared/operations/name-lines';

const op = (id: string) => `projects/p1/locations/us-central1/operations/${id}`;

describe('parseNameLines', () => {
  it('keeps well-formed names in order, once each, with their line numbers', () => {
    const parsed = parseNameLines(`  ${op('a')}  \r\n\n${op('b')}\n${op('a')}\n`);
    expect(parsed.names).toEqual([op('a'), op('b')]);
    expect(parsed.valid).toEqual([
      { line: 1, name: op('a') },
      { line: 3, name: op('b') },
    ]);
    expect(parsed).toMatchObject({ invalid: [], duplicates: 1 });
  });

  it('flags each malformed line with the shared schema reason', () => {
    const parsed = parseNameLines([op('ok'), 'operations/123', 'projects/p/locations/l/operations/a b', op('..')].join('\n'));
    expect(parsed.names).toEqual([op('ok')]);
    expect(parsed.invalid).toEqual([
      { line: 2, text: 'operations/123', reason: expect.stringMatching(/has the form projects\/<project>/) },
      { line: 3, text: 'projects/p/locations/l/operations/a b', reason: expect.stringMatching(/operation id may hold only/) },
      { line: 4, text: op('..'), reason: expect.stringMatching(/may not be "\." or contain "\.\."/) },
    ]);
  });

  it('treats an empty text as no names and no problems', () => {
    expect(parseNameLines(' \n\n')).toEqual({ names: [], valid: [], invalid: [], duplicates: 0 });
  });

  it('accepts a full operation URL pasted as a name, taking its projects/… part', () => {
    const parsed = parseNameLines(
      [`https://migrationcenter.googleapis.com/v1/${op('u1')}`, `  http://127.0.0.1:4012/v1/${op('u2')}/  `, 'https://example.com/no/name/here'].join('\n'),
    );
    expect(parsed.names).toEqual([op('u1'), op('u2')]);
    expect(parsed.invalid).toEqual([{ line: 3, text: 'https://example.com/no/name/here', reason: expect.stringMatching(/has the form/) }]);
  });
});
