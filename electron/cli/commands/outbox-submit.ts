import { randomUUID } from 'node:crypto';
import { AppError } from '@shared/errors';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { OutboxEnqueueInput } from '@shared/outbox/requests';
import { incidentIdsOf, sameWriteIn } from '@shared/outbox/same-write';
import { writeStateWords } from '@shared/people-words/write-state-words';
import { resolveBaseUrl } from '@shared/statuspal/regions';
import { regionOfAccount } from '@core/accounts/probe-client';
import { handOffWrite } from '@core/outbox/outbox-handoff';
import { OutboxBusyError } from '@core/outbox/outbox-lock';
import type { OutboxService } from '@core/outbox/outbox-service';
import { withoutKeyHint } from '@core/outbox/statuspal/classify-error';
import { API_KEY_ENV_VAR, envAccountId } from '@core/outbox/statuspal/targets';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';
import { notQueuedText } from './outbox-disk';
import { withOutbox } from './outbox-open';
import type { WriteOutcome } from './write-outcome';
import { needsLookError, resolveHint } from './outbox-resolve';

/*
 * The command line writes through the same durable outbox as the app (`<data folder>/outbox.jsonl`):
 * a write is queued, then sent at once; when the server cannot be reached it stays queued ("queued",
 * exit 0) and is sent by a later `statusdesk outbox flush`, any later write command, or the app.
 *
 * Which key sends it:
 * - `--account NAME` (or an account configured for the page): the account's key, read from the OS keychain
 *   when the write is sent; the entry names the account only. `--base-url`/`--region` with an account send
 *   to that server instead, still with the account's key (the entry records the server).
 * - no account, STATUSDESK_API_KEY set: the entry records the server (--base-url/--region, default US) and
 *   the marker `keyFrom: "env"`, never the key. Whoever sends it later needs STATUSDESK_API_KEY set: the app
 *   and commands run without it leave such entries waiting ("no_key"), never failed.
 * One process owns the outbox at a time. While another one does (the app in the tray), a write command hands
 * its write over (outbox-handoff.ts): durable before "queued" is printed, sent by the owner. Writes that need
 * STATUSDESK_API_KEY cannot be handed over to the app, since it does not have the key: those are refused.
 * While another command holds the outbox (a long flush, a server that never answers), a write is handed over
 * at once (kept) and the command waits, saying for whom; it sends the write itself once the other is done,
 * or, after the wait, leaves it queued for the next command or the app. A write is never refused because
 * another process is busy.
 */

/** How long a command waits for its write (and what is queued before it) to be sent. */
export const FLUSH_TIMEOUT_MS = 30_000;

