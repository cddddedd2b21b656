import { z } from 'zod';

/** The only shape the delete method accepts (gRPC transcoding of `name`: projects, locations, operations). */
export const OPERATION_NAME_FORM = 'projects/<project>/locations/<location>/operations/<operation>';

interface OperationNameParts {
  project: string;
  location: string;
  operation: string;
}

type OperationNameCheck = { ok: true; parts: OperationNameParts } | { ok: false; reason: string };

const MAX_NAME_LENGTH = 1024;
const MAX_SEGMENT_LENGTH = 256;
/*
 * Letters, digits and the unreserved marks, plus ":" for legacy domain-scoped project ids ("example.com:p").
 * Anything else (spaces, "/", "%", "?", "#", control characters) would change the request's path or query.
 */
const SEGMENT_CHARS = /^[A-Za-z0-9._~:-]+$/;
const KEYWORDS = ['projects', 'locations', 'operations'] as const;

function checkSegment(label: string, value: string): string | null {
  if (value === '') return `the ${label} is empty`;
  if (value.length > MAX_SEGMENT_LENGTH) return `the ${label} is longer than ${MAX_SEGMENT_LENGTH} characters`;
  // "." and ".." would be resolved as dot segments by URL handling, even when encoded.
  if (value.includes('..') || value === '.') return `the ${label} may not be "." or contain ".."`;
  if (!SEGMENT_CHARS.test(value)) return `the ${label} may hold only letters, digits, ".", "_", "~", ":" and "-"`;
  return null;
}

/** Checks a full operation resource name; the reason says what is wrong without echoing odd characters. */
export function checkOperationName(input: unknown): OperationNameCheck {
  if (typeof input !== 'string') return { ok: false, reason: 'an operation name must be a string' };
  if (input.length > MAX_NAME_LENGTH) return { ok: false, reason: `an operation name is at most ${MAX_NAME_LENGTH} characters` };
  const segments = input.split('/');
  if (segments.length !== 6) return { ok: false, reason: `an operation name has the form ${OPERATION_NAME_FORM}` };
  for (let index = 0; index < KEYWORDS.length; index++) {
    if (segments[index * 2] !== KEYWORDS[index]) return { ok: false, reason: `an operation name has the form ${OPERATION_NAME_FORM}` };
  }
  const [, project = '', , location = '', , operation = ''] = segments;
  for (const [label, value] of [
    ['project', project],
    ['location', location],
    ['operation id', operation],
  ] as const) {
    const problem = checkSegment(label, value);
    if (problem) return { ok: false, reason: problem };
  }
  return { ok: true, parts: { project, location, operation } };
}

/**
 * What the user pasted, as a name: a full request URL (`https://host/v1/projects/…/operations/…`, as a console
 * or a log shows it) gives its `projects/…` part; anything else is kept as typed, to be checked.
 */
export function operationNameFromInput(input: string): string {
  const text = input.trim();
  if (!/^https?:\/\//i.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  const at = url.pathname.indexOf('/projects/');
  if (at === -1) return text;
  const path = url.pathname.slice(at + 1).replace(/\/+$/, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export const operationNameSchema = z.string().superRefine((value, ctx) => {
  const check = checkOperationName(value);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: check.reason });
});

/** `projects/…/locations/…/operations/…` with each variable segment URL-encoded, ready to append to `/v1/`. */
export function operationResourcePath(parts: OperationNameParts): string {
  return `projects/${encodeURIComponent(parts.project)}/locations/${encodeURIComponent(parts.location)}/operations/${encodeURIComponent(parts.operation)}`;
}
