import { isTempId, TEMP_ID_PREFIX, tempIdFor } from '@shared/outbox/temp-id';

const TEMP_ID_LENGTH = tempIdFor('00000000-0000-0000-0000-000000000000').length;

/**
 * Adds the temp ids a resource key holds (`…:incident:tmp-<uuid>`) to `found`. A scan for the prefix, where a
 * global regular expression was cloned for every key: the store indexes each entry's key as the file is
 * replayed, thousands of times per command with a long queue.
 */
export function addKeyTempIds(resourceKey: string, found: Set<string>): Set<string> {
  const lower = resourceKey.toLowerCase();
  for (let at = lower.indexOf(TEMP_ID_PREFIX); at !== -1; at = lower.indexOf(TEMP_ID_PREFIX, at + 1)) {
    const candidate = resourceKey.slice(at, at + TEMP_ID_LENGTH);
    if (isTempId(candidate)) found.add(candidate);
  }
  return found;
}
