import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { describeWrite } from '@shared/outbox/write-description';
import { AT_LEAST_ONCE_MARK, AT_LEAST_ONCE_WHY, deliveryPromiseOf } from '@shared/outbox/delivery-promise';
import type { CliContext } from '../context';
import { table } from '../output';
import { withOutbox } from './outbox-open';
import { lookAlikesText, resolveHint } from './outbox-resolve';
import { withOutboxOrItsFile } from './outbox-unlocked';

/*
 * `outbox list`: every write that waits, failed, is held or was sent lately. With the outbox's lock when it can be
 * taken; on a disk that refuses it (full), from the file as it is, said to be maybe a moment old.
 */

function stateText(entry: OutboxEntryView): string {
  if (entry.state === 'needs_look') return 'needs a look';
  return entry.state === 'pending' && entry.waiting ? `pending (${entry.waiting})` : entry.state;
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

export async function listOutbox(ctx: CliContext): Promise<void> {
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
    () =>
      entries.length === 0
        ? 'The outbox is empty.'
        : table([
            ['ID', 'STATE', 'WRITE', 'RESOURCE', 'TRIES', 'CREATED', 'LAST ERROR'],
            ...entries.map((e) => [
              e.id.slice(0, 8),
              stateText(e),
              deliveryPromiseOf(e.operation) === 'at_least_once' ? `${describeWrite(e, entries)} (${AT_LEAST_ONCE_MARK})` : describeWrite(e, entries),
              resourceText(e),
              String(e.attempts),
              ctx.time(e.createdAt),
              e.state === 'needs_look'
                ? `look-alikes ${lookAlikesText(e)}: ${resolveHint(e.id)}`
                : e.result?.timeOfWriting?.checked === false
                  ? `written ${ctx.time(e.result.timeOfWriting.at)} by this computer's clock, which could not be checked against the server's`
                  : (e.lastError?.message
                      .replace(/^\w+ \([A-Z]+ [^)]*\): /, '')
                      .replace(/\s+/g, ' ')
                      .slice(0, 80) ?? ''),
            ]),
          ]) + (atLeastOnce ? `\n${AT_LEAST_ONCE_MARK}: ${AT_LEAST_ONCE_WHY}.` : ''),
  );
}
