import type { ServerId } from '../../../../shared/outbox/entry-view';
import { WRITE_OPERATIONS, type WriteOperationName } from '../../../../shared/outbox/write-operations';
import { apiDateTimeToEpochMs } from '../../../../shared/statuspage/datetime';
import { STATUS_PAGE_OPERATIONS } from '../../../../shared/statuspage/operations';
import type { StatusPageClient } from '../../statuspage/client';
import { fetchCurrentObject, sameInstant, showsPatch } from './current-version';
import { serverIdOf } from './result-summary';

/*
 * Reconciliation: was a write whose outcome is unknown (timeout, reset or lost connection after it was sent,
 * or a crash while it was in flight) applied? Answered by looking on the server, BEFORE any resend, so
 * nothing is created twice. The API has no idempotency keys (the service ignores Idempotency-Key), so the
 * rules match on content:
 *
 * Creates: the resource's list is searched for an object carrying what we wrote, that no other entry of
 * this outbox already owns (`claimed`), and, where the API gives times, that appeared after the entry was
 * first sent (our moments are moved onto the server's clock by the offset its `Date` header shows, see
 * server-clock.ts; `toleranceMs`, default 5 minutes, covers what that cannot: latency, a proxy's clock):
 *   incident        title + type + first update's type and description; inserted_at ≥ first send − tolerance.
 *                   Listed with the type filter, newest first by starts_at; the scan stops below the starts_at
 *                   our incident can have (the earliest of the body's starts_at, the time the user wrote it,
 *                   which an offline create carries, and the first send) − tolerance, or after
 *                   `maxPages` pages of 100.
 *   info notice     title + first update's description; inserted_at ≥ first send − tolerance.
 *   incident update (GET the incident) type + description; inserted_at (or posted_at) ≥ first send − tolerance;
 *                   posted_at equal to the body's when the body set one.
 *   notice update   (GET the notice) description, same times.
 *   service         name (+ parent_id and description when written)    ─┐ no times in these objects: an
 *   webhook         url                                                  │ older object with the same values
 *   access group    name                                                 │ counts as ours. Duplicates of
 *   subscription    email / phone_number / webhook_url (filtered list)   │ these are unusual, and members,
 *   page/org member email (filtered list)                                │ subscriptions and status pages
 *   status page     subdomain (or name when none was given)             ─┘ are unique per email/subdomain.
 *   metric entry    not checkable (no list): resent. A data point with the same time and value is the same
 *                   point of the series in effect.
 * Edits (PUT): applied when the current copy shows every written field (then done); otherwise resent: a PUT
 *   is idempotent in effect (after the conflict check, when the entry has a base version).
 * Deletes: resent; a 404 after an unknown outcome means it was done.
 * Limits: identical content written twice within the tolerance window by someone else (another client, the
 * web dashboard) can be taken for ours, so ours would not be sent; objects changed after our write (an
 * edited title) are not recognised and ours is sent again. Creates of one kind on one account reconcile one
 * at a time (see dispatch-plan.ts), so two identical queued creates cannot both claim one server object.
 */

type Json = Record<string, unknown>;

export interface ReconcileContext {
  client: StatusPageClient;
  signal?: AbortSignal;
  /** `<resource>:<server id>` owned by other entries. */
  claimed: ReadonlySet<string>;
  /** The entry's first send, on the server's clock (epoch ms); read when needed, since the look-up itself refreshes the offset. */
  sentAt: () => number;
  /** When the user wrote the entry, on the server's clock (epoch ms). */
  writtenAt: () => number;
  toleranceMs: number;
  maxPages: number;
}

export interface AppliedWrite {
  object: Json;
  serverId?: ServerId;
}

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const epoch = (value: unknown) => (typeof value === 'string' ? apiDateTimeToEpochMs(value) : null);
const sameEmail = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
const digits = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : '');

function firstUpdate(body: Json): Json | undefined {
  return Array.isArray(body.updates) && isRecord(body.updates[0]) ? body.updates[0] : undefined;
}

/** Finds the object a write of unknown outcome created or changed, or null when it was not applied. */
export async function findAppliedWrite(operation: WriteOperationName, input: Json, ctx: ReconcileContext): Promise<AppliedWrite | null> {
  const info = WRITE_OPERATIONS[operation];
  if (info.action === 'delete') return null;
  if (info.action === 'update') {
    const body = bodyOf(operation, input);
    const current = await fetchCurrentObject(ctx.client, operation, input, ctx.signal);
    return current && showsPatch(current, body) ? { object: current } : null;
  }
  const object = await findCreated(operation, input, ctx);
  if (!object) return null;
  const serverId = serverIdOf(info.resource, object);
  return serverId === undefined ? { object } : { object, serverId };
}

/** The body the write sent, under the key its operation's spec names (deletes have none). */
export function bodyOf(operation: WriteOperationName, input: Json): Json {
  const key = STATUS_PAGE_OPERATIONS[operation].body?.key;
  const body = key === undefined ? undefined : input[key];
  return isRecord(body) ? body : {};
}

