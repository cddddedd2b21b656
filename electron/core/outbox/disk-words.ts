import type { OutboxDiskProblem } from '@shared/outbox/status';
import { fileErrorReason, type FileSystemFailure } from '@core/storage/file-system';

/*
 * A disk that fails under the outbox (full, read-only, an I/O error), in words: which file, which step, and the
 * cause with its code ("the disk is full (ENOSPC)"). One home for the words, so the command line (outbox-disk.ts,
 * which adds what it means for its own command) and the window (the outbox status) say the same thing (a full disk during a flush
 * used to end with "sent 26; left: 274 pending" and no word of ENOSPC).
 */

/** The file as the user knows it: a compaction's temp file is still the outbox file. */
function fileOf(failure: FileSystemFailure, outboxPath: string): string {
  return failure.filePath.startsWith(outboxPath) ? outboxPath : failure.filePath;
}

/** "the disk is full (ENOSPC): the outbox file /…/outbox.jsonl could not be written" */
export function diskFailureText(failures: readonly FileSystemFailure[], outboxPath: string): string {
  const failure = failures[0]!;
  const verb = failure.step === 'open' ? 'opened for writing' : failure.step === 'sync' ? 'saved to disk (fsync)' : 'written';
  return `${fileErrorReason(failure.error)}: the outbox file ${fileOf(failure, outboxPath)} could not be ${verb}`;
}

/**
 * For the window's outbox status: what failed, what it means for the writes (nothing is sent while a send cannot be
 * recorded; nothing queued is lost), and what to do. Gone once the file can be written again.
 */
export function diskStatusOf(failure: FileSystemFailure & { at: number }, outboxPath: string): OutboxDiskProblem {
  const words = diskFailureText([failure], outboxPath);
  return {
    message: `${words.charAt(0).toUpperCase()}${words.slice(1)}. Nothing is sent while a write's sending cannot be recorded, and the writes waiting are kept. Free space on that disk (or fix it): sending goes on by itself.`,
    since: new Date(failure.at).toISOString(),
  };
}
