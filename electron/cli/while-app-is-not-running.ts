import path from 'node:path';
import { AppError } from '@shared/errors';
import { acquireOutboxLock, OutboxBusyError, openWhenFree } from '@core/outbox/outbox-lock';
import { OUTBOX_FILE_NAME } from '@core/outbox/outbox-store';
import type { CliContext } from './context';

/** Longer than another command's hold on the lock, as for writes (outbox.ts). */
const COMMAND_LOCK_WAIT_MS = 45_000;

/**
 * Runs a change of the settings (accounts, alert destinations and rules) while the app is not running. The app
 * keeps its settings in memory and writes them whole, so a change made beside it would be undone by its next write. The outbox lock
 * says whether it runs, and holding it meanwhile keeps the app from starting half-way through.
 */
export async function whileAppIsNotRunning<T>(ctx: CliContext, change: () => Promise<T>, what = 'the account'): Promise<T> {
  const lockPath = path.join(ctx.dataDir, OUTBOX_FILE_NAME.replace(/\.jsonl$/, '.lock'));
  let release: () => void;
  try {
    let told = false;
    release = await openWhenFree(() => Promise.resolve(acquireOutboxLock(lockPath, 'cli')), {
      timeoutMs: ctx.io.lockWaitMs ?? COMMAND_LOCK_WAIT_MS,
      waitFor: 'cli',
      onBusy: (holder, waitedMs) => {
        if (told || waitedMs < 1_000) return;
        told = true;
        ctx.io.stderr(`waiting for another statusdesk process (pid ${holder.holderPid}) that holds the outbox…\n`);
      },
    });
  } catch (error) {
    if (!(error instanceof OutboxBusyError) || error.holderRole !== 'app') throw error;
    throw new AppError(
      'conflict',
      `the Statusdesk app (pid ${error.holderPid}) is running and would undo this change at its next settings write: change ${what} in its Settings, or quit it and run the command again`,
    );
  }
  try {
    return await change();
  } finally {
    release();
  }
}
