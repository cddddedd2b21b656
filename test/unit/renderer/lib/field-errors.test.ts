import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from '../../../../renderer/src/lib/field-errors';

/* A failed form parse in the words shown next to each field. */

describe('field errors', () => {
  it("keeps the first message of each top-level field, and calls the whole form's own problem 'form'", () => {
    const schema = z
      .object({ name: z.string().min(1, 'Give it a name.').max(3, 'Too long.'), contact: z.object({ email: z.email('Not an address.') }) })
      .refine((value) => value.name !== 'abc', 'That name is taken.');
    const parsed = schema.safeParse({ name: '', contact: { email: 'x' } });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({ name: 'Give it a name.', contact: 'Not an address.' });
    const taken = schema.safeParse({ name: 'abc', contact: { email: 'a@example.com' } });
    expect(fieldErrors(taken.error!)).toEqual({ form: 'That name is taken.' });
  });
});
