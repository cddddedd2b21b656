import { claimKeyOf } from './claim-key';
import { canBeLookedUp } from '@shared/outbox/delivery-promise';
import type { OutboxLookup, ServerId } from '@shared/outbox/entry-view';
import { WRITE_OPERATIONS, type WriteOperationName } from '@shared/outbox/write-operations';
import { apiDateTimeToEpochMs } from '@shared/statuspal/datetime';
import { STATUS_PAGE_OPERATIONS } from '@shared/statuspal/operations';
import type { StatusPageClient } from '@core/statuspal-client/client';
import { fetchCurrentObject, showsPatch } from './current-version';
import { candidateOf, judgeMatches, storedAt } from './look-up-verdict';
import { serverIdOf } from './result-summary';
import { showsWrite } from './shows-write';

/*
 * Reconciliation: was a write whose outcome is unknown (timeout, reset or lost connection after it was sent,
 * or a crash while it was in flight) applied? Answered by looking on the server, BEFORE any resend, so
 * nothing is created twice. The API has no idempotency keys (the service ignores Idempotency-Key), so the
 * rules match on content:
 *
 * Creates: the resource's list is searched for every object that shows everything the write set (shows-write.ts:
 * text as the server may store it, trimmed, collapsed and sanitised, stored-text.ts; ids as sets; times as
 * instants; the notify flag where the server shows it), that no other entry of this outbox already owns
 * (`claimed`) and that the user did not already say is not theirs (`notMine`). Where the API gives times, the
 * matches are judged by when they were stored against our first send, on the server's clock (look-up-verdict.ts):
 * one after it is ours; several, or only look-alikes shortly before it, are put to the user (`needs_look`). The
 * first send is the first attempt that may have been applied: one refused before connecting (offline) opens
 * nothing. What is compared is the body as sent, with the moment of writing a queued write carried.
 *   incident        listed with the type filter, newest first by starts_at; the scan stops below the starts_at
 *                   our incident can have (the earliest of the body's starts_at, the time the user wrote it,
 *                   which an offline create carries, and the first send) − the near-miss window, or after
 *                   `maxPages` pages of 100.
 *   info notice     listed newest first; the scan stops below the first send − the near-miss window.
 *   incident update (GET the incident) its updates; posted_at counts as the stored time when the body set none.
 *   notice update   (GET the notice) the same.
 *   service         (all pages) name, parent, description… ─┐ no times in these objects on the real service:
 *   webhook         url, …                                    │ a single older object with the same values
 *   access group    name, …                                  ─┘ counts as ours; two or more are put to the user.
 *   subscription    email / phone_number / webhook_url (filtered list)  ─┐ unique per address on the server:
 *   page/org member email (filtered list)                                │ the first free one is ours.
 *   status page     subdomain (or name when none was given)             ─┘
 *   metric entry    not checkable (no list, delivery-promise.ts): resent, so at least once. A data point with
 *                   the same time and value is the same point of the series in effect.
 * Edits (PUT): applied when the current copy shows every written field (then done); otherwise resent: a PUT
 *   is idempotent in effect (after the conflict check, when the entry has a base version).
 * Deletes: resent; a 404 after an unknown outcome means it was done.
 * Limits: identical content (the same starts_at included) written by someone else (another client, the web
 * dashboard) after our send, while ours was not applied, is taken for ours; objects changed after our write (an edited title) are not recognised
 * and ours is sent again. Creates of one kind on one account reconcile one at a time (see dispatch-plan.ts), so
 * two identical queued creates cannot both claim one server object.
 */

type Json = Record<string, unknown>;

interface ReconcileContext {
  client: StatusPageClient;
  signal?: AbortSignal;
  /** What other entries own, by claimKeyOf (server, page, resource, id). */
  claimed: ReadonlySet<string>;
  /** `<resource>:<server id>` the user said are not this write's (Send mine). */
  notMine?: ReadonlySet<string>;
  /** The entry's first send, on the server's clock (epoch ms); read when needed, since the look-up itself refreshes the offset. */
  sentAt: () => { at: number; measured: boolean };
  /** When the user wrote the entry, on the server's clock (epoch ms). */
  writtenAt: () => number;
  /** Look-alikes stored up to this long before our send are put to the user (look-up-verdict.ts). */
  toleranceMs: number;
  /** Objects stored up to this long before our send still count as after it (look-up-verdict.ts). */
  skewMs: number;
  maxPages: number;
}

