import type { OperationSpec } from '@shared/statuspal/operations';
import { describeIssues, errorForInvalidInput, type RequestContext } from './errors';

interface BuiltRequest {
  /** Path with encoded segments and query string, to append to the base URL. */
  pathAndQuery: string;
  /** JSON text of `{ <wrapper>: <body> }`, or undefined for no body. */
  body: string | undefined;
}

/** Encodes one path parameter; refuses values that would change the path's shape. */
function encodeSegment(name: string, value: unknown, context: RequestContext): string {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw errorForInvalidInput(context, `${name} must be a non-negative integer`);
    text = String(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    throw errorForInvalidInput(context, `${name} is required`);
  }
  // "." and ".." survive encoding (even as %2E) and would be resolved as dot segments.
  if (text.trim() === '' || text === '.' || text === '..') throw errorForInvalidInput(context, `${name} must be a non-empty identifier`);
  return encodeURIComponent(text);
}

function appendQuery(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  params.append(key, typeof value === 'string' ? value : String(value));
}

/**
 * Validates the call's input against the operation (path parameters, query schema, body
 * schema) and builds the request. Nothing is sent when this throws (invalid_input).
 */
export function buildRequest(spec: OperationSpec, input: unknown, context: RequestContext): BuiltRequest {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw errorForInvalidInput(context, 'the input must be an object');
  }
  const record = input as Record<string, unknown>;

  const path = spec.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(name, record[name], context));

  let query = '';
  if (spec.query) {
    const picked: Record<string, unknown> = {};
    for (const key of Object.keys(spec.query.shape)) if (record[key] !== undefined) picked[key] = record[key];
    const parsed = spec.query.safeParse(picked);
    if (!parsed.success) throw errorForInvalidInput(context, describeIssues(parsed.error.issues));
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) appendQuery(params, key, value);
    const text = params.toString();
    if (text) query = `?${text}`;
  }

  let body: string | undefined;
  if (spec.body) {
    const value = record[spec.body.key];
    if (value === undefined) {
      if (spec.body.required) throw errorForInvalidInput(context, `${spec.body.key} is required`);
      body = '{}';
    } else {
      const parsed = spec.body.schema.safeParse(value);
      if (!parsed.success) throw errorForInvalidInput(context, describeIssues(parsed.error.issues, spec.body.key));
      body = JSON.stringify({ [spec.body.key]: parsed.data });
    }
  }

  return { pathAndQuery: path + query, body };
}
