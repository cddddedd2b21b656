import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues } from '../../../shared/validation/describe-issues';

describe('validation issues in a message', () => {
  it('names at most three paths with their messages, never the values, then how many more', () => {
    const result = z.object({ a: z.string(), b: z.number(), c: z.boolean(), d: z.string() }).safeParse({ a: 1, b: 'secret-value', c: 'x', d: 2 });
    expect(result.success).toBe(false);
    const text = describeIssues(result.error!.issues, 'incident');
    expect(text).toMatch(/^incident\.a: .+; incident\.b: .+; incident\.c: .+ \(\+1 more\)$/);
    expect(text).not.toContain('secret-value');
    expect(describeIssues([{ path: [], message: 'Invalid input' }])).toBe('Invalid input');
  });
});
