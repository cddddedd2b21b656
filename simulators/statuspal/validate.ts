import { floorSecond, parseDateTime } from './clock';
import { invalid } from './errors';
import type { Extra } from './model';

/** Small body checks. Every failure is a 422, as a wrong type or a missing wrapper is on the service. */

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `{"incident": {...}}` → the inner object. `tolerant` also accepts the object unwrapped. */
export function unwrap(body: unknown, key: string, tolerant = false): Obj {
  if (isObj(body)) {
    const inner = body[key];
    if (isObj(inner)) return inner;
    if (inner === undefined && tolerant && Object.keys(body).length > 0) return body;
  }
  throw invalid(`body must be {"${key}": {...}}`);
}

interface StrOpts {
  required?: boolean;
  nonEmpty?: boolean;
}

export function optStr(o: Obj, k: string, opts: StrOpts = {}): string | undefined {
  const v = o[k];
  if (v === undefined) {
    if (opts.required) throw invalid(`${k} is required`);
    return undefined;
  }
  if (typeof v !== 'string') throw invalid(`${k} must be a string`);
  if (opts.nonEmpty && v.trim() === '') throw invalid(`${k} must not be empty`);
  return v;
}

/** A string or null; undefined when absent. */
export function optNullableStr(o: Obj, k: string): string | null | undefined {
  const v = o[k];
  if (v === undefined || v === null) return v as null | undefined;
  if (typeof v !== 'string') throw invalid(`${k} must be a string or null`);
  return v;
}

export function optBool(o: Obj, k: string): boolean | undefined {
  const v = o[k];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw invalid(`${k} must be a boolean`);
  return v;
}

export function optInt(o: Obj, k: string): number | undefined {
  const v = o[k];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw invalid(`${k} must be an integer`);
  return v;
}

export function optNullableInt(o: Obj, k: string): number | null | undefined {
  const v = o[k];
  if (v === null) return null;
  return optInt(o, k);
}

export function optIntArray(o: Obj, k: string): number[] | undefined {
  const v = o[k];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'number' && Number.isInteger(x))) {
    throw invalid(`${k} must be an array of integers`);
  }
  return [...new Set(v as number[])];
}

export function optStrArray(o: Obj, k: string): string[] | undefined {
  const v = o[k];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw invalid(`${k} must be an array of strings`);
  return v as string[];
}

export function optObj(o: Obj, k: string): Obj | undefined {
  const v = o[k];
  if (v === undefined) return undefined;
  if (!isObj(v)) throw invalid(`${k} must be an object`);
  return v;
}

/** A datetime (naive UTC or ISO); null allowed when `nullable`. Stored at whole seconds. */
export function optDateTime(o: Obj, k: string, nullable: boolean): number | null | undefined {
  const v = o[k];
  if (v === undefined) return undefined;
  if (v === null) {
    if (nullable) return null;
    throw invalid(`${k} must not be null`);
  }
  if (typeof v !== 'string') throw invalid(`${k} must be a datetime string`);
  const ms = parseDateTime(v);
  if (ms === null) throw invalid(`${k} must be YYYY-MM-DDThh:mm:ss`);
  return floorSecond(ms);
}

/** The fields of `o` the simulator does not model, kept and echoed back. */
export function extrasOf(o: Obj, known: ReadonlySet<string>): Extra {
  const out: Extra = {};
  for (const [k, v] of Object.entries(o)) if (!known.has(k)) out[k] = v;
  return out;
}
