import type { Command } from 'commander';
import { AppError } from '@shared/errors';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { missingTargetLines } from './missing-target-line';
import type { OutboxFlushReport, OutboxService } from '@core/outbox/outbox-service';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';
import { cannotSendText, flushDiskText } from './outbox-disk';
import { FlushProgress } from './flush-progress';
import { queuedText, withOutboxOrItsFile } from './outbox-unlocked';
import { withOutbox } from './outbox-open';
import { registerOutboxResolve } from './outbox-resolve';
import { listOutbox } from './outbox-list';
import { FLUSH_TIMEOUT_MS, outcomeOf, queuedResult } from './outbox-submit';
import { countWords } from '@shared/people-words/count-words';

// Where the write commands (page-items.ts, admin-lists.ts) find the outbox: opened per command, and written through.
export { withOutbox } from './outbox-open';
export { notSentResult, submitWrite, writeTarget, type SubmitOptions } from './outbox-submit';
export type { WriteOutcome } from './write-outcome';

type Run = (action: (ctx: CliContext, ...args: never[]) => Promise<void>) => (...args: unknown[]) => Promise<void>;

function findEntry(outbox: OutboxService, idOrPrefix: string): OutboxEntryView {
  if (idOrPrefix.length < 4) throw new CliUsageError('give at least the first 4 characters of the id');
  const matches = outbox.list().filter((e) => e.id === idOrPrefix || e.id.startsWith(idOrPrefix.toLowerCase()));
  if (matches.length === 0) throw new AppError('not_found', `no write ${idOrPrefix} in the outbox`);
  if (matches.length > 1) throw new CliUsageError(`${idOrPrefix} matches ${matches.length} writes; give more of the id`);
  return matches[0]!;
}

function leftOf(report: OutboxFlushReport): number {
  return report.pending + report.inFlight + report.failed + report.conflicts;
}

function reportText(report: OutboxFlushReport): string {
  const reasons = Object.entries(report.waiting).map(([reason, n]) => `${n} ${reason}`);
  // A look-up that found a write applied sent nothing now: an earlier flush (or process) sent it, and may have counted it.
  const found = report.alreadySent ? ` (${report.alreadySent} more found on the server, sent before: not sent again)` : '';
  const parts = [`sent ${report.sent}${found}`];
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

/** Ends a command that sent what it could with exit 1 when anything is left, and how many. */
function throwIfLeft(report: OutboxFlushReport): void {
  const left = leftOf(report);
  if (left === 0) return;
  throw new AppError(report.failed + report.conflicts > 0 ? 'conflict' : 'network', `${left} write${left === 1 ? ' is' : 's are'} still in the outbox`);
}

/** `outbox retry --all`: every failed write goes back to waiting, as it is, and is sent (a key fixed meanwhile, say). */
async function retryAll(ctx: CliContext): Promise<void> {
  const { retried, report } = await withOutbox(ctx, async (o) => {
    const again = await o.retryAll();
    o.start();
    const ids = again.map((entry) => entry.id);
    return { retried: ids, report: ids.length === 0 ? null : await o.flush({ ids, timeoutMs: FLUSH_TIMEOUT_MS }) };
  });
  ctx.print.result({ retried, report }, () =>
    report === null ? 'no failed write to send again' : `sending again ${retried.length} failed write${retried.length === 1 ? '' : 's'}: ${reportText(report)}`,
  );
  if (report !== null) throwIfLeft(report);
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
    .description('every queued, failed, conflicting and recently sent write (many queued alike: one line with their count)')
    .option('--all', 'list every write on a line of its own, also those queued alike')
    .action(run(listOutbox));

  outbox
    .command('flush')
    .description('send what is queued; exits 1 if anything is left')
    .option('--timeout <seconds>', 'stop waiting for retries after this long (default 30)', parseSeconds)
    .action(
      run(async (ctx, options: { timeout?: number }) => {
        const { report, disk, filePath, missing } = await withOutboxOrItsFile(
          ctx,
          () =>
            withOutbox(ctx, async (o, disk) => {
              o.start();
              // A disk that failed under the flush is named below, with what it means for what is left.
              disk.named = true;
              let progress: FlushProgress | null = null;
              const onProgress = (sent: number, total: number) => {
                progress ??= new FlushProgress({ total, tty: ctx.io.stderrIsTty === true, now: Date.now, write: ctx.io.stderr });
                progress.sent(sent);
              };
              const report = await o.flush({ timeoutMs: (options.timeout ?? FLUSH_TIMEOUT_MS / 1000) * 1000, onProgress }).finally(() => progress?.end());
              return {
                report,
                disk,
                filePath: o.filePath,
                missing: missingTargetLines(o.list()),
              };
            }),
          // The disk refused the outbox: nothing can be sent, but what waits is read from the file and said.
          (read) => {
            throw new AppError('storage', cannotSendText(read.why, queuedText(read)));
          },
        );
        ctx.print.result(report, () => reportText(report));
        for (const line of missing) ctx.print.note(line);
        // With --json: the report, then (when something is left, or the disk failed) the error object, one per line.
        if (disk.failures.length > 0) throw new AppError('storage', flushDiskText(disk.failures, filePath, report.sent, leftOf(report)));
        throwIfLeft(report);
      }),
    );

  outbox
    .command('retry')
    .description('send a failed, conflicting or waiting write again (--all: every failed write)')
    .argument('[id]', 'the write id (or its first characters)')
    .option('--all', 'every failed write, as it is (after the key was fixed, say)')
    .action(
      run(async (ctx, id: string | undefined, options: { all?: boolean }) => {
        if ((options.all === true) === (id !== undefined)) throw new CliUsageError('give the id of the write to send again, or --all for every failed write');
        if (id === undefined) return retryAll(ctx);
        const outcome = await withOutbox(ctx, async (o) => {
          const entry = findEntry(o, id);
          await o.retry(entry.id);
          o.start();
          await o.flush({ ids: [entry.id], timeoutMs: FLUSH_TIMEOUT_MS, report: false });
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
            `dropped ${result.id}${result.failedDependents.length ? `; ${countWords(result.failedDependents.length, 'write')} that needed it ${result.failedDependents.length === 1 ? 'is' : 'are'} now failed: ${result.failedDependents.map((d) => d.slice(0, 8)).join(', ')}` : ''}`,
        );
      }),
    );
  registerOutboxResolve(outbox, run, { withOutbox, findEntry, outcomeOf, queuedResult, flushTimeoutMs: FLUSH_TIMEOUT_MS });
}