type LookupResult =
  { type: 'applied'; object: Json; serverId?: ServerId } | { type: 'ask'; question: Omit<OutboxLookup, 'detectedAt'> } | { type: 'not_applied' };

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const epoch = (value: unknown) => (typeof value === 'string' ? apiDateTimeToEpochMs(value) : null);
const sameEmail = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
const digits = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : '');

/** Looks on the server for what a write of unknown outcome created or changed. */
export async function lookUpWrite(operation: WriteOperationName, input: Json, ctx: ReconcileContext): Promise<LookupResult> {
  const info = WRITE_OPERATIONS[operation];
  if (info.action === 'delete' || !canBeLookedUp(operation)) return { type: 'not_applied' };
  if (info.action === 'update') {
    const body = bodyOf(operation, input);
    const current = await fetchCurrentObject(ctx.client, operation, input, ctx.signal);
    return current && showsPatch(current, body) ? { type: 'applied', object: current } : { type: 'not_applied' };
  }
  const matches = await findMatches(operation, input, ctx);
  const sent = ctx.sentAt();
  const body = bodyOf(operation, input);
  // An update whose body set no posted_at was stamped with the moment it arrived.
  const timeOf = (object: Json) => storedAt(object) ?? (info.parent && body.posted_at === undefined ? epoch(object.posted_at) : null);
  const verdict = matches.unique
    ? matches.found.length > 0
      ? ({ type: 'applied', object: matches.found[0]! } as const)
      : ({ type: 'not_applied' } as const)
    : judgeMatches(matches.found, { sentAt: sent.at, measured: sent.measured, skewMs: ctx.skewMs, nearMissMs: ctx.toleranceMs }, timeOf);
  if (verdict.type === 'not_applied') return verdict;
  if (verdict.type === 'applied') {
    const serverId = serverIdOf(info.resource, verdict.object);
    return serverId === undefined ? { type: 'applied', object: verdict.object } : { type: 'applied', object: verdict.object, serverId };
  }
  const candidates = verdict.candidates.map((object) => candidateOf(info.resource, object)).filter((c) => c !== null);
  if (candidates.length === 0) return { type: 'not_applied' };
  return {
    type: 'ask',
    question: { reason: verdict.reason, candidates, ...(Number.isFinite(sent.at) ? { sentAt: new Date(sent.at).toISOString() } : {}) },
  };
}

/** The body the write sent, under the key its operation's spec names (deletes have none). */
function bodyOf(operation: WriteOperationName, input: Json): Json {
  const key = STATUS_PAGE_OPERATIONS[operation].body?.key;
  const body = key === undefined ? undefined : input[key];
  return isRecord(body) ? body : {};
}

/**
 * Every free object that shows the write. `unique`: the resource is unique per address on the server (one
 * subscription per email, one member per email, one page per subdomain), so the first one found is ours.
 */
