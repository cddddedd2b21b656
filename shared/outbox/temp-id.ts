/**
 * Temporary ids of resources created while their create is still in the outbox. Derived from the entry id
 * (a UUID), so a caller that chooses the entry id knows the temp id before enqueue resolves, and no temp id
 * can collide with a server id (those are integers, subdomains or UUIDs without the prefix).
 */
export const TEMP_ID_PREFIX = 'tmp-';

export function tempIdFor(entryId: string): string {
  return `${TEMP_ID_PREFIX}${entryId}`;
}

const TEMP_ID = /^tmp-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Exactly `tmp-<uuid>`: user text that merely starts with "tmp-" (a title) is not a temp id. */
export function isTempId(value: unknown): value is string {
  return typeof value === 'string' && TEMP_ID.test(value);
}

/** Every temp id anywhere in a JSON value (path parameters, `service_ids`, `parent_id`, ...). */
export function tempIdsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (isTempId(value)) found.add(value);
  else if (Array.isArray(value)) for (const item of value) tempIdsIn(item, found);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) tempIdsIn(item, found);
  return found;
}

/**
 * A copy of `value` with every mapped temp id replaced by its server id. Unmapped temp ids stay as they are.
 * Returns the same object when nothing changed, so callers can tell cheaply.
 */
export function replaceTempIds<T>(value: T, lookup: (tempId: string) => number | string | undefined): T {
  if (isTempId(value)) {
    const serverId = lookup(value);
    return (serverId === undefined ? value : serverId) as T;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const replaced = replaceTempIds(item, lookup);
      if (replaced !== item) changed = true;
      return replaced;
    });
    return (changed ? next : value) as T;
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const replaced = replaceTempIds(item, lookup);
      if (replaced !== item) changed = true;
      next[key] = replaced;
    }
    return (changed ? next : value) as T;
  }
  return value;
}
