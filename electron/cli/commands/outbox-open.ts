import path from 'node:path';
import { AppError } from '@shared/errors';
import { openStatusPageOutbox } from '@core/outbox/create-statuspal-outbox';
import { OutboxHandoffReceiver } from '@core/outbox/outbox-handoff';
import { openWhenFree, OutboxLockFileError, type OutboxBusyError } from '@core/outbox/outbox-lock';
import type { OutboxService } from '@core/outbox/outbox-service';
import { OUTBOX_FILE_NAME } from '@core/outbox/outbox-store';
import { accountsPortOf } from '@core/outbox/statuspal/accounts-port';
import { watchFailures, type FileSystemFailure } from '@core/storage/file-system';
import { releaseAccountKey } from '@core/accounts/account-key';
import type { CliContext } from '../context';
import { diskFailureText, diskWarningText, OutboxDiskError } from './outbox-disk';

/*
 * How a command holds the outbox (`<data folder>/outbox.jsonl`) for as long as it runs. One process owns it at a
 * time (outbox-lock.ts). While another command holds it (a long flush, a server that never answers), the command
 * waits, saying for whom; while the app does, the OutboxBusyError goes to the caller (a write is then handed
 * over: outbox-submit.ts). Writes handed over earlier and not taken in yet are taken in first; the disk's
 * failures the outbox kept quiet about are named afterwards.
 */

/** Longer than another command's flush, so two commands run one after the other. */
const COMMAND_LOCK_WAIT_MS = 45_000;
/** A wait longer than two commands overlapping: said on stderr, with whom it waits for. */
const WAIT_NOTICE_MS = 1_000;

/** How a command opens the outbox while another command holds it. */
interface OutboxOpening {
  /** Told of each wait for another command's hold (a write is handed over at the first, so it is kept). */
  onBusy?: (holder: OutboxBusyError) => void | Promise<void>;
  /** How long to wait for another command (default: the io's lockWaitMs, else 45 s); 0 does not wait. */
  waitMs?: number;
  /** Added to the waiting line: what the wait means for this command's write. */
  whileWaiting?: string;
}

/** The outbox's disk as the command saw it: failures the outbox met (and kept quiet about), and whether they were named. */
interface OutboxDisk {
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
  const settings = await ctx.settings();
  const opened = openWhenFree(
    () =>
      openStatusPageOutbox({
        dataDir: ctx.dataDir,
        owner: 'cli',
        accounts: accountsPortOf({
          records: () => settings.get().accounts,
          keyFor: (id, url) => {
            const account = settings.get().accounts.find((candidate) => candidate.id === id);
            return account ? releaseAccountKey(ctx.vault, account, url) : Promise.resolve(null);
          },
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
    // The lock, or a file the outbox had to write whole at opening (a cut or damaged one): the disk's failure, in words.
    if (error instanceof OutboxLockFileError) throw new OutboxDiskError(error.words, error);
    if (error instanceof AppError && error.code === 'storage' && fileSystem.failures.length > 0) {
      throw new OutboxDiskError(diskFailureText(fileSystem.failures, path.join(ctx.dataDir, OUTBOX_FILE_NAME)), error);
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