async function findMatches(operation: WriteOperationName, input: Json, ctx: ReconcileContext): Promise<{ found: Json[]; unique: boolean }> {
  const { client, signal, claimed } = ctx;
  const resource = WRITE_OPERATIONS[operation].resource;
  const options = { ...(signal ? { signal } : {}), maxPages: ctx.maxPages };
  const body = bodyOf(operation, input);
  const free = (object: Json) => {
    const id = serverIdOf(resource, object);
    return id !== undefined && !claimed.has(claimKeyOf(client.baseUrl, input.subdomain, resource, id)) && !ctx.notMine?.has(`${resource}:${id}`);
  };
  const ours = (object: Json) => free(object) && showsWrite(operation, object, body);
  const found: Json[] = [];
  // Our first send, for scans that stop below it; none when the server's clock was not measured then.
  const sentAt = () => {
    const sent = ctx.sentAt();
    return sent.measured ? sent.at : -Infinity;
  };
  const sd = input.subdomain as string;

  switch (operation) {
    case 'createIncident': {
      const startsCut = () => Math.min(epoch(body.starts_at) ?? Infinity, ctx.writtenAt(), sentAt()) - ctx.toleranceMs;
      const query = { subdomain: sd, limit: 100, ...(typeof body.type === 'string' ? { type: body.type } : {}) };
      for await (const page of client.pages('listIncidents', query, options)) {
        for (const item of page.items as Json[]) {
          if (ours(item)) found.push(item);
          const starts = epoch(item.starts_at);
          if (starts !== null && starts < startsCut()) return { found, unique: false };
        }
      }
      return { found, unique: false };
    }
    case 'createInfoNotice': {
      for await (const page of client.pages('listInfoNotices', { subdomain: sd, limit: 100 }, options)) {
        for (const item of page.items as Json[]) {
          if (ours(item)) found.push(item);
          const inserted = epoch(item.inserted_at);
          if (inserted !== null && inserted < sentAt() - ctx.toleranceMs) return { found, unique: false };
        }
      }
      return { found, unique: false };
    }
    case 'addIncidentUpdate':
    case 'addInfoNoticeUpdate': {
      const parent =
        operation === 'addIncidentUpdate'
          ? await orNull(() => client.getIncident({ subdomain: sd, incidentId: input.incidentId as number }, signal ? { signal } : {}))
          : await orNull(() => client.getInfoNotice({ subdomain: sd, infoNoticeId: input.infoNoticeId as number }, signal ? { signal } : {}));
      if (!parent || !Array.isArray(parent.updates)) return { found, unique: false };
      return { found: (parent.updates as unknown[]).filter(isRecord).filter(ours), unique: false };
    }
    case 'addService':
      for await (const item of client.paginate('listServices', { subdomain: sd }, options)) if (ours(item as Json)) found.push(item as Json);
      return { found, unique: false };
    case 'addWebhook': {
      const list = await client.listWebhooks({ subdomain: sd }, signal ? { signal } : {});
      return { found: (list.items as Json[]).filter(ours), unique: false };
    }
    case 'addAccessGroup': {
      const list = await client.listAccessGroups({ subdomain: sd }, signal ? { signal } : {});
      return { found: (list.items as Json[]).filter(ours), unique: false };
    }
    case 'addSubscription': {
      const filter = text(body.email) ?? text(body.phone_number);
      if (filter === undefined && text(body.webhook_url) === undefined) return { found, unique: true };
      for await (const item of client.paginate('listSubscriptions', { subdomain: sd, limit: 100, ...(filter ? { filter } : {}) }, options)) {
        const sub = item as Json;
        const matches =
          (body.email !== undefined ? sameEmail(sub.email, body.email) : true) &&
          (body.phone_number !== undefined ? digits(sub.phone_number).endsWith(digits(body.phone_number)) && digits(body.phone_number) !== '' : true) &&
          (body.webhook_url !== undefined ? sub.webhook_url === body.webhook_url : true) &&
          free(sub);
        if (matches) return { found: [sub], unique: true };
      }
      return { found, unique: true };
    }
    case 'addPageMember':
    case 'addOrgMember': {
      const email = text(body.email);
      if (email === undefined) return { found, unique: true };
      const members =
        operation === 'addPageMember'
          ? client.paginate('listPageMembers', { subdomain: sd, email, limit: 100 }, options)
          : client.paginate('listOrgMembers', { organizationId: input.organizationId as string, email, limit: 100 }, options);
      for await (const item of members) {
        const member = item as Json;
        if (sameEmail(member.email, email) && free(member)) return { found: [member], unique: true };
      }
      return { found, unique: true };
    }
    case 'addStatusPage':
      for await (const item of client.paginate('listStatusPages', { organizationId: input.organizationId as string }, options)) {
        const page = item as Json;
        const matches = (body.subdomain !== undefined ? page.subdomain === body.subdomain : body.name !== undefined && page.name === body.name) && free(page);
        if (matches) return { found: [page], unique: true };
      }
      return { found, unique: true };
    default:
      // Nothing else to look in (delivery-promise.ts).
      return { found, unique: true };
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
