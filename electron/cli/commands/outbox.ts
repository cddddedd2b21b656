import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../../../shared/errors';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import type { OutboxEnqueueInput } from '../../../shared/outbox/requests';
import { describeWrite } from '../../../shared/outbox/write-description';
import { missingTargetLines } from './missing-target-line';
import { resolveBaseUrl } from '../../../shared/statuspage/regions';
import { regionOfAccount } from '../../services/accounts/probe-client';
import { openStatusPageOutbox } from '../../services/outbox/create-statuspage-outbox';
import { handOffWrite, OutboxHandoffReceiver } from '../../services/outbox/outbox-handoff';
import { OutboxBusyError, openWhenFree, type OutboxOwnerRole } from '../../services/outbox/outbox-lock';
import type { OutboxFlushReport, OutboxService } from '../../services/outbox/outbox-service';
import { OUTBOX_FILE_NAME } from '../../services/outbox/outbox-store';
import { accountsPortOf } from '../../services/outbox/statuspage/accounts-port';
import { API_KEY_ENV_VAR, envAccountId } from '../../services/outbox/statuspage/targets';
import { watchFailures, type FileSystemFailure } from '../../services/storage/file-system';
import { secretNames } from '../../services/vault/key-vault';
import type { CliContext } from '../context';
import { CliUsageError, table } from '../output';
import { diskWarningText, flushDiskText, notQueuedText, openDiskText } from './outbox-disk';
import { lookAlikesText, needsLookError, registerOutboxResolve, resolveHint } from './outbox-resolve';

type Run = (action: (ctx: CliContext, ...args: never[]) => Promise<void>) => (...args: unknown[]) => Promise<void>;

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

const FLUSH_TIMEOUT_MS = 30_000;
/** Longer than another command's flush, so two commands run one after the other. */
const COMMAND_LOCK_WAIT_MS = 45_000;
/** A wait longer than two commands overlapping: said on stderr, with whom it waits for. */
const WAIT_NOTICE_MS = 1_000;

/** How a command opens the outbox while another command holds it. */
export interface OutboxOpening {
  /** Told of each wait for another command's hold (a write is handed over at the first, so it is kept). */
  onBusy?: (holder: OutboxBusyError) => void | Promise<void>;
  /** How long to wait for another command (default: the io's lockWaitMs, else 45 s); 0 does not wait. */
  waitMs?: number;
  /** Added to the waiting line: what the wait means for this command's write. */
  whileWaiting?: string;
}

/** The outbox's disk as the command saw it: failures the outbox met (and kept quiet about), and whether they were named. */
export interface OutboxDisk {
  readonly failures: readonly FileSystemFailure[];
  /** The command names the failures itself (flush, a write that could not be queued): no general warning. */
  named: boolean;
}

/** Opens the outbox of the data folder for one command and closes it (and its lock) afterwards. */
export async function withOutbox<T>(ctx: CliContext, action: (outbox: OutboxService, disk: OutboxDisk) => Promise<T>, opening: OutboxOpening = {}): Promise<T> {
  const fileSystem = watchFailures();
  const disk: OutboxDisk = { failures: fileSystem.failures, named: false };
  let told = false;
  // Another command holds the outbox for seconds, or longer (a long flush): wait for it, and say so. The app
  // holds it while it runs: that OutboxBusyError goes to the caller (a write is then handed over to the app).
  const opened = openWhenFree(
    () =>
      openStatusPageOutbox({
        dataDir: ctx.dataDir,
        owner: 'cli',
        accounts: accountsPortOf({
          records: () => ctx.settings.get().accounts,
          keyFor: (id, url) => ctx.vault.release(secretNames.statusPageKey(id), { url }),
          keyStoreProblem: async () => {
            const vault = await ctx.vault.status();
            return vault.keychainAvailable ? null : (vault.reason ?? 'unknown reason');
          },
        }),
        env: ctx.io.env,
        requestTimeoutMs: 10_000,
        onProblem: (problem) => ctx.io.stderr(`warning: ${problem.message}\n`),
        fileSystem,
      }),
    {
      timeoutMs: opening.waitMs ?? ctx.io.lockWaitMs ?? COMMAND_LOCK_WAIT_MS,
      waitFor: 'cli',
      onBusy: async (holder, waitedMs) => {
        await opening.onBusy?.(holder);
        if (told || waitedMs < WAIT_NOTICE_MS) return;
        told = true;
        const note = opening.whileWaiting ? ` (${opening.whileWaiting})` : '';
        ctx.io.stderr(`waiting for another statusdesk process (pid ${holder.holderPid}) that holds the outbox…${note}\n`);
      },
    },
  );
  const { outbox } = await opened.catch((error: unknown) => {
    // A file the outbox had to write whole at opening (a cut or damaged one): the disk's failure, in words.
    if (error instanceof AppError && error.code === 'storage' && fileSystem.failures.length > 0) {
      throw new AppError('storage', openDiskText(fileSystem.failures, path.join(ctx.dataDir, OUTBOX_FILE_NAME)), { cause: error });
    }
    throw error;
  });
  ctx.io.interruption?.outboxOpened(outbox);
  try {
    // Writes handed over while another process owned the outbox, and not taken in before it ended, go first.
    await new OutboxHandoffReceiver({ dataDir: ctx.dataDir, outbox, reportProblem: (message) => ctx.io.stderr(`warning: ${message}\n`) }).drain();
    return await action(outbox, disk);
  } finally {
    await outbox.stop();
    ctx.io.interruption?.outboxClosed(outbox);
    if (disk.failures.length > 0 && !disk.named) ctx.io.stderr(`warning: ${diskWarningText(disk.failures, outbox.filePath)}\n`);
  }
}

