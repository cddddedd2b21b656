import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { INCIDENT_MERGE_PROFILE, INFO_NOTICE_MERGE_PROFILE, mergeIncidentsWithOutbox, mergeWithOutbox, type MergeProfile } from '@shared/outbox/merged-view';
import type { ConsoleItem, ConsoleKind } from './console-item';

/*
 * The incident console's two lists as the server and the outbox give them: what one list holds, how each is
 * read and written, and the merge of both.
 */

export type ServerItem = { id: number | string; updates?: unknown } & Record<string, unknown>;

export function isServerItem(item: Record<string, unknown>): item is ServerItem {
  return typeof item.id === 'number' || typeof item.id === 'string';
}

export interface ListState {
  items: ServerItem[];
  cursor: string | null;
  total: number | null;
  loading: boolean;
  error: string | null;
  /** account + filter the items belong to; null until the first page arrived. */
  key: string | null;
}

export const emptyList = (): ListState => ({ items: [], cursor: null, total: null, loading: false, error: null, key: null });
/** The writes of each list, by what they do (both lists have updates, so every operation is there). */
export const WRITES = { incidents: INCIDENT_MERGE_PROFILE, notices: INFO_NOTICE_MERGE_PROFILE } as const satisfies Record<ConsoleKind, Required<MergeProfile>>;
export const READS: Record<ConsoleKind, { list: 'listIncidents' | 'listInfoNotices'; get: 'getIncident' | 'getInfoNotice' }> = {
  incidents: { list: 'listIncidents', get: 'getIncident' },
  notices: { list: 'listInfoNotices', get: 'getInfoNotice' },
};

export const sameId = (a: unknown, b: unknown) => a !== null && a !== undefined && String(a) === String(b);

export function kindOfOperation(operation: string): ConsoleKind | null {
  for (const kind of ['incidents', 'notices'] as const) {
    const profile = WRITES[kind];
    const operations: readonly string[] = [profile.create, profile.update, profile.remove, profile.addUpdate, profile.changeUpdate, profile.removeUpdate];
    if (operations.includes(operation)) {
      return kind;
    }
  }
  return null;
}

/** The entry id is the client mutation id: chosen here, so the temp id of a create is known at once. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function mergeList(
  kind: ConsoleKind,
  items: readonly ServerItem[],
  entries: readonly OutboxEntryView[],
  account: { id: string; subdomain: string } | null,
  typeFilter: string,
): ConsoleItem[] {
  if (!account) return [];
  const scope = { subdomain: account.subdomain, accountId: account.id };
  const merged = (
    kind === 'incidents' ? mergeIncidentsWithOutbox(items, entries, scope) : mergeWithOutbox(items, entries, scope, INFO_NOTICE_MERGE_PROFILE)
  ) as ConsoleItem[];
  // The server filtered its items; queued creates of other types are filtered here.
  return typeFilter !== '' ? merged.filter((item) => item.type === typeFilter) : merged;
}
