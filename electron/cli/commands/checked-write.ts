import type { OutboxEnqueueInput } from '@shared/outbox/requests';
import { readWithClient } from '@core/accounts/account-reads';
import { queueWrite, WRITE_CHECK_CALL, WriteCheckError, type WriteCheckFinding, type WriteCheckRead } from '@core/use-cases/queue-write';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';
import { submitWrite, type SubmitOptions } from './outbox-submit';
import type { WriteOutcome } from './write-outcome';
import type { PageItem, PageItemKind } from './page-item-kind';

/*
 * A write command's write goes through the core's queue-write: checked on the server first (the item it writes
 * to, the services it names), then queued and sent. A write the check refuses is the command line's mistake:
 * exit 2, in the command line's words (which command lists the right ids), and nothing is kept.
 */

/** The reads of a write's checks: the page's server with the command's key, one quick look. */
export function checkReads(ctx: CliContext, subdomain: string): WriteCheckRead {
  return async (operation, input) => readWithClient(await ctx.client(subdomain), operation, input, WRITE_CHECK_CALL);
}

/** What a refused check says on the command line. */
export function checkWords(finding: WriteCheckFinding, kind?: PageItemKind<PageItem>): string {
  if (finding.kind === 'missing_item') {
    const noun = kind?.noun ?? finding.noun;
    const group = kind?.group ?? (finding.noun === 'notice' ? 'notices' : 'incidents');
    return `there is no ${noun} #${finding.id} on page ${finding.subdomain} (the server answered 404): check the id (statusdesk ${group} list ${finding.subdomain}); nothing was sent or kept`;
  }
  const listed = finding.known.map((s) => `${s.id} ${s.name}`).join(', ');
  return `--service ${finding.unknown.join(', ')}: not a service of ${finding.subdomain}; its services: ${listed || 'none'} (statusdesk summary ${finding.subdomain}); nothing was sent or kept`;
}

/** Checks the write, then queues and sends it (submitWrite); a refused check throws a CliUsageError. */
export async function submitCheckedWrite(
  ctx: CliContext,
  write: OutboxEnqueueInput,
  options: SubmitOptions & { kind?: PageItemKind<PageItem> } = {},
): Promise<WriteOutcome> {
  const { kind, ...submit } = options;
  try {
    return await queueWrite(write, { read: checkReads(ctx, String(write.input.subdomain)), queue: (checked) => submitWrite(ctx, checked, submit) });
  } catch (error) {
    if (error instanceof WriteCheckError) throw new CliUsageError(checkWords(error.finding, kind));
    throw error;
  }
}
