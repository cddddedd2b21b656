import { describe, expect, it } from 'vitest';
import { checkOperationName, operationNameSchema, operationResourcePath } from '../../../shared/operations/operation-name';

const valid = 'projects/my-project/locations/us-central1/operations/operation-1700000000000-5f1c2d3e4a5b6-abc123-def456';

describe('operation names', () => {
  it('accepts the standard form and splits it', () => {
    expect(checkOperationName(valid)).toEqual({
      ok: true,
      parts: { project: 'my-project', location: 'us-central1', operation: 'operation-1700000000000-5f1c2d3e4a5b6-abc123-def456' },
    });
    expect(checkOperationName('projects/example.com:legacy/locations/global/operations/op_1~a').ok).toBe(true);
    expect(operationNameSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['not a string', 42],
    ['wrong keyword', 'project/p/locations/l/operations/o'],
    ['wrong order', 'projects/p/operations/o/locations/l'],
    ['too few segments', 'projects/p/locations/l/operations'],
    ['too many segments', 'projects/p/locations/l/operations/o/extra'],
    ['empty project', 'projects//locations/l/operations/o'],
    ['empty operation', 'projects/p/locations/l/operations/'],
    ['dot-dot', 'projects/../locations/l/operations/o'],
    ['dot', 'projects/p/locations/./operations/o'],
    ['contains dot-dot', 'projects/p/locations/l/operations/a..b'],
    ['space', 'projects/p q/locations/l/operations/o'],
    ['percent', 'projects/p%2F/locations/l/operations/o'],
    ['query', 'projects/p/locations/l/operations/o?x=1'],
    ['fragment', 'projects/p/locations/l/operations/o#x'],
    ['newline', 'projects/p/locations/l/operations/o\n'],
    ['leading slash', '/projects/p/locations/l/operations/o'],
    ['backslash', 'projects/p\\x/locations/l/operations/o'],
    ['too long', `projects/${'a'.repeat(300)}/locations/l/operations/o`],
  ])('refuses %s', (_label, name) => {
    const check = checkOperationName(name);
    expect(check.ok).toBe(false);
    expect(operationNameSchema.safeParse(name).success).toBe(false);
  });

  it('encodes each segment when building the path', () => {
    const check = checkOperationName('projects/example.com:p/locations/l/operations/o~1');
    if (!check.ok) throw new Error(check.reason);
    expect(operationResourcePath(check.parts)).toBe('projects/example.com%3Ap/locations/l/operations/o~1');
  });
});
