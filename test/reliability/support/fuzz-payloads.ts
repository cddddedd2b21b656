import type { z } from 'zod';

/*
 * Malformed IPC payloads generated from a channel's request schema (zod 4, read through its `_zod.def`).
 * First a payload the schema accepts is built (strings from a pool of plausible values, each checked
 * against its own field schema), then one or two mutations are applied at a random place in it: wrong
 * type, missing required field, huge string, string the format refuses, number out of range, nested
 * garbage, extra keys including prototype-pollution keys (always together with another mutation, since
 * unknown keys alone are stripped, not refused). Every payload returned is checked to be refused by the
 * schema itself, so a test failing on it is the dispatcher's fault, not the generator's.
 */

type Def = { type: string; [key: string]: unknown };
type Schema = z.ZodType;
type Path = Array<string | number>;

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: Schema): Def[] => ((defOf(schema).checks as Array<{ _zod: { def: Def } }> | undefined) ?? []).map((c) => c._zod.def);

/** Marks strings the fuzzer made, to check no error message echoes them. */
export const FUZZ_MARK = 'FUZZ\u2063MARK';
const HUGE = `${FUZZ_MARK}${'A'.repeat(2_000_000)}`;

interface FuzzOptions {
  random: () => number;
  /** Known-good strings (real ids, URLs) tried first for string fields. */
  pool: string[];
}

interface FuzzPayload {
  payload: unknown;
  /** What was done to it, for failure messages. */
  mutations: string[];
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function unwrap(schema: Schema): Schema {
  const def = defOf(schema);
  if (
    def.type === 'optional' ||
    def.type === 'nullable' ||
    def.type === 'default' ||
    def.type === 'readonly' ||
    def.type === 'prefault' ||
    def.type === 'catch' ||
    def.type === 'nonoptional'
  ) {
    return unwrap(def.innerType as Schema);
  }
  if (def.type === 'pipe') return unwrap(def.in as Schema);
  if (def.type === 'lazy') return unwrap((def.getter as () => Schema)());
  return schema;
}

const isOptional = (schema: Schema): boolean => {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault' || (type === 'pipe' && isOptional(defOf(schema).in as Schema));
};

/** A value `schema` accepts, or undefined when none was found (the mutation still makes it invalid). */
function validValue(schema: Schema, options: FuzzOptions, depth = 0): unknown {
  const def = defOf(schema);
  const accepts = (value: unknown) => schema.safeParse(value).success;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validValue(def.innerType as Schema, options, depth);
    case 'nullable': {
      const inner = validValue(def.innerType as Schema, options, depth);
      return inner === undefined ? null : inner;
    }
    case 'pipe':
      return validValue(def.in as Schema, options, depth);
    case 'lazy':
      return depth > 4 ? undefined : validValue((def.getter as () => Schema)(), options, depth + 1);
    case 'undefined':
    case 'void':
      return undefined;
    case 'null':
      return null;
    case 'boolean':
      return options.random() < 0.5;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return pick(options.random, Object.values(def.entries as Record<string, unknown>));
    case 'string': {
      const candidates = [
        ...options.pool,
        'acme',
        'en',
        'de',
        'Acme status',
        'https://127.0.0.1:9/api/v2',
        'projects/p/locations/l/operations/o1',
        'sk_live_abcdefgh12345678',
        '42',
      ];
      return candidates.find(accepts);
    }
    case 'number':
    case 'int': {
      return [60, 1, 15, 100, 0, 1000, 3600, 86_400, -1, 0.5].find(accepts);
    }
    case 'bigint':
      return 1n;
    case 'array': {
      for (const length of [1, 0, 2, 3]) {
        const value = Array.from({ length }, () => validValue(def.element as Schema, options, depth + 1));
        if (accepts(value)) return value;
      }
      return [];
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
        if (isOptional(field) && options.random() < 0.4) continue;
        const value = validValue(field, options, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'record':
      return {};
    case 'union':
      for (const option of def.options as Schema[]) {
        const value = validValue(option, options, depth + 1);
        if (option.safeParse(value).success) return value;
      }
      return undefined;
    case 'unknown':
    case 'any':
      return 'x';
    default:
      return undefined;
  }
}

/** Every place in `value` a mutation can hit, with the schema that governs it there. */
function sitesOf(schema: Schema, value: unknown, path: Path = [], out: Array<{ path: Path; schema: Schema; required: boolean }> = [], required = true) {
  out.push({ path, schema, required });
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
      if (key in (value as Record<string, unknown>)) sitesOf(field, (value as Record<string, unknown>)[key], [...path, key], out, !isOptional(field));
      else out.push({ path: [...path, key], schema: field, required: !isOptional(field) });
    }
  } else if (def.type === 'array' && Array.isArray(value)) {
    value.forEach((item, i) => sitesOf(def.element as Schema, item, [...path, i], out));
  }
  return out;
}

function nested(depth: number, random: () => number): unknown {
  let value: unknown = FUZZ_MARK;
  for (let i = 0; i < depth; i++) value = random() < 0.5 ? [value, null, 1] : { a: value, [`k${i}`]: [i] };
  return value;
}

