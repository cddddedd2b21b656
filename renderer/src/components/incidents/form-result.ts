import type { z } from 'zod';

/** Messages by field name; `form` is for what belongs to no single field. */
export type FieldErrors = Record<string, string>;

/** A body ready to queue, or the reasons it is not, shown next to the fields before anything is queued. */
export type BuildResult = { ok: true; body: Record<string, unknown> } | { ok: false; errors: FieldErrors };

export const fail = (errors: FieldErrors): BuildResult => ({ ok: false, errors });

/**
 * The shared wire schema has the last word: a body the client would refuse is never queued. Its messages are
 * technical, so they are shown with the field path as a form-level message (the form's own checks come first).
 */
export function checkWithSchema(schema: z.ZodType, body: Record<string, unknown>): BuildResult {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const message = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
  return fail({ form: `This cannot be sent as it is (${message}).` });
}

export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && [...a].sort((x, y) => x - y).join(',') === [...b].sort((x, y) => x - y).join(',');
}

export const MAX_TITLE = 255;
export const MAX_DESCRIPTION = 10_000;
