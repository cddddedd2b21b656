import type { OutboxEntryView } from './entry-view';
import { STATUSPAL_OUTBOX_KIND } from './kind-name';
import type { WriteOperationName } from './write-operations';

/**
 * The incident list as the user should see it while writes are queued: the server's list with the outbox's
 * unsent entries laid over it. Pure, so the renderer can run it on every change.
 *
 * - a queued create shows as an item with its temp id and `pending: true`, newest first, above the server's;
 * - a queued edit (PUT) overlays its fields and sets `pendingEdit`;
 * - a queued delete sets `pendingDelete` (the item stays visible, struck through by the UI);
 * - queued updates are added to `updates` in the server's order (newest first, so on top) with `pending: true`;
 *   queued changes and deletes of updates mark that update;
 * - every touched item carries `outbox`: the entry ids and the most urgent state (conflict, needs_look >
 *   failed > in_flight > pending), so the UI can show "failed, tap to fix".
 * Sent entries are left out: the server list is the truth for them (refresh it after a send). Entries about
 * items that are not in the list (an older page of it) are ignored.
 */
export interface MergeProfile {
  create: WriteOperationName;
  update: WriteOperationName;
  remove: WriteOperationName;
  /** Resources without updates (services, members, ...) leave the three update operations out. */
  addUpdate?: WriteOperationName;
  changeUpdate?: WriteOperationName;
  removeUpdate?: WriteOperationName;
  idParam: string;
  bodyKey: string;
}

export const INCIDENT_MERGE_PROFILE = {
  create: 'createIncident',
  update: 'updateIncident',
  remove: 'deleteIncident',
  addUpdate: 'addIncidentUpdate',
  changeUpdate: 'changeIncidentUpdate',
  removeUpdate: 'deleteIncidentUpdate',
  idParam: 'incidentId',
  bodyKey: 'incident',
} as const satisfies Required<MergeProfile>;

export const INFO_NOTICE_MERGE_PROFILE = {
  create: 'createInfoNotice',
  update: 'updateInfoNotice',
  remove: 'deleteInfoNotice',
  addUpdate: 'addInfoNoticeUpdate',
  changeUpdate: 'changeInfoNoticeUpdate',
  removeUpdate: 'deleteInfoNoticeUpdate',
  idParam: 'infoNoticeId',
  bodyKey: 'info_notice',
} as const satisfies Required<MergeProfile>;

type UnsentState = 'pending' | 'in_flight' | 'failed' | 'conflict' | 'needs_look';
const URGENCY: Record<UnsentState, number> = { pending: 0, in_flight: 1, failed: 2, conflict: 3, needs_look: 3 };

export interface OutboxMark {
  entryIds: string[];
  state: UnsentState;
}

export type MergedUpdate = Record<string, unknown> & {
  id: number | string;
  pending?: true;
  pendingDelete?: true;
  outbox?: OutboxMark;
};

export type MergedItem<T> = Omit<T, 'id' | 'updates'> & {
  id: number | string;
  updates: MergedUpdate[];
  pending?: true;
  pendingEdit?: true;
  pendingDelete?: true;
  outbox?: OutboxMark;
};

/** Page resources are scoped by subdomain; organization resources (status pages, org members) by organization id. */
export type MergeScope = ({ subdomain: string; organizationId?: undefined } | { organizationId: string | number; subdomain?: undefined }) & {
  /** Only entries of this account; all accounts when omitted. */
  accountId?: string;
};

function mark(target: { outbox?: OutboxMark }, entry: OutboxEntryView): void {
  const state = entry.state as UnsentState;
  if (!target.outbox) target.outbox = { entryIds: [entry.id], state };
  else {
    target.outbox.entryIds.push(entry.id);
    if (URGENCY[state] > URGENCY[target.outbox.state]) target.outbox.state = state;
  }
}

function bodyOf(entry: OutboxEntryView, key: string): Record<string, unknown> {
  const body = entry.input[key];
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

const sameId = (a: unknown, b: unknown): boolean => a !== undefined && a !== null && String(a) === String(b);

function inScope(entry: OutboxEntryView, scope: MergeScope): boolean {
  if (scope.accountId !== undefined && entry.accountId !== scope.accountId) return false;
  if (scope.organizationId !== undefined) return sameId(entry.input.organizationId, scope.organizationId);
  return entry.input.subdomain === scope.subdomain;
}

export function mergeWithOutbox<T extends { id: number | string; updates?: unknown }>(
  items: readonly T[],
  entries: readonly OutboxEntryView[],
  scope: MergeScope,
  profile: MergeProfile = INCIDENT_MERGE_PROFILE,
): MergedItem<T>[] {
  const merged: MergedItem<T>[] = items.map((item) => ({
    ...item,
    updates: Array.isArray(item.updates) ? (item.updates as MergedUpdate[]).map((u) => ({ ...u })) : [],
  })) as MergedItem<T>[];
  const created: MergedItem<T>[] = [];
  const find = (id: unknown) => created.find((item) => sameId(item.id, id)) ?? merged.find((item) => sameId(item.id, id));

  const relevant = entries.filter((e) => e.kind === STATUSPAL_OUTBOX_KIND && e.state !== 'sent' && inScope(e, scope)).sort((a, b) => a.seq - b.seq);

  for (const entry of relevant) {
    const op = entry.operation;
    if (op === profile.create) {
      const body = bodyOf(entry, profile.bodyKey);
      const id = entry.serverId ?? entry.tempId ?? entry.id;
      const updates = Array.isArray(body.updates) ? (body.updates as Record<string, unknown>[]) : [];
      const item = {
        ...body,
        id,
        // The server lists updates newest first; the create's updates are in posting order.
        updates: updates.map((u, index) => ({ ...u, id: `${id}:${index}`, pending: true as const })).reverse(),
        pending: true as const,
      } as unknown as MergedItem<T>;
      mark(item, entry);
      created.unshift(item);
      continue;
    }
    const item = find(entry.input[profile.idParam]);
    if (!item) continue;
    mark(item, entry);
    if (op === profile.update) {
      Object.assign(item, bodyOf(entry, profile.bodyKey), { id: item.id, updates: item.updates, pendingEdit: true });
    } else if (op === profile.remove) {
      item.pendingDelete = true;
    } else if (op === profile.addUpdate) {
      const update: MergedUpdate = { ...bodyOf(entry, 'update'), id: entry.serverId ?? entry.tempId ?? entry.id, pending: true };
      mark(update, entry);
      item.updates.unshift(update);
    } else if (op === profile.changeUpdate || op === profile.removeUpdate) {
      const update = item.updates.find((u) => sameId(u.id, entry.input.updateId));
      if (!update) continue;
      mark(update, entry);
      if (op === profile.changeUpdate) Object.assign(update, bodyOf(entry, 'update'), { id: update.id, pending: true });
      else update.pendingDelete = true;
    }
  }
  return [...created, ...merged];
}

/** The incident list of a page with the outbox merged in. */
export function mergeIncidentsWithOutbox<T extends { id: number | string; updates?: unknown }>(
  incidents: readonly T[],
  entries: readonly OutboxEntryView[],
  scope: MergeScope,
): MergedItem<T>[] {
  return mergeWithOutbox(incidents, entries, scope, INCIDENT_MERGE_PROFILE);
}