/** Values of every kind but the one the schema wants. */
function wrongTypes(schema: Schema, random: () => number): unknown[] {
  const type = defOf(unwrap(schema)).type;
  const all: Array<[string, unknown]> = [
    ['string', `${FUZZ_MARK}-wrong-type`],
    ['number', 42],
    ['number', Number.NaN],
    ['number', Number.POSITIVE_INFINITY],
    ['boolean', true],
    ['null', null],
    ['array', [FUZZ_MARK, 1, null]],
    ['object', { [FUZZ_MARK]: 1 }],
    ['bigint', 10n ** 30n],
    ['date', new Date(0)],
    ['nested', nested(50 + Math.floor(random() * 200), random)],
  ];
  const same = (kind: string) =>
    kind === type ||
    (type === 'int' && kind === 'number') ||
    (type === 'enum' && kind === 'string') ||
    (type === 'literal' && kind === typeof (defOf(unwrap(schema)).values as unknown[])[0]) ||
    ((type === 'record' || type === 'unknown' || type === 'any') && kind !== 'null');
  return all.filter(([kind]) => !same(kind)).map(([, value]) => value);
}

/** Strings a string schema may refuse: too long, empty, wrong format, control characters, path tricks. */
function badStrings(schema: Schema): string[] {
  const max = checksOf(unwrap(schema)).find((c) => c.check === 'max_length')?.maximum as number | undefined;
  return [
    HUGE,
    '',
    ' ',
    `${FUZZ_MARK}-not-a-uuid`,
    `../../../etc/passwd${FUZZ_MARK}`,
    `javascript:alert(1)//${FUZZ_MARK}`,
    `\u0000\u0001${FUZZ_MARK}\u202e`,
    `${FUZZ_MARK} with spaces and <script>`,
    ...(max !== undefined ? [`${FUZZ_MARK}${'x'.repeat(max + 1)}`] : []),
  ];
}

/** Numbers a number schema may refuse: outside its range, not integers, not safe, not finite. */
function badNumbers(schema: Schema): number[] {
  const checks = checksOf(unwrap(schema));
  const out: number[] = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e308, -1e308, 2 ** 53 + 2, 0.5, -1];
  for (const c of checks) {
    if (typeof c.value === 'number' && c.check === 'greater_than') out.push(c.value - 1, c.inclusive ? c.value - 0.5 : c.value);
    if (typeof c.value === 'number' && c.check === 'less_than') out.push(c.value + 1, c.inclusive ? c.value + 0.5 : c.value);
  }
  return out;
}

function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = (container: unknown): Record<string | number, unknown> =>
    (Array.isArray(container) ? [...container] : { ...(container as object) }) as Record<string | number, unknown>;
  const top = copy(root);
  let cursor = top;
  for (let i = 0; i < path.length - 1; i++) {
    const next = copy(cursor[path[i]!]);
    cursor[path[i]!] = next;
    cursor = next;
  }
  const last = path.at(-1)!;
  if (remove) delete cursor[last];
  else cursor[last] = value;
  return top;
}

/** Own keys named like prototype properties, as JSON.parse (and a structured clone) would make them. */
function withPollutionKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const polluted = JSON.parse(
    `{"__proto__":{"polluted":"${FUZZ_MARK}"},"constructor":{"prototype":{"polluted":"${FUZZ_MARK}"}},"prototype":{"polluted":true}}`,
  ) as object;
  // Spread defines own properties (as JSON.parse does); Object.assign would set the prototype instead.
  return { ...(value as object), ...polluted };
}

/** One payload the schema refuses. */
export function malformedPayload(schema: Schema, options: FuzzOptions): FuzzPayload {
  const { random } = options;
  for (let attempt = 0; attempt < 30; attempt++) {
    const base = validValue(schema, options);
    const sites = sitesOf(schema, base);
    let payload: unknown = base;
    const mutations: string[] = [];
    const rounds = random() < 0.25 ? 2 : 1;
    for (let r = 0; r < rounds; r++) {
      const site = pick(random, sites);
      const type = defOf(unwrap(site.schema)).type;
      const where = site.path.join('.') || '(root)';
      const roll = random();
      if (roll < 0.15 && site.required && site.path.length > 0) {
        payload = setAt(payload, site.path, undefined, true);
        mutations.push(`missing ${where}`);
      } else if (roll < 0.35 && type === 'string') {
        const value = pick(random, badStrings(site.schema));
        payload = setAt(payload, site.path, value);
        mutations.push(`bad string at ${where} (${value.length} chars)`);
      } else if (roll < 0.5 && (type === 'number' || type === 'int')) {
        const value = pick(random, badNumbers(site.schema));
        payload = setAt(payload, site.path, value);
        mutations.push(`number ${value} at ${where}`);
      } else if (roll < 0.6 && type === 'array') {
        const max = checksOf(unwrap(site.schema)).find((c) => c.check === 'max_length')?.maximum as number | undefined;
        payload = setAt(
          payload,
          site.path,
          Array.from({ length: (max ?? 10_000) + 1 }, () => FUZZ_MARK),
        );
        mutations.push(`array of ${(max ?? 10_000) + 1} at ${where}`);
      } else {
        const value = pick(random, wrongTypes(site.schema, random));
        payload = setAt(payload, site.path, value);
        mutations.push(`wrong type at ${where}`);
      }
    }
    if (random() < 0.3) {
      payload = withPollutionKeys(payload);
      mutations.push('prototype-pollution keys');
    }
    if (!schema.safeParse(payload).success) return { payload, mutations };
  }
  // Nothing above was refused (a schema that accepts almost anything): garbage at the root.
  const payload = nested(20, random);
  if (schema.safeParse(payload).success) throw new Error('the fuzzer found no payload this schema refuses');
  return { payload, mutations: ['nested garbage at the root'] };
}
