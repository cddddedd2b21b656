import type { OutboxEntryView, OutboxState } from '../outbox/entry-view';
import { isTempId } from '../outbox/temp-id';
import type { LinkedMember } from './linked-incidents';

/**
 * How one page's incident of a group stands, in the outbox's own words: the state of its write that most needs
 * the user (failed, then needs a look, conflict, sending, waiting), `sent` once nothing of it waits, and
 * `dropped` when its create was discarded before it was ever sent (the page has no such incident), `deleted`
 * once its incident was deleted.
 */
export type LinkedMemberState = OutboxState | 'dropped' | 'deleted';

const WORST_FIRST: readonly OutboxState[] = ['failed', 'needs_look', 'conflict', 'in_flight', 'pending'];

/** The entries that write to this member's incident (its create included), whichever id they name it by. */
function entriesOfMember(member: LinkedMember, entries: readonly OutboxEntryView[]): OutboxEntryView[] {
  const onPage = entries.filter((e) => e.accountId === member.accountId && e.input.subdomain === member.subdomain);
  const ids = new Set([String(member.incidentId)]);
  for (const entry of onPage) {
    if (entry.operation !== 'createIncident' || entry.tempId === undefined) continue;
    if (entry.tempId === member.incidentId || (entry.serverId !== undefined && String(entry.serverId) === String(member.incidentId))) {
      ids.add(entry.tempId);
      if (entry.serverId !== undefined) ids.add(String(entry.serverId));
    }
  }
  return onPage.filter((entry) => (entry.tempId !== undefined && ids.has(entry.tempId)) || ids.has(String(entry.input.incidentId)));
}

export function memberState(member: LinkedMember, entries: readonly OutboxEntryView[]): { state: LinkedMemberState; entry: OutboxEntryView | null } {
  const own = entriesOfMember(member, entries);
  if (member.deleted === true) return { state: 'deleted', entry: own.at(-1) ?? null };
  for (const state of WORST_FIRST) {
    const entry = own.filter((e) => e.state === state).at(-1);
    if (entry) return { state, entry };
  }
  if (isTempId(member.incidentId) && !own.some((e) => e.tempId === member.incidentId)) return { state: 'dropped', entry: null };
  return { state: 'sent', entry: own.at(-1) ?? null };
}

/** The incident id a member's writes should name now: the server id once its create was sent, else the temp id. */
export function currentIdOf(member: LinkedMember, entries: readonly OutboxEntryView[]): number | string {
  if (!isTempId(member.incidentId)) return member.incidentId;
  const create = entries.find((e) => e.tempId === member.incidentId && e.serverId !== undefined);
  return create?.serverId ?? member.incidentId;
}
