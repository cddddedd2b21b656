import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ipcContract } from '../../../shared/ipc/contract';
import { BOUNDED_BY } from '../../../shared/validation/bounded-record';

/*
 * Every payload the window can send is bounded by what a real page needs, checked on every channel at once so a
 * new channel cannot forget: each string has a longest length (or is an enum, a uuid), each list a largest
 * count, and each object of free shape a bound it declares (BOUNDED_BY: its JSON size, its keys and ids).
 */

type JsonSchema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Where in `schema` a value of any size would be accepted. */
function unboundedIn(schema: JsonSchema, path: string): string[] {
  if (schema[BOUNDED_BY] !== undefined) return [];
  const found: string[] = [];
  const bounded = (key: string) => schema[key] !== undefined;
  if (schema.type === 'string' && !bounded('maxLength') && !bounded('enum') && !bounded('const') && schema.format !== 'uuid') found.push(`${path}: a string`);
  if (schema.type === 'array' && !bounded('maxItems') && !bounded('prefixItems')) found.push(`${path}: a list`);
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object' && !bounded('maxProperties')) found.push(`${path}: an object`);
  for (const [key, child] of Object.entries(schema.properties ?? {})) found.push(...unboundedIn(child, `${path}.${key}`));
  if (schema.items) found.push(...unboundedIn(schema.items, `${path}[]`));
  if (typeof schema.additionalProperties === 'object') found.push(...unboundedIn(schema.additionalProperties, `${path}{}`));
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf]) for (const child of list ?? []) found.push(...unboundedIn(child, path));
  return found;
}

const invokeChannels = Object.entries(ipcContract).filter(([, definition]) => definition.kind === 'invoke');

describe('every IPC request is bounded', () => {
  it('sees every invoke channel', () => {
    expect(invokeChannels.length).toBeGreaterThan(80);
  });

  it('no string, list or object of any size is accepted on any channel', () => {
    const found = invokeChannels.flatMap(([name, definition]) =>
      unboundedIn(z.toJSONSchema((definition as { request: z.ZodType }).request, { unrepresentable: 'any', io: 'input' }) as JsonSchema, name),
    );
    expect(found).toEqual([]);
  });

  it('a write of 300 KB is refused with a sentence; a long real one passes', () => {
    const write = (text: string) => ({ accountId: 'acme', operation: 'createIncident', input: { subdomain: 'acme', incident: { title: 'x', body: text } } });
    const enqueue = ipcContract['outbox.enqueue'].request;
    expect(enqueue.safeParse(write('word '.repeat(10_000))).success).toBe(true);
    const refused = enqueue.safeParse(write('x'.repeat(300_000)));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/At most 256 KB of input/);
  });

  it('the sweep finds each kind of unbounded field', () => {
    const loose = z.object({ text: z.string(), list: z.array(z.number()), map: z.record(z.string(), z.number().max(1)) });
    expect(unboundedIn(z.toJSONSchema(loose, { io: 'input' }) as JsonSchema, 'x')).toEqual(['x.text: a string', 'x.list: a list', 'x.map: an object']);
  });
});
