import path from 'node:path';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { countWords } from '@shared/people-words/count-words';
import { countStates, toView } from '@core/outbox/entry';
import { OUTBOX_FILE_NAME, OutboxStore } from '@core/outbox/outbox-store';
import type { CliContext } from '../context';
import { OutboxDiskError } from './outbox-disk';

/*
 * The outbox as its file holds it, read without the lock and without writing anything. A full disk refuses the
 * lock (or the file written whole at opening), and then `outbox list` failed outright, so nobody could see what
 * was queued. Another process may change the file meanwhile: what is read may be a moment old.
 */

interface UnlockedOutbox {
  entries: OutboxEntryView[];
  counts: ReturnType<typeof countStates>;
  /** Why the file was read without the lock: "the disk is full (ENOSPC): the outbox lock … could not be written". */
  why: string;
}

/** `locked` with the outbox; when its disk refuses the opening, `unlocked` with the file as read (else that refusal). */
export async function withOutboxOrItsFile<T>(ctx: CliContext, locked: () => Promise<T>, unlocked: (read: UnlockedOutbox) => T | Promise<T>): Promise<T> {
  try {
    return await locked();
  } catch (error) {
    if (!(error instanceof OutboxDiskError)) throw error;
    const refused = error;
    const entries = await OutboxStore.read(path.join(ctx.dataDir, OUTBOX_FILE_NAME)).catch(() => {
      throw refused;
    });
    return unlocked({ entries: entries.map((entry) => toView(entry)), counts: countStates(entries), why: refused.words });
  }
}

/** What waits, in a few words: "3 writes pending (1 of unknown outcome), 1 failed", or "nothing". */
export function queuedText(read: UnlockedOutbox): string {
  const { pending, inFlight, failed, conflicts } = read.counts;
  const waiting = pending + inFlight;
  const unknown = read.entries.filter((entry) => entry.outcomeUnknown === true).length;
  const parts = [];
  if (waiting > 0)
    parts.push(`${countWords(waiting, 'write')} pending${unknown > 0 ? ` (${unknown} of unknown outcome, looked up on the server before any resend)` : ''}`);
  if (failed > 0) parts.push(`${failed} failed`);
  if (conflicts > 0) parts.push(`${conflicts} held for your decision`);
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}
