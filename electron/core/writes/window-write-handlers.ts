import type { IpcContract } from '@shared/ipc/contract';
import type { OutboxEnqueueInput, OutboxEnqueueResult } from '@shared/outbox/requests';
import type { AccountReads } from '@core/accounts/account-reads';
import type { InvokeHandlers } from '@core/ipc/dispatcher';
import { queueWrite, WRITE_CHECK_CALL, type WriteCheckRead } from '@core/use-cases/queue-write';

/** What the window's writes need: the account's reads for the checks, and the app's outbox. */
interface WindowWrites {
  reads: Pick<AccountReads, 'read'>;
  enqueue: (write: OutboxEnqueueInput) => Promise<OutboxEnqueueResult>;
}

/** The reads of a window write's checks: its account's key, one quick look. */
function windowCheckReads(reads: WindowWrites['reads'], accountId: string): WriteCheckRead {
  return (operation, input) => reads.read({ accountId, operation, input }, WRITE_CHECK_CALL);
}

/** A write of the window, through the core's queue-write: checked on the server as the command line's are, then queued. */
export function queueWindowWrite(writes: WindowWrites, write: OutboxEnqueueInput): Promise<OutboxEnqueueResult> {
  return queueWrite(write, { read: windowCheckReads(writes.reads, write.accountId), queue: writes.enqueue });
}

/** The window's `outbox.enqueue`. */
export function windowWriteHandlers(writes: WindowWrites): Pick<InvokeHandlers<IpcContract>, 'outbox.enqueue'> {
  return {
    'outbox.enqueue': (write) => queueWindowWrite(writes, write),
  };
}
