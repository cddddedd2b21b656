import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deferredSchema } from '../../../shared/validation/deferred-schema';

/*
 * A deferred schema is built on its first read and is then the schema itself: the same answers, errors, methods
 * and introspection, alone and inside other schemas.
 */

describe('a deferred schema', () => {
  const build = () => z.looseObject({ id: z.number().int(), title: z.string().min(1) });

  it('is not built until something reads it, and is built once', () => {
    let builds = 0;
    const schema = deferredSchema(() => {
      builds += 1;
      return build();
    });
    const inside = z.object({ item: schema, items: z.array(schema) });
    expect(builds).toBe(0);
    expect(inside.parse({ item: { id: 1, title: 'a' }, items: [{ id: 2, title: 'b' }] })).toEqual({
      item: { id: 1, title: 'a' },
      items: [{ id: 2, title: 'b' }],
    });
    expect(schema.parse({ id: 3, title: 'c', extra: true })).toEqual({ id: 3, title: 'c', extra: true });
    expect(builds).toBe(1);
  });

  it('answers as the schema it builds: the same data, the same issues, the same shape and JSON Schema', () => {
    const deferred = deferredSchema(build);
    const plain = build();
    for (const input of [{ id: 1, title: 'a' }, { id: 1.5, title: '' }, 'not an object', null]) {
      expect(deferred.safeParse(input)).toEqual(plain.safeParse(input));
    }
    expect(Object.keys(deferred.shape)).toEqual(['id', 'title']);
    expect(deferred).toBeInstanceOf(z.ZodObject);
    expect(deferred.partial().parse({})).toEqual({});
    expect(deferred.extend({ more: z.boolean() }).safeParse({ id: 1, title: 'a' }).success).toBe(false);
    expect(z.toJSONSchema(deferred)).toEqual(z.toJSONSchema(plain));
  });

  it('keeps a detached method working, as zod does', () => {
    const { safeParse } = deferredSchema(build);
    expect(safeParse({ id: 1, title: 'a' }).success).toBe(true);
  });
});
