import { apiDateTimeToEpochMs } from '@shared/statuspal/datetime';
import type { WriteOperationName } from '@shared/outbox/write-operations';
import type { StatusPageClient } from '@core/statuspal-client/client';
import { sameStoredText } from './stored-text';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const isNotFound = (error: unknown) => (error as { status?: unknown }).status === 404;

async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function findById(items: unknown, id: unknown): Json | null {
  if (!Array.isArray(items)) return null;
  return (items.find((item) => isRecord(item) && String(item.id) === String(id)) as Json | undefined) ?? null;
}

/**
 * The server's current copy of what an edit (PUT) targets, or null when it is gone (404) or the operation
 * has nothing to compare. Incident and notice updates are read through their parent (a new incident update:
 * the incident it goes to); members, which have
 * no single read, through the list.
 */
export async function fetchCurrentObject(client: StatusPageClient, operation: WriteOperationName, input: Json, signal?: AbortSignal): Promise<Json | null> {
  const options = signal ? { signal } : {};
  const sd = input.subdomain as string;
  switch (operation) {
    // An update added to an incident is held against the incident's state (resolved-meanwhile.ts).
    case 'addIncidentUpdate':
    case 'updateIncident':
      return orNull(() => client.getIncident({ subdomain: sd, incidentId: input.incidentId as number }, options)) as Promise<Json | null>;
    case 'changeIncidentUpdate': {
      const incident = await orNull(() => client.getIncident({ subdomain: sd, incidentId: input.incidentId as number }, options));
      return incident ? findById(incident.updates, input.updateId) : null;
    }
    case 'updateInfoNotice':
      return orNull(() => client.getInfoNotice({ subdomain: sd, infoNoticeId: input.infoNoticeId as number }, options)) as Promise<Json | null>;
    case 'changeInfoNoticeUpdate': {
      const notice = await orNull(() => client.getInfoNotice({ subdomain: sd, infoNoticeId: input.infoNoticeId as number }, options));
      return notice ? findById(notice.updates, input.updateId) : null;
    }
    case 'updateSubscription':
      return orNull(() => client.getSubscription({ subdomain: sd, subscriptionId: input.subscriptionId as string }, options)) as Promise<Json | null>;
    case 'updateStatusPage':
      return orNull(() => client.getStatusPage({ organizationId: input.organizationId as string, subdomain: sd }, options)) as Promise<Json | null>;
    case 'updateService':
      return orNull(() => client.getService({ subdomain: sd, serviceId: input.serviceId as number }, options)) as Promise<Json | null>;
    case 'updateWebhook':
      return orNull(() => client.getWebhook({ subdomain: sd, webhookId: input.webhookId as number }, options)) as Promise<Json | null>;
    case 'updateAccessGroup':
      return orNull(() => client.getAccessGroup({ subdomain: sd, accessGroupId: input.accessGroupId as number }, options)) as Promise<Json | null>;
    case 'updatePageMember':
      for await (const member of client.paginate('listPageMembers', { subdomain: sd, limit: 100 }, options)) {
        if (String(member.id) === String(input.memberId)) return member as Json;
      }
      return null;
    case 'updateOrgMember':
      for await (const member of client.paginate('listOrgMembers', { organizationId: input.organizationId as string, limit: 100 }, options)) {
        if (String(member.id) === String(input.memberId)) return member as Json;
      }
      return null;
    default:
      return null;
  }
}

/** `updated_at` values are the same instant (they are naive UTC strings; compare as times, not text). */
export function sameInstant(a: string, b: string): boolean {
  const x = apiDateTimeToEpochMs(a);
  const y = apiDateTimeToEpochMs(b);
  return x !== null && y !== null ? x === y : a === b;
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function sameValue(mine: unknown, theirs: unknown): boolean {
  if (typeof mine === 'string' && typeof theirs === 'string') {
    // Text as the server may keep it (trimmed, collapsed, sanitised): our own applied edit is not a conflict.
    return DATE_LIKE.test(mine) && DATE_LIKE.test(theirs) ? sameInstant(mine, theirs) : sameStoredText(mine, theirs);
  }
  if (Array.isArray(mine) && Array.isArray(theirs) && mine.every((v) => typeof v !== 'object') && theirs.every((v) => typeof v !== 'object')) {
    // Sets of ids (service_ids): the order is the server's business.
    return mine.length === theirs.length && [...mine].map(String).sort().join('\u0000') === [...theirs].map(String).sort().join('\u0000');
  }
  if (isRecord(mine) && isRecord(theirs)) return Object.entries(mine).every(([key, value]) => sameValue(value, theirs[key]));
  return JSON.stringify(mine) === JSON.stringify(theirs);
}

/**
 * Whether the server copy already shows every field of an edit (the edit was applied). Fields the server does
 * not echo (`notify`) are skipped; with nothing comparable the answer is no (resend; a PUT is idempotent).
 */
export function showsPatch(current: Json, patch: Json): boolean {
  let compared = 0;
  for (const [key, value] of Object.entries(patch)) {
    if (!(key in current) || key === 'updates' || value === undefined) continue;
    compared++;
    if (!sameValue(value, current[key])) return false;
  }
  return compared > 0;
}