/** Account (or server + environment key marker) of a write from the command line. */
export async function writeTarget(ctx: CliContext, subdomain: string): Promise<Pick<OutboxEnqueueInput, 'accountId' | 'server'>> {
  const account = await ctx.account(subdomain);
  let baseUrl: string;
  try {
    baseUrl = resolveBaseUrl(ctx.region(account));
  } catch (error) {
    throw new CliUsageError(`--base-url: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Named with --account: its key. Otherwise STATUSDESK_API_KEY wins over the page's account, as for reads.
  if (account && (ctx.options.account || !ctx.envApiKey())) {
    const explicit = ctx.options.baseUrl !== undefined || ctx.options.region !== undefined;
    if (!explicit || baseUrl === resolveBaseUrl(regionOfAccount(account))) return { accountId: account.id };
    return { accountId: account.id, server: { baseUrl, keyFrom: 'account' } };
  }
  if (!ctx.envApiKey()) {
    throw new AppError(
      'unauthorized',
      `an API key is required for this operation and none is configured (set ${API_KEY_ENV_VAR}, or add the account with its key: statusdesk accounts add NAME --subdomain ${subdomain})`,
    );
  }
  return { accountId: envAccountId(baseUrl), server: { baseUrl, keyFrom: 'env' } };
}

/**
 * Queues one write and sends it with what is queued before it for the same account. Sent: the server's
 * answer. Server unreachable (or still failing after the wait): queued. Refused: throws with the reason;
 * the entry stays in the failed list (retry or drop it). Another process owns the outbox: handed over (kept).
 */
export async function submitWrite(ctx: CliContext, request: OutboxEnqueueInput, options: SubmitOptions = {}): Promise<WriteOutcome> {
  // The id is the write's from here on: handed over and taken in later, it is still one entry, and Ctrl-C can say what became of it.
  const write: OutboxEnqueueInput = { ...request, id: request.id ?? randomUUID() };
  const id = write.id!;
  ctx.io.interruption?.noteWrite(id);
  let handover: Promise<void> | null = null;
  const handOver = (holder: OutboxBusyError): Promise<void> => {
    if (handover === null) {
      handover = handOffWrite(ctx.dataDir, write).then(() => undefined);
      ctx.io.interruption?.handingOver(id, handover, { pid: holder.holderPid, role: holder.holderRole });
    }
    return handover;
  };
  const handedOff = (holder: OutboxBusyError): WriteOutcome => ({
    state: 'handed_off',
    id,
    ownerPid: holder.holderPid,
    ownerRole: holder.holderRole,
    keyFromEnv: write.server?.keyFrom === 'env',
  });
  try {
    return await withOutbox(
      ctx,
      async (outbox, disk) => {
        // Only a write to an existing incident can repeat an earlier run's: a create lists nothing (a long queue costs it nothing).
        if (write.input.incidentId !== undefined) {
          const entries = outbox.list();
          const same = sameWriteIn(entries, write, incidentIdsOf(write.input.subdomain, String(write.input.incidentId), entries), Date.now());
          if (same) return { state: 'already', entry: same };
        }
        try {
          await outbox.enqueue(write);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'storage' || disk.failures.length === 0) throw error;
          disk.named = true;
          throw new AppError('storage', notQueuedText(disk.failures, outbox.filePath), { cause: error });
        }
        outbox.start();
        // No report: it would say why each of the account's writes waits, and only this one is told.
        await outbox.flush({ accountIds: [write.accountId], timeoutMs: FLUSH_TIMEOUT_MS, report: false });
        await dropIfKeyRefused(outbox, id);
        await dropIfInputRefused(outbox, id, options.whyRefused);
        return outcomeOf(outbox, id);
      },
      // Another command may hold the outbox for long (a long flush, a server that never answers): the write is
      // kept at once, handed over as to the app, and this command waits to send it itself.
      { onBusy: (holder) => handOver(holder), whileWaiting: `write ${id} is kept meanwhile` },
    );
  } catch (error) {
    if (!(error instanceof OutboxBusyError)) throw error;
    if (error.holderRole === 'app' && write.server?.keyFrom === 'env' && handover === null) {
      throw new AppError(
        'conflict',
        `the Statusdesk app (pid ${error.holderPid}) owns the outbox and cannot send with STATUSDESK_API_KEY; use --account with an account that has its key in the app, or quit the app`,
      );
    }
    // The app owns the outbox (it takes hand-overs in as they come), or another command still holds it after
    // the wait (whoever opens the outbox next takes the write in): kept, and sent by them.
    await handOver(error);
    return handedOff(error);
  }
}

export interface SubmitOptions {
  /**
   * Asked when the server refused the write as invalid (400, 422): a sentence naming the command line's
   * mistake (an unknown --type), or null when the command cannot tell.
   */
  whyRefused?: () => Promise<string | null>;
}

/**
 * A write the server refused for a mistake of the command line (an unknown --type) cannot succeed as it is:
 * it is taken out again and the command names the mistake (exit 2), as for a key the server refused.
 */
async function dropIfInputRefused(outbox: OutboxService, id: string, whyRefused: SubmitOptions['whyRefused']): Promise<void> {
  const entry = outbox.get(id);
  const status = entry?.lastError?.status;
  if (!whyRefused || entry?.state !== 'failed' || (status !== 400 && status !== 422)) return;
  const reason = await whyRefused();
  if (reason === null) return;
  await outbox.drop(id);
  throw new CliUsageError(`${reason} (the server refused the write with ${status}; nothing was sent or kept)`);
}

/**
 * A write this command just queued that the server refused for its key (401, 403) was not applied and cannot
 * succeed as it is: it is taken out again and the command says what to fix, rather than leaving a failed write
 * to drop by hand.
 */
async function dropIfKeyRefused(outbox: OutboxService, id: string): Promise<void> {
  const entry = outbox.get(id);
  const status = entry?.lastError?.status;
  if (entry?.state !== 'failed' || (status !== 401 && status !== 403)) return;
  await outbox.drop(id);
  const why = status === 401 ? 'the API key was not accepted' : 'the API key may not make this change';
  throw new AppError(
    status === 401 ? 'unauthorized' : 'forbidden',
    `${withoutKeyHint(entry.lastError!.message)}: ${why}, so nothing was sent or kept; fix the key (STATUSDESK_API_KEY, or the account's key in the app) and run the command again`,
    { status },
  );
}

export function outcomeOf(outbox: OutboxService, id: string): Exclude<WriteOutcome, { state: 'handed_off' }> {
  const entry = outbox.get(id);
  if (!entry) throw new AppError('internal', 'The write disappeared from the outbox.');
  if (entry.state === 'sent') return { state: 'sent', entry, object: outbox.resultObject(id) ?? entry.result?.summary ?? null };
  if (entry.state === 'failed') {
    const error = entry.lastError ?? { code: 'internal' as const, message: 'the server refused the write' };
    throw new AppError(
      error.code,
      `${error.message} (kept as failed write ${id.slice(0, 8)}: statusdesk outbox retry|drop ${id.slice(0, 8)})`,
      error.status === undefined ? undefined : { status: error.status },
    );
  }
  if (entry.state === 'conflict') {
    const what = entry.conflict?.reason?.replace(/\.\s.*$/s, '').replace(/^The /, 'the ') ?? 'it changed on the server since it was read';
    throw new AppError('conflict', `${what}; held as conflict ${id.slice(0, 8)} (settle it in the app, or statusdesk outbox drop ${id.slice(0, 8)})`);
  }
  if (entry.state === 'needs_look') throw needsLookError(entry);
  if (entry.waiting === 'order' || entry.waiting === 'dependency') {
    // Behind a write that waits for the user, not for the network: "queued" would promise what no flush does.
    const blocker = outbox
      .list()
      .find(
        (e) =>
          (e.state === 'failed' || e.state === 'conflict' || e.state === 'needs_look') &&
          e.seq < entry.seq &&
          (e.resourceKey === entry.resourceKey || entry.dependsOn.includes(e.id)),
      );
    if (blocker) {
      const why = blocker.state === 'failed' ? 'the server refused' : blocker.state === 'conflict' ? 'is held as a conflict' : 'needs a look';
      const settle = blocker.state === 'needs_look' ? resolveHint(blocker.id) : `statusdesk outbox retry|drop ${blocker.id.slice(0, 8)}`;
      throw new AppError(
        'conflict',
        `it waits behind write ${blocker.id.slice(0, 8)}, which ${why} (kept queued as ${id.slice(0, 8)}; settle the other first: ${settle})`,
      );
    }
  }
  if (entry.waiting === 'no_key') {
    // Not a network problem the outbox can wait out: say so, and keep it queued for when the key is there.
    throw new AppError('unauthorized', `${entry.lastError?.message ?? 'no API key'} (kept queued as ${id.slice(0, 8)})`);
  }
  return { state: 'queued', entry };
}

/** The `--json` object and the text line of a write that is not sent yet (queued here, or handed over). */
export function notSentResult(outcome: Exclude<WriteOutcome, { state: 'sent' }>): { json: Record<string, unknown>; text: string } {
  if (outcome.state === 'queued') return queuedResult(outcome.entry);
  if (outcome.state === 'already') {
    const sent = outcome.entry.state === 'sent';
    return {
      json: { state: sent ? 'already_sent' : 'already_queued', id: outcome.entry.id },
      text: `${sent ? 'already sent' : `already in the outbox (${writeStateWords(outcome.entry.state)})`} as write ${outcome.entry.id.slice(0, 8)} by an earlier run; not queued again`,
    };
  }
  const json = { state: 'queued', id: outcome.id, handedTo: { pid: outcome.ownerPid, role: outcome.ownerRole } };
  if (outcome.ownerRole === 'cli') {
    return {
      json,
      text: `queued ${outcome.id}: another statusdesk command (pid ${outcome.ownerPid}) still holds the outbox, so the write is kept for the next command or the app to send; "statusdesk outbox flush" sends it later`,
    };
  }
  if (outcome.keyFromEnv) {
    return {
      json,
      text: `queued ${outcome.id}: handed to the running Statusdesk app (pid ${outcome.ownerPid}), which cannot send with STATUSDESK_API_KEY: it waits there until a command with the key sends it ("statusdesk outbox flush" once the app has quit)`,
    };
  }
  return { json, text: `queued ${outcome.id}: handed to the running Statusdesk app (pid ${outcome.ownerPid}), which sends it; see its Outbox screen` };
}

const LOOKED_UP_FIRST = 'it is looked up on the server before it is sent again, never sent twice';

/** The `--json` object and the text line of a queued write. */
export function queuedResult(entry: OutboxEntryView): { json: Record<string, unknown>; text: string } {
  const reasons: Partial<Record<string, string>> = {
    offline: 'the server cannot be reached now',
    order: 'it waits for an earlier write on the same object (statusdesk outbox list)',
    dependency: 'it waits for a write it depends on (statusdesk outbox list)',
    backoff: 'the server failed for now; it is tried again later',
    rate_limited: 'the server asked to slow down; it is tried again later',
  };
  // Sent with no clear answer (a time-out, a cut connection): "not sent yet" would be a guess, and maybe wrong.
  const unknown = entry.state === 'in_flight' || entry.outcomeUnknown === true;
  const why =
    entry.state === 'in_flight'
      ? `outcome unknown: it was sent and the server had not answered when the command stopped waiting; ${LOOKED_UP_FIRST}`
      : entry.outcomeUnknown
        ? `outcome unknown: it was sent and no clear answer came back (${entry.lastError?.message ?? 'no answer'}); ${LOOKED_UP_FIRST}`
        : (reasons[entry.waiting ?? ''] ?? (entry.lastError ? 'the server cannot be reached now' : 'not sent yet'));
  return {
    json: {
      state: 'queued',
      id: entry.id,
      ...(entry.tempId ? { tempId: entry.tempId } : {}),
      ...(entry.waiting ? { waiting: entry.waiting } : {}),
      ...(unknown ? { outcome: 'unknown' } : {}),
    },
    text: `queued ${entry.id}${entry.tempId ? ` (temp id ${entry.tempId})` : ''}: ${why}; "statusdesk outbox flush" sends it later`,
  };
}
