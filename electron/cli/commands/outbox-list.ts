import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { describeWrite } from '@shared/outbox/write-description';
import { AT_LEAST_ONCE_MARK, AT_LEAST_ONCE_WHY, deliveryPromiseOf } from '@shared/outbox/delivery-promise';
import type { CliContext } from '../context';
import { table } from '../output';
import { withOutbox } from './outbox-open';
import { lookAlikesText, resolveHint } from './outbox-resolve';
import { withOutboxOrItsFile } from './outbox-unlocked';
import { runsOf, runText, SUMMED_FROM } from './outbox-list-runs';
import { isWriteOperation, WRITE_OPERATIONS } from '@shared/outbox/write-operations';
import { waitWords } from '@shared/people-words/wait-words';
import { writeStateWords } from '@shared/people-words/write-state-words';

/*
 * `outbox list`: every write that waits, failed, is held or was sent lately. With the outbox's lock when it can be
 * taken; on a disk that refuses it (full), from the file as it is, said to be maybe a moment old.
 */

function stateText(entry: OutboxEntryView): string {
  return entry.state === 'pending' && entry.waiting ? `${writeStateWords(entry.state)} ${waitWords(entry.waiting)}` : writeStateWords(entry.state);
}

function resourceText(entry: OutboxEntryView): string {
  return entry.resourceKey.startsWith(`${entry.accountId}:`) ? entry.resourceKey.slice(entry.accountId.length + 1) : entry.resourceKey;
}

interface Listed {
  entries: OutboxEntryView[];
  status: { pending: number; inFlight: number; failed: number; conflicts: number; sent: number };
  /** Read from the file without the lock, and why. */
  readWithoutLock?: string;
}

/** Writes that may name an item (a create or an edit of it): a data point or an update names none, and there may be thousands. */
function namers(entries: readonly OutboxEntryView[]): OutboxEntryView[] {
  return entries.filter((e) => !isWriteOperation(e.operation) || WRITE_OPERATIONS[e.operation].parent === undefined);
}

function lastErrorText(ctx: CliContext, e: OutboxEntryView): string {
  if (e.state === 'needs_look') return `look-alikes ${lookAlikesText(e)}: ${resolveHint(e.id)}`;
  if (e.result?.timeOfWriting?.checked === false)
    return `written ${ctx.time(e.result.timeOfWriting.at)} by this computer's clock, which could not be checked against the server's`;
  return (
    e.lastError?.message
      .replace(/^\w+ \([A-Z]+ [^)]*\): /, '')
      .replace(/\s+/g, ' ')
      .slice(0, 80) ?? ''
  );
}

/** The table's rows: one per write, or one per long run of writes alike unless `all`; and how many were summed up. */
function rowsOf(ctx: CliContext, entries: readonly OutboxEntryView[], all: boolean): { rows: string[][]; summed: number } {
  const others = namers(entries);
  const write = (e: OutboxEntryView) =>
    deliveryPromiseOf(e.operation) === 'at_least_once' ? `${describeWrite(e, others)} (${AT_LEAST_ONCE_MARK})` : describeWrite(e, others);
  const rows: string[][] = [];
  let summed = 0;
  for (const run of runsOf(entries)) {
    const first = run[0]!;
    if (all || run.length < SUMMED_FROM) {
      for (const e of run)
        rows.push([e.id.slice(0, 8), stateText(e), write(e), resourceText(e), String(e.attempts), ctx.time(e.createdAt), lastErrorText(ctx, e)]);
      continue;
    }
    summed += run.length;
    const tries = Math.max(...run.map((e) => e.attempts));
    rows.push([
      `${first.id.slice(0, 8)}…`,
      stateText(first),
      runText(run, describeWrite(first, others), ctx.time) + (deliveryPromiseOf(first.operation) === 'at_least_once' ? ` (${AT_LEAST_ONCE_MARK})` : ''),
      resourceText(first),
      String(tries),
      ctx.time(first.createdAt),
      lastErrorText(ctx, first),
    ]);
  }
  return { rows, summed };
}

export async function listOutbox(ctx: CliContext, options: { all?: boolean } = {}): Promise<void> {
  const listed = await withOutboxOrItsFile<Listed>(
    ctx,
    () => withOutbox(ctx, async (o) => ({ entries: o.list(), status: o.status() })),
    (read) => ({ entries: read.entries, status: read.counts, readWithoutLock: read.why }),
  );
  const { entries, status } = listed;
  if (listed.readWithoutLock !== undefined)
    ctx.print.note(`note: ${listed.readWithoutLock}, so this list was read without the outbox lock: it may be a moment old`);
  const atLeastOnce = entries.some((e) => deliveryPromiseOf(e.operation) === 'at_least_once');
  ctx.print.result(
    {
      entries: entries.map((e) => ({ ...e, delivery: deliveryPromiseOf(e.operation) })),
      status: { pending: status.pending, inFlight: status.inFlight, failed: status.failed, conflicts: status.conflicts, sent: status.sent },
      ...(listed.readWithoutLock === undefined ? {} : { readWithoutLock: listed.readWithoutLock }),
    },
    () => {
      if (entries.length === 0) return 'The outbox is empty.';
      const { rows, summed } = rowsOf(ctx, entries, options.all === true);
      const notes = [
        ...(atLeastOnce ? [`${AT_LEAST_ONCE_MARK}: ${AT_LEAST_ONCE_WHY}.`] : []),
        ...(summed > 0 ? [`${summed.toLocaleString('en-US')} writes queued alike are summed up above: statusdesk outbox list --all lists every write.`] : []),
      ];
      return [table([['ID', 'STATE', 'WRITE', 'RESOURCE', 'TRIES', 'CREATED', 'LAST ERROR'], ...rows]), ...notes].join('\n');
    },
  );
}
