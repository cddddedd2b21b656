import { AppError } from '@shared/errors';
import { resourceKeyOf } from '@shared/outbox/resource-key';
import { STATUSPAL_OUTBOX_KIND } from '@shared/outbox/kind-name';
import { replaceTempIds, tempIdFor } from '@shared/outbox/temp-id';
import { isWriteOperation, WRITE_OPERATIONS, type WriteOperationName } from '@shared/outbox/write-operations';
import { STATUS_PAGE_OPERATIONS, type OperationSpec } from '@shared/statuspal/operations';
import { normalizeBaseUrl } from '@shared/statuspal/regions';
import type { ServerProbe } from '@core/connectivity/hello-probe';
import { StatusPageApiError } from '@core/statuspal-client/errors';
import { buildRequest } from '@core/statuspal-client/request';
import type { OutboxEntry } from '../entry';
import type { FailureDisposition, OutboxKindHandler, PrepareRequest, PreparedWrite, RebaseChange, SendContext, SendOutcome } from '../kinds';
import { classifyStatusPageError, withKeyHint } from './classify-error';
import { fetchCurrentObject, sameInstant } from './current-version';
import { lookUpWrite } from './reconcile';
import { resolvedMeanwhile } from './resolved-meanwhile';
import { resultOf } from './result-summary';
import { API_KEY_ENV_VAR, type StatusPageTargets } from './targets';
import { claimKeyOf } from './claim-key';
import { OutcomeSettling, RECONCILE_SETTLE_MS } from './outcome-settling';
import { QUEUED_AFTER_MS, timeOfWriting, withUserTimes } from './user-times';
import { systemBootClock, type BootClock } from '@core/timing/boot-clock';

