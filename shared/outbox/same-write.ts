import type { OutboxEntryView } from './entry-view';

/*
 * A command run again (killed while a page hung, say) must not post what its first run already queued or sent.
 * A write to an existing incident of the same account with the same body, still waiting or sent within the hour,
 * is taken for the first run's own: posting the very same update twice within an hour on purpose is not a thing
 * an on-call person does, and a second resolve or a second "Fix rolling out" is the harm this prevents.
 */

export const RERUN_WINDOW_MS = 60 * 60 * 1000;

interface WriteToIncident {
  /** The write's own id, when it has one: a write handed over and taken in is itself, not an earlier run's. */
  id?: string | undefined;
  accountId: string;
  operation: string;
  input: Record<string, unknown>;
}

/** Keys sorted, so two bodies that say the same compare equal however they were built. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function bodyOf(input: Record<string, unknown>): string {
  const { incidentId: _target, ...rest } = input;
  return canonical(rest);
}

/**
 * The entry that already does `write` to one of `incidentIds` (every id the incident is known by: its server id
 * and its create's temp id), or undefined.
 */
export function sameWriteIn(
  entries: readonly OutboxEntryView[],
  write: WriteToIncident,
  incidentIds: ReadonlySet<string>,
  nowMs: number,
): OutboxEntryView | undefined {
  // Only writes to an incident that exists: two identical creates in an hour can be two outages (the first
  // resolved), and a create whose answer was lost is looked up on the server instead.
  if (write.input.incidentId === undefined) return undefined;
  const body = bodyOf(write.input);
  return entries.find(
    (entry) =>
      entry.id !== write.id &&
      entry.accountId === write.accountId &&
      entry.operation === write.operation &&
      incidentIds.has(String(entry.input.incidentId)) &&
      bodyOf(entry.input) === body &&
      (entry.state !== 'sent' || nowMs - Date.parse(entry.createdAt) < RERUN_WINDOW_MS),
  );
}

/**
 * Every id an incident of `subdomain` may be named by: as given, and its create's temp id or server id (a rerun
 * may name it by the server id its first run's create got, or the other way round).
 */
export function incidentIdsOf(subdomain: unknown, id: string, entries: readonly OutboxEntryView[]): Set<string> {
  const ids = new Set([id]);
  for (const entry of entries) {
    if (entry.operation !== 'createIncident' || entry.input.subdomain !== subdomain || entry.tempId === undefined) continue;
    if (entry.tempId === id || (entry.serverId !== undefined && String(entry.serverId) === id)) {
      ids.add(entry.tempId);
      if (entry.serverId !== undefined) ids.add(String(entry.serverId));
    }
  }
  return ids;
}