/** Account (or server + environment key marker) of a write from the command line. */
export function writeTarget(ctx: CliContext, subdomain: string): Pick<OutboxEnqueueInput, 'accountId' | 'server'> {
  const account = ctx.account(subdomain);
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

export type WriteOutcome =
  | { state: 'sent'; entry: OutboxEntryView; object: unknown }
  | { state: 'queued'; entry: OutboxEntryView }
  | { state: 'handed_off'; id: string; ownerPid: number; ownerRole: OutboxOwnerRole; keyFromEnv: boolean };

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
        try {
          await outbox.enqueue(write);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'storage' || disk.failures.length === 0) throw error;
          disk.named = true;
          throw new AppError('storage', notQueuedText(disk.failures, outbox.filePath), { cause: error });
        }
        outbox.start();
        await outbox.flush({ accountIds: [write.accountId], timeoutMs: FLUSH_TIMEOUT_MS });
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
    `${entry.lastError!.message}: ${why}, so nothing was sent or kept; fix the key (STATUSDESK_API_KEY, or the account's key in the app) and run the command again`,
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

export function findEntry(outbox: OutboxService, idOrPrefix: string): OutboxEntryView {
  if (idOrPrefix.length < 4) throw new CliUsageError('give at least the first 4 characters of the id');
  const matches = outbox.list().filter((e) => e.id === idOrPrefix || e.id.startsWith(idOrPrefix.toLowerCase()));
  if (matches.length === 0) throw new AppError('not_found', `no write ${idOrPrefix} in the outbox`);
  if (matches.length > 1) throw new CliUsageError(`${idOrPrefix} matches ${matches.length} writes; give more of the id`);
  return matches[0]!;
}

function stateText(entry: OutboxEntryView): string {
  if (entry.state === 'needs_look') return 'needs a look';
  return entry.state === 'pending' && entry.waiting ? `pending (${entry.waiting})` : entry.state;
}

function resourceText(entry: OutboxEntryView): string {
  return entry.resourceKey.startsWith(`${entry.accountId}:`) ? entry.resourceKey.slice(entry.accountId.length + 1) : entry.resourceKey;
}

function leftOf(report: OutboxFlushReport): number {
  return report.pending + report.inFlight + report.failed + report.conflicts;
}

function reportText(report: OutboxFlushReport): string {
  const reasons = Object.entries(report.waiting).map(([reason, n]) => `${n} ${reason}`);
  const parts = [`sent ${report.sent}`];
  if (leftOf(report) === 0) return `${parts[0]}; nothing left`;
  // Writes sent without a clear answer are neither "pending" nor "not sent": their outcome is unknown until looked up.
  const unknown = report.outcomeUnknown
    ? `${reasons.length ? '; ' : ''}${report.outcomeUnknown} of unknown outcome, looked up on the server before any resend`
    : '';
  const inFlight = report.inFlight
    ? `, ${report.inFlight} in flight (outcome unknown: no answer yet when the flush stopped waiting; looked up before any resend)`
    : '';
  parts.push(
    `left: ${report.pending} pending${reasons.length || unknown ? ` (${reasons.join(', ')}${unknown})` : ''}${inFlight}, ${report.failed} failed, ${report.conflicts - (report.needsLook ?? 0)} conflicts${report.needsLook ? `, ${report.needsLook} need a look (statusdesk outbox list)` : ''}`,
  );
  if (report.unreachable.length) parts.push(`unreachable: ${report.unreachable.join(', ')}`);
  return parts.join('; ');
}