interface StatusPageOutboxKindOptions {
  targets: StatusPageTargets;
  /** How long before our send a look-alike is still put to the user rather than ignored (look-up-verdict.ts); default 5 min. */
  reconcileToleranceMs?: number;
  /** How long before our send an object still counts as after it: our reading of the server's clock (look-up-verdict.ts); default 5 s. */
  reconcileSkewMs?: number;
  /** Pages of 100 searched for a create of unknown outcome; default 10. */
  reconcileMaxPages?: number;
  /** A write sent this long after it was written counts as queued (user-times.ts); default QUEUED_AFTER_MS. */
  queuedAfterMs?: number;
  /**
   * How long after an attempt its look-up may conclude "not applied" (default 2 s): a request cut off by a
   * crash or a lost connection can still be applied by a server that had it whole, a moment after we gave up.
   */
  reconcileSettleMs?: number;
  probe?: ServerProbe;
  /** The time since boot (timing/boot-clock.ts), for the time of writing a wrong computer clock cannot move. */
  bootClock?: BootClock;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

function operationOf(entry: Pick<OutboxEntry, 'operation'>): WriteOperationName {
  if (!isWriteOperation(entry.operation)) throw new AppError('invalid_input', `${entry.operation} is not a write operation of the status page API.`);
  return entry.operation;
}

/** Edits of a whole object (not of one of its updates): any write on the same resource moves its updated_at. */
function targetsWholeResource(operation: WriteOperationName): boolean {
  const info = WRITE_OPERATIONS[operation];
  return info.action === 'update' && info.parent === undefined;
}

/**
 * The `statuspage` kind: the 34 write operations of STATUS_PAGE_OPERATIONS, sent through StatusPageClient
 * (which never retries a write; this outbox does, after reconciling).
 */
export function createStatusPageOutboxKind(options: StatusPageOutboxKindOptions): OutboxKindHandler {
  const { targets } = options;
  const toleranceMs = options.reconcileToleranceMs ?? 5 * 60_000;
  const skewMs = options.reconcileSkewMs ?? 5_000;
  const maxPages = options.reconcileMaxPages ?? 10;
  const queuedAfterMs = options.queuedAfterMs ?? QUEUED_AFTER_MS;
  const settleMs = options.reconcileSettleMs ?? RECONCILE_SETTLE_MS;
  const bootClock = options.bootClock ?? systemBootClock;

  const send = async (entry: OutboxEntry, input: Json, ctx: SendContext): Promise<SendOutcome> => {
    const operation = operationOf(entry);
    const info = WRITE_OPERATIONS[operation];
    const client = targets.clientFor(entry);
    const callOptions = { signal: ctx.signal };
    const writtenLocal = Date.parse(entry.createdAt);
    // Where the look-up's window opens: the first attempt that may have been applied (entry-sender.ts).
    const sentLocal = Date.parse(entry.firstSentAt ?? entry.lastSentAt ?? entry.createdAt);
    const serverClock = client.serverClock;
    const queued = ctx.now() - writtenLocal >= queuedAfterMs;
    // A write that waited is compared with server times (and stamped with its own): learn the server's clock first.
    // Once, without the reads' retries: the write's own failure handling waits for a server that does not answer
    // (an offline command would otherwise spend seconds retrying this read before learning the server is not there).
    if ((queued || entry.reconcile) && serverClock.offsetMs === null) await client.hello(undefined, { ...callOptions, retries: 0 });
    // Once carried, the moment of writing stays the same for every resend and for the look-up.
    const stamped = entry.timeOfWriting ? { at: Date.parse(entry.timeOfWriting.at), checked: entry.timeOfWriting.checked } : null;
    const writing = () => stamped ?? timeOfWriting(entry, serverClock, ctx.now(), bootClock());
    const writtenAt = () => writing().at;

    if (entry.reconcile) {
      // What the lost attempt sent, its moment of writing included: a look-alike that starts later is not ours.
      const sentBody = stamped ? withUserTimes(operation, input, stamped.at) : input;
      const looked = await lookUpWrite(operation, sentBody, {
        client,
        signal: ctx.signal,
        claimed: ctx.claimed,
        notMine: new Set((entry.notMine ?? []).map((id) => `${info.resource}:${id}`)),
        // Lower bounds of the look-up: the earliest these moments can have been on the server's clock. With no
        // measure of that clock around the first send (its first request was cut off), the send is placed with
        // what this process knows now and marked unmeasured: a clock corrected since could put our own write
        // outside any window, so older look-alikes are then put to the user, never ignored (look-up-verdict.ts).
        sentAt: () =>
          entry.serverOffsetMs === undefined
            ? { at: serverClock.earliestServerTime(sentLocal), measured: false }
            : { at: Math.min(serverClock.earliestServerTime(sentLocal), sentLocal + entry.serverOffsetMs), measured: true },
        writtenAt: () =>
          entry.serverOffsetMs === undefined
            ? -Infinity
            : Math.min(serverClock.earliestServerTime(writtenLocal), writtenLocal + entry.serverOffsetMs, serverClock.toServerTime(ctx.now())),
        toleranceMs,
        skewMs,
        maxPages,
      });
      if (looked.type === 'applied') {
        return {
          type: 'sent',
          result: resultOf(info.resource, looked.object),
          ...(looked.serverId === undefined ? {} : { serverId: looked.serverId }),
          object: looked.object,
          foundOnServer: true,
        };
      }
      // Too soon to conclude, whatever was found: ours may still land and settle the question by itself.
      const settlesAt = Date.parse(entry.lastSentAt ?? entry.firstSentAt ?? entry.createdAt) + settleMs;
      if (ctx.now() < settlesAt) throw new OutcomeSettling(settlesAt - ctx.now());
      if (looked.type === 'ask') return { type: 'needs_look', lookup: { ...looked.question, detectedAt: new Date(ctx.now()).toISOString() } };
    }

    if (info.action === 'update' && entry.baseUpdatedAt !== undefined) {
      // GET before PUT: an edit of an older version is held for the user, never sent over their change.
      const current = await fetchCurrentObject(client, operation, input, ctx.signal);
      const theirs = typeof current?.updated_at === 'string' ? current.updated_at : null;
      if (current && theirs !== null && !sameInstant(theirs, entry.baseUpdatedAt)) {
        return { type: 'conflict', conflict: { serverUpdatedAt: theirs, theirs: current, detectedAt: new Date(ctx.now()).toISOString() } };
      }
    }

    if (queued && operation === 'addIncidentUpdate' && isRecord(input.update) && input.update.type !== 'resolved') {
      const conflict = await resolvedMeanwhile({
        client,
        subdomain: String(input.subdomain),
        incidentId: Number(input.incidentId),
        writtenAt: writtenAt(),
        ...(entry.baseUpdatedAt === undefined ? {} : { baseUpdatedAt: entry.baseUpdatedAt }),
        claimed: ctx.claimed,
        signal: ctx.signal,
        now: ctx.now(),
      });
      if (conflict) return { type: 'conflict', conflict };
    }

    const written = queued || stamped ? writing() : null;
    const body = written ? withUserTimes(operation, input, written.at) : input;
    // The moment it carries, and whether the computer's clock could be checked for it: said on the entry.
    const carried = written && body !== input ? { at: new Date(Math.floor(written.at / 1000) * 1000).toISOString(), checked: written.checked } : null;
    const published = carried ? { timeOfWriting: carried } : {};
    if (carried && !stamped) await ctx.noteSending({ timeOfWriting: carried });
    else if (entry.reconcile) await ctx.noteSending();
    try {
      const object = await (client.call as (name: WriteOperationName, input: Json, o: typeof callOptions) => Promise<unknown>)(operation, body, callOptions);
      const result = { ...resultOf(info.resource, object), ...published };
      const serverId = info.yieldsId ? (result.id ?? undefined) : undefined;
      return { type: 'sent', result, ...(serverId === undefined || serverId === null ? {} : { serverId }), object };
    } catch (error) {
      // Deleting is idempotent in effect: gone after an unknown outcome means our delete did it.
      if (info.action === 'delete' && entry.reconcile && error instanceof StatusPageApiError && error.status === 404) {
        return { type: 'sent', result: { alreadyDone: true }, foundOnServer: true };
      }
      throw error;
    }
  };

  return {
    kind: STATUSPAL_OUTBOX_KIND,
    ...(options.probe ? { probe: options.probe } : {}),

    prepare(request: PrepareRequest): PreparedWrite {
      const operation = operationOf(request);
      if (request.server) {
        try {
          normalizeBaseUrl(request.server.baseUrl);
        } catch (error) {
          throw new AppError('invalid_input', error instanceof Error ? error.message : 'Invalid base URL.');
        }
      } else if (!targets.account(request.accountId)) {
        throw new AppError('invalid_input', 'No such account: add it in Settings first.');
      }
      const spec: OperationSpec = STATUS_PAGE_OPERATIONS[operation];
      // Temp ids stand for ids the server has not given yet: validate the shape with a placeholder.
      try {
        buildRequest(
          spec,
          replaceTempIds(request.input, () => 1),
          { operation, method: spec.method, path: spec.path, kind: spec.kind },
        );
      } catch (error) {
        throw new AppError('invalid_input', error instanceof Error ? error.message : 'The write is not valid.');
      }
      const tempId = WRITE_OPERATIONS[operation].yieldsId ? tempIdFor(request.id) : undefined;
      let resourceKey: string;
      try {
        resourceKey = resourceKeyOf(request.accountId, operation, request.input, tempId);
      } catch (error) {
        throw new AppError('invalid_input', error instanceof Error ? error.message : 'The write is not valid.');
      }
      return { resourceKey, ...(tempId ? { tempId } : {}) };
    },

    serverOf: (entry) => targets.baseUrlOf(entry),
    serverByTarget: true,
    keyChanged: () => targets.forgetKeys(),
    clockOffsetMs: (entry) => targets.clientFor(entry).serverClock.offsetMs,

    async precheck(entry): Promise<FailureDisposition | null> {
      if (!entry.server && !targets.account(entry.accountId)) {
        return { type: 'permanent', error: { code: 'not_found', message: 'The account of this write no longer exists.' } };
      }
      try {
        if (await targets.keyOf(entry)) return null;
      } catch (error) {
        // The vault will not send the key to this server (the account moved): wait for the key, send nothing.
        if (error instanceof AppError && error.code === 'forbidden') return { type: 'blocked', error: { code: 'unauthorized', message: error.message } };
        throw error;
      }
      const keyStoreProblem = targets.keyFromEnv(entry) ? null : await targets.keyStoreProblem();
      const message = targets.keyFromEnv(entry)
        ? `Waiting for a key: this write was queued with ${API_KEY_ENV_VAR}, which is not set here. Run "statusdesk outbox flush" with it set, or discard it.`
        : keyStoreProblem
          ? `No OS keychain is available here (${keyStoreProblem}), so the account's key cannot be read. Send it from where the keychain is, or with ${API_KEY_ENV_VAR} set and no --account.`
          : 'The account has no API key here. Add the key in Settings, then send again.';
      return { type: 'blocked', error: { code: 'unauthorized', message } };
    },

    send,
    classify: (error, entry) =>
      error instanceof OutcomeSettling ? error.disposition() : withKeyHint(classifyStatusPageError(error), targets.keyFromEnv(entry) ? 'env' : 'account'),

    exclusivityKey(entry) {
      if (!isWriteOperation(entry.operation)) return null;
      const info = WRITE_OPERATIONS[entry.operation];
      return info.action === 'create' && info.parent === undefined ? `${entry.accountId}:${entry.operation}` : null;
    },

    // A metric's points each carry their own time: the series is the same whatever order they arrive in.
    pipelined(entry) {
      return isWriteOperation(entry.operation) && WRITE_OPERATIONS[entry.operation].resource === 'metric_entry';
    },

    claimKey(entry) {
      if (!isWriteOperation(entry.operation)) return null;
      const info = WRITE_OPERATIONS[entry.operation];
      const id = entry.result?.id;
      if (info.action !== 'create' || id === undefined || id === null) return null;
      const baseUrl = targets.baseUrlOf(entry);
      return baseUrl === null ? null : claimKeyOf(baseUrl, entry.input.subdomain, info.resource, id);
    },

    async fetchCurrent(entry, input, signal) {
      return fetchCurrentObject(targets.clientFor(entry), operationOf(entry), input, signal);
    },

    async rebase(sent, outcome, followers, ctx): Promise<RebaseChange[]> {
      if (outcome.type !== 'sent') return [];
      const sentOp = operationOf(sent);
      const changes: RebaseChange[] = [];
      let fetched: string | null | undefined;
      for (const follower of followers) {
        const op = operationOf(follower);
        const info = WRITE_OPERATIONS[op];
        if (info.action !== 'update' || follower.baseUpdatedAt === undefined) continue;
        const sameObject = sentOp === op && String(sent.input[info.idParam!]) === String(follower.input[info.idParam!]);
        let version: string | null = null;
        const object = outcome.object as Json | undefined;
        if (sameObject && typeof object?.updated_at === 'string') version = object.updated_at;
        else if (targetsWholeResource(op)) {
          // Our own write (an added update, say) moved the object's updated_at: read the new one.
          if (fetched === undefined) {
            const current = await fetchCurrentObject(targets.clientFor(follower), op, follower.input, ctx.signal);
            fetched = typeof current?.updated_at === 'string' ? current.updated_at : null;
          }
          version = fetched;
        }
        if (version !== null && !sameInstant(version, follower.baseUpdatedAt)) changes.push({ id: follower.id, baseUpdatedAt: version });
      }
      return changes;
    },
  };
}
