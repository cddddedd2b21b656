import { AppError } from '@shared/errors';
import { diskFailureText } from '@core/outbox/disk-words';
import type { FileSystemFailure } from '@core/storage/file-system';

/*
 * A disk that fails under the outbox (full, read-only, an I/O error), in the command line's words: what
 * failed, what it means for the writes, what to do. The outbox itself never loses a queued write to it (a
 * record that cannot be written is cut back, and a send is never made before its "being sent" record is on
 * disk), but it keeps going quietly: a write whose state change could not be written waits and is tried
 * again. Without these words a flush on a full disk ends with "sent 26; left: 274 pending" and no reason.
 */

// The failure itself in words is shared with the window's outbox status (core/outbox/disk-words.ts).
export { diskFailureText };

const WHAT_TO_DO = 'free space on that disk (or fix it), then run "statusdesk outbox flush"';
const LOOKED_UP = 'a write sent just before may still show as not sent: it is looked up on the server before it is sent again, never sent twice';

/** After a flush that met the failure: how far it got, what is kept, what to do. */
export function flushDiskText(failures: readonly FileSystemFailure[], outboxPath: string, sent: number, left: number): string {
  const kept =
    left === 0
      ? `${sent} write${sent === 1 ? ' was' : 's were'} sent, but not all of that could be recorded (${LOOKED_UP})`
      : `nothing is sent while a write's sending cannot be recorded, so the flush stopped after ${sent} sent; the ${left} write${left === 1 ? '' : 's'} left ${left === 1 ? 'is' : 'are'} kept in the outbox (${LOOKED_UP})`;
  return `${diskFailureText(failures, outboxPath)}; ${kept}. What to do: ${WHAT_TO_DO} again`;
}

/** The outbox could not even be opened (its lock, or a damaged or cut file written whole again at loading). */
function openDiskText(words: string): string {
  return `${words}, so the outbox could not be opened: nothing was queued or sent, and what was queued before is kept as it was. What to do: ${WHAT_TO_DO}`;
}

/** The disk refused the outbox's opening: `words` say what failed, for a command that can do with reading the file. */
export class OutboxDiskError extends AppError {
  constructor(
    readonly words: string,
    cause: unknown,
  ) {
    super('storage', openDiskText(words), { cause });
    this.name = 'OutboxDiskError';
  }
}

/** `outbox flush` on a disk that refuses the outbox: nothing can be sent, what waits, what to do. */
export function cannotSendText(words: string, queued: string): string {
  return `${words}, so nothing can be sent (a write is sent only once its sending is recorded). Queued: ${queued}. What to do: ${WHAT_TO_DO}`;
}

/** A write that could not be queued at all: nothing is kept, nothing was sent. */
export function notQueuedText(failures: readonly FileSystemFailure[], outboxPath: string): string {
  return `${diskFailureText(failures, outboxPath)}; the write was not queued, and nothing was sent. What to do: free space on that disk (or fix it), then run the command again`;
}

/** Any other command: what it changed may not all be recorded; what was queued before is kept. */
export function diskWarningText(failures: readonly FileSystemFailure[], outboxPath: string): string {
  return `${diskFailureText(failures, outboxPath)}, so not all of this command's changes to the outbox are recorded; what was queued is kept (${LOOKED_UP}). What to do: ${WHAT_TO_DO}`;
}
