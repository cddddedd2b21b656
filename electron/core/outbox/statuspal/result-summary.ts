import type { OutboxResult, ServerId } from '@shared/outbox/entry-view';
import type { WriteResource } from '@shared/outbox/write-operations';

const SUMMARY_FIELDS = ['id', 'type', 'title', 'name', 'subdomain', 'email', 'role', 'url', 'updated_at', 'starts_at', 'ends_at', 'time', 'value'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The id the server gave the object: status pages are addressed by subdomain, everything else by id. */
export function serverIdOf(resource: WriteResource, object: unknown): ServerId | undefined {
  if (!isRecord(object)) return undefined;
  const id = resource === 'status_page' ? object.subdomain : object.id;
  if (typeof id === 'number' && Number.isInteger(id)) return id;
  if (typeof id === 'string' && id !== '') return id;
  return undefined;
}

/** A few display fields of the server's answer: small enough to keep in the outbox file. */
export function resultOf(resource: WriteResource, object: unknown, extra: Partial<OutboxResult> = {}): OutboxResult {
  const result: OutboxResult = { ...extra };
  const id = serverIdOf(resource, object);
  if (id !== undefined) result.id = id;
  if (isRecord(object)) {
    const summary: Record<string, unknown> = {};
    for (const field of SUMMARY_FIELDS) {
      const value = object[field];
      if (value === undefined || value === null) continue;
      summary[field] = typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value;
    }
    if (typeof object.description === 'string') summary.description = object.description.slice(0, 200);
    if (Object.keys(summary).length > 0) result.summary = summary;
  }
  return result;
}
