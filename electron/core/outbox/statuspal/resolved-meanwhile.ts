import { claimKeyOf } from './claim-key';
import type { OutboxConflict } from '@shared/outbox/entry-view';
import { apiDateTimeToEpochMs } from '@shared/statuspal/datetime';
import type { StatusPageClient } from '@core/statuspal-client/client';
import { sameInstant } from './current-version';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

interface ResolvedMeanwhileQuestion {
  client: StatusPageClient;
  subdomain: string;
  incidentId: number;
  /** When the user wrote the queued update, on the server's clock (epoch ms). */
  writtenAt: number;
  /** The incident version the user settled a previous conflict on (keep mine): not asked about again. */
  baseUpdatedAt?: string;
  /** Updates this outbox posted (claimKeyOf): our own resolution is not someone else's. */
  claimed: ReadonlySet<string>;
  signal: AbortSignal;
  now: number;
}

/**
 * A queued update ("monitoring", "fix deployed") that was written while the incident was open, but that
 * reaches the server after someone else resolved it, would reopen nothing and leave a public timeline that
 * ends Resolved, then Monitoring. The user wrote it not knowing: hold it as a conflict to settle (keep mine
 * posts it anyway, take theirs drops it). Returns null when the update can go.
 */
export async function resolvedMeanwhile(question: ResolvedMeanwhileQuestion): Promise<OutboxConflict | null> {
  const incident = (await question.client.getIncident({ subdomain: question.subdomain, incidentId: question.incidentId }, { signal: question.signal })) as Json;
  const updatedAt = typeof incident.updated_at === 'string' ? incident.updated_at : null;
  if (question.baseUpdatedAt !== undefined && updatedAt !== null && sameInstant(question.baseUpdatedAt, updatedAt)) return null;
  const updates = Array.isArray(incident.updates) ? incident.updates.filter(isRecord) : [];
  const resolution = updates.find((update) => {
    if (update.type !== 'resolved' || question.claimed.has(claimKeyOf(question.client.baseUrl, question.subdomain, 'incident_update', update.id))) return false;
    const at =
      typeof update.inserted_at === 'string'
        ? apiDateTimeToEpochMs(update.inserted_at)
        : typeof update.posted_at === 'string'
          ? apiDateTimeToEpochMs(update.posted_at)
          : null;
    return at !== null && at > question.writtenAt;
  });
  if (!resolution) return null;
  return {
    serverUpdatedAt: updatedAt,
    theirs: incident,
    detectedAt: new Date(question.now).toISOString(),
    reason: 'The incident was resolved on the server after you wrote this update. Keep mine posts it anyway; take theirs discards it.',
  };
}