function parseSeconds(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > 3600) throw new CliUsageError('--timeout must be a number of seconds from 1 to 3600');
  return value;
}

/** outbox list|flush|retry|drop */
export function registerOutboxCommands(program: Command, run: Run): void {
  const outbox = program.command('outbox').description('writes queued for sending (shared with the app)');

  outbox
    .command('list')
    .description('every queued, failed, conflicting and recently sent write')
    .action(
      run(async (ctx) => {
        const { entries, status } = await withOutbox(ctx, async (o) => ({ entries: o.list(), status: o.status() }));
        ctx.print.result(
          { entries, status: { pending: status.pending, inFlight: status.inFlight, failed: status.failed, conflicts: status.conflicts, sent: status.sent } },
          () =>
            entries.length === 0
              ? 'The outbox is empty.'
              : table([
                  ['ID', 'STATE', 'WRITE', 'RESOURCE', 'TRIES', 'CREATED', 'LAST ERROR'],
                  ...entries.map((e) => [
                    e.id.slice(0, 8),
                    stateText(e),
                    describeWrite(e, entries),
                    resourceText(e),
                    String(e.attempts),
                    ctx.time(e.createdAt),
                    e.state === 'needs_look'
                      ? `look-alikes ${lookAlikesText(e)}: ${resolveHint(e.id)}`
                      : (e.lastError?.message
                          .replace(/^\w+ \([A-Z]+ [^)]*\): /, '')
                          .replace(/\s+/g, ' ')
                          .slice(0, 80) ?? ''),
                  ]),
                ]),
        );
      }),
    );

  outbox
    .command('flush')
    .description('send what is queued; exits 1 if anything is left')
    .option('--timeout <seconds>', 'stop waiting for retries after this long (default 30)', parseSeconds)
    .action(
      run(async (ctx, options: { timeout?: number }) => {
        const { report, disk, filePath, missing } = await withOutbox(ctx, async (o, disk) => {
          o.start();
          // A disk that failed under the flush is named below, with what it means for what is left.
          disk.named = true;
          return {
            report: await o.flush({ timeoutMs: (options.timeout ?? FLUSH_TIMEOUT_MS / 1000) * 1000 }),
            disk,
            filePath: o.filePath,
            missing: missingTargetLines(o.list()),
          };
        });
        ctx.print.result(report, () => reportText(report));
        for (const line of missing) ctx.print.note(line);
        // With --json: the report, then (when something is left, or the disk failed) the error object, one per line.
        const left = leftOf(report);
        if (disk.failures.length > 0) throw new AppError('storage', flushDiskText(disk.failures, filePath, report.sent, left));
        if (left > 0)
          throw new AppError(report.failed + report.conflicts > 0 ? 'conflict' : 'network', `${left} write${left === 1 ? ' is' : 's are'} still in the outbox`);
      }),
    );

  outbox
    .command('retry')
    .description('send a failed, conflicting or waiting write again')
    .argument('<id>', 'the write id (or its first characters)')
    .action(
      run(async (ctx, id: string) => {
        const outcome = await withOutbox(ctx, async (o) => {
          const entry = findEntry(o, id);
          await o.retry(entry.id);
          o.start();
          await o.flush({ ids: [entry.id], timeoutMs: FLUSH_TIMEOUT_MS });
          return outcomeOf(o, entry.id);
        });
        if (outcome.state === 'queued') {
          const queued = queuedResult(outcome.entry);
          ctx.print.result(queued.json, () => queued.text);
        } else ctx.print.result({ state: 'sent', id: outcome.entry.id, result: outcome.entry.result ?? null }, () => `sent ${outcome.entry.id}`);
      }),
    );

  outbox
    .command('drop')
    .description('discard a write (writes that needed it are marked failed)')
    .argument('<id>', 'the write id (or its first characters)')
    .action(
      run(async (ctx, id: string) => {
        const result = await withOutbox(ctx, async (o) => {
          const entry = findEntry(o, id);
          return { id: entry.id, ...(await o.drop(entry.id)) };
        });
        ctx.print.result(
          result,
          () =>
            `dropped ${result.id}${result.failedDependents.length ? `; ${result.failedDependents.length} write(s) that needed it are now failed: ${result.failedDependents.map((d) => d.slice(0, 8)).join(', ')}` : ''}`,
        );
      }),
    );
  registerOutboxResolve(outbox, run, { withOutbox, findEntry, outcomeOf, queuedResult, flushTimeoutMs: FLUSH_TIMEOUT_MS });
}
