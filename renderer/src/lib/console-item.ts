import type { MergedItem, MergedUpdate, OutboxMark } from '@shared/outbox/merged-view';
import { isTempId } from '@shared/outbox/temp-id';
import { apiTimeMs } from './api-time';

/** The two lists of the console. */
export type ConsoleKind = 'incidents' | 'notices';

/** An incident or notice as listed: the server copy with the outbox's unsent writes laid over it. */
export type ConsoleItem = MergedItem<{ id: number | string; updates?: unknown } & Record<string, unknown>>;

type Phase = 'open' | 'resolved' | 'upcoming' | 'in_progress' | 'completed' | 'notice';

export const PHASE_TEXT: Record<Phase, string> = {
  open: 'Open',
  resolved: 'Resolved',
  upcoming: 'Upcoming',
  in_progress: 'In progress',
  completed: 'Completed',
  notice: 'Notice',
};

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function titleOf(item: ConsoleItem): string {
  return str(item.title) ?? '(untitled)';
}

export function typeOf(item: ConsoleItem): string {
  return str(item.type) ?? '';
}

/** Where an incident stands; a `resolved` update closes it, a maintenance follows its window. */
export function phaseOf(item: ConsoleItem, kind: ConsoleKind, maintenance: boolean, nowMs = Date.now()): Phase {
  if (kind === 'notices') return 'notice';
  const resolved = item.updates.some((u) => u.type === 'resolved' && !u.pendingDelete);
  const start = apiTimeMs(str(item.starts_at));
  const end = apiTimeMs(str(item.ends_at));
  if (maintenance) {
    if (resolved || (end !== null && end <= nowMs)) return 'completed';
    return start !== null && start > nowMs ? 'upcoming' : 'in_progress';
  }
  return resolved || (end !== null && end <= nowMs) ? 'resolved' : 'open';
}

/** When an update was posted: its own time, else when the server stored it; null while queued. */
export function updateTime(update: MergedUpdate): string | null {
  return str(update.posted_at) ?? str(update.inserted_at);
}

/**
 * Updates newest first. Queued ones (no time yet) stay on top in the order the merge put them (newest
 * first); the server's are ordered by time.
 */
export function timelineOf(item: ConsoleItem): MergedUpdate[] {
  const queued = item.updates.filter((u) => updateTime(u) === null);
  const posted = item.updates.filter((u) => updateTime(u) !== null).sort((a, b) => (apiTimeMs(updateTime(b)) ?? 0) - (apiTimeMs(updateTime(a)) ?? 0));
  return [...queued, ...posted];
}

/** Updates inside a queued create have no id of their own yet: they can only change with the create. */
export function isPartOfQueuedCreate(update: MergedUpdate): boolean {
  return typeof update.id === 'string' && !isTempId(update.id) && /:\d+$/.test(update.id);
}

/** The server `updated_at` of the version shown, for conflict detection; none for queued objects. */
export function baseVersionOf(target: { updated_at?: unknown; pending?: true }): string | undefined {
  if (target.pending) return undefined;
  return str(target.updated_at) ?? undefined;
}

type BadgeTone = 'pending' | 'sending' | 'failed' | 'conflict';

/** What the outbox is doing to an item or update, as badges: a failure or conflict says so, never "pending". */
export function outboxBadges(target: { pending?: true; pendingEdit?: true; pendingDelete?: true; outbox?: OutboxMark }): { text: string; tone: BadgeTone }[] {
  const state = target.outbox?.state;
  if (state === 'conflict') return [{ text: 'Conflict', tone: 'conflict' }];
  if (state === 'needs_look') return [{ text: 'Needs a look', tone: 'conflict' }];
  if (state === 'failed') return [{ text: 'Failed', tone: 'failed' }];
  const what = target.pendingDelete ? 'Delete pending' : target.pending ? 'Pending' : target.pendingEdit ? 'Edit pending' : state ? 'Pending' : null;
  if (what === null) return [];
  return [{ text: state === 'in_flight' ? 'Sending…' : what, tone: state === 'in_flight' ? 'sending' : 'pending' }];
}