async function findCreated(operation: WriteOperationName, input: Json, ctx: ReconcileContext): Promise<Json | null> {
  const { client, signal, claimed } = ctx;
  const resource = WRITE_OPERATIONS[operation].resource;
  const options = { ...(signal ? { signal } : {}), maxPages: ctx.maxPages };
  const body = bodyOf(operation, input);
  const free = (object: Json) => {
    const id = serverIdOf(resource, object);
    return id !== undefined && !claimed.has(`${resource}:${id}`);
  };
  const newEnough = (object: Json) => {
    const at = epoch(object.inserted_at) ?? epoch(object.posted_at);
    return at === null || at >= ctx.sentAt() - ctx.toleranceMs;
  };
  const sd = input.subdomain as string;

  switch (operation) {
    case 'createIncident': {
      const first = firstUpdate(body);
      const startsCut = () => Math.min(epoch(body.starts_at) ?? Infinity, ctx.writtenAt(), ctx.sentAt()) - ctx.toleranceMs;
      const query = { subdomain: sd, limit: 100, ...(typeof body.type === 'string' ? { type: body.type } : {}) };
      for await (const page of client.pages('listIncidents', query, options)) {
        for (const item of page.items as Json[]) {
          const matches =
            item.title === body.title &&
            item.type === body.type &&
            (!first ||
              (Array.isArray(item.updates) && item.updates.some((u) => isRecord(u) && u.type === first.type && u.description === first.description))) &&
            newEnough(item) &&
            free(item);
          if (matches) return item;
          const starts = epoch(item.starts_at);
          if (starts !== null && starts < startsCut()) return null;
        }
      }
      return null;
    }
    case 'createInfoNotice': {
      const first = firstUpdate(body);
      for await (const page of client.pages('listInfoNotices', { subdomain: sd, limit: 100 }, options)) {
        for (const item of page.items as Json[]) {
          const matches =
            item.title === body.title &&
            (!first || (Array.isArray(item.updates) && item.updates.some((u) => isRecord(u) && u.description === first.description))) &&
            newEnough(item) &&
            free(item);
          if (matches) return item;
          const inserted = epoch(item.inserted_at);
          if (inserted !== null && inserted < ctx.sentAt() - ctx.toleranceMs) return null;
        }
      }
      return null;
    }
    case 'addIncidentUpdate':
    case 'addInfoNoticeUpdate': {
      const parent =
        operation === 'addIncidentUpdate'
          ? await orNull(() => client.getIncident({ subdomain: sd, incidentId: input.incidentId as number }, signal ? { signal } : {}))
          : await orNull(() => client.getInfoNotice({ subdomain: sd, infoNoticeId: input.infoNoticeId as number }, signal ? { signal } : {}));
      if (!parent || !Array.isArray(parent.updates)) return null;
      const postedAt = text(body.posted_at);
      for (const update of parent.updates as Json[]) {
        const matches =
          (operation === 'addInfoNoticeUpdate' || update.type === body.type) &&
          update.description === body.description &&
          (postedAt === undefined || (typeof update.posted_at === 'string' && sameInstant(postedAt, update.posted_at))) &&
          newEnough(postedAt === undefined ? update : { inserted_at: update.inserted_at }) &&
          free(update);
        if (matches) return update;
      }
      return null;
    }
    case 'addService':
      for await (const item of client.paginate('listServices', { subdomain: sd }, options)) {
        const service = item as Json;
        const matches =
          service.name === body.name &&
          (body.parent_id === undefined || String(service.parent_id ?? null) === String(body.parent_id ?? null)) &&
          (body.description === undefined || service.description === body.description) &&
          free(service);
        if (matches) return service;
      }
      return null;
    case 'addWebhook': {
      const list = await client.listWebhooks({ subdomain: sd }, signal ? { signal } : {});
      return ((list.items as Json[]).find((w) => w.url === body.url && free(w)) as Json | undefined) ?? null;
    }
    case 'addAccessGroup': {
      const list = await client.listAccessGroups({ subdomain: sd }, signal ? { signal } : {});
      return ((list.items as Json[]).find((g) => g.name === body.name && free(g)) as Json | undefined) ?? null;
    }
    case 'addSubscription': {
      const filter = text(body.email) ?? text(body.phone_number);
      if (filter === undefined && text(body.webhook_url) === undefined) return null;
      for await (const item of client.paginate('listSubscriptions', { subdomain: sd, limit: 100, ...(filter ? { filter } : {}) }, options)) {
        const sub = item as Json;
        const matches =
          (body.email !== undefined ? sameEmail(sub.email, body.email) : true) &&
          (body.phone_number !== undefined ? digits(sub.phone_number).endsWith(digits(body.phone_number)) && digits(body.phone_number) !== '' : true) &&
          (body.webhook_url !== undefined ? sub.webhook_url === body.webhook_url : true) &&
          free(sub);
        if (matches) return sub;
      }
      return null;
    }
    case 'addPageMember':
    case 'addOrgMember': {
      const email = text(body.email);
      if (email === undefined) return null;
      const members =
        operation === 'addPageMember'
          ? client.paginate('listPageMembers', { subdomain: sd, email, limit: 100 }, options)
          : client.paginate('listOrgMembers', { organizationId: input.organizationId as string, email, limit: 100 }, options);
      for await (const item of members) {
        const member = item as Json;
        if (sameEmail(member.email, email) && free(member)) return member;
      }
      return null;
    }
    case 'addStatusPage':
      for await (const item of client.paginate('listStatusPages', { organizationId: input.organizationId as string }, options)) {
        const page = item as Json;
        const matches = (body.subdomain !== undefined ? page.subdomain === body.subdomain : body.name !== undefined && page.name === body.name) && free(page);
        if (matches) return page;
      }
      return null;
    default:
      // addMetricEntry: no list to look in (see above).
      return null;
  }
}

async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if ((error as { status?: unknown }).status === 404) return null;
    throw error;
  }
}
