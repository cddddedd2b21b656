import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { OutboxChange } from '@shared/outbox/status';
import type { LogLevel } from './app-logger';

/** One line of the log: its level and its words. */
interface LogLine {
  level: LogLevel;
  text: string;
}

const WORRYING = new Set(['failed', 'conflict', 'needs_look']);

/**
 * Each outbox write's transitions as log lines (id, kind, state, reason): a change the outbox reports that
 * moves an entry to another state, or keeps it pending for another reason. Repeats of the same state and
 * reason (a view refreshed) are not lines. Entries are forgotten once removed or sent.
 */
export class OutboxTransitions {
  readonly #last = new Map<string, string>();

  lineFor(change: OutboxChange): LogLine | null {
    if (change.type === 'removed') {
      const had = this.#last.delete(change.id);
      return had ? { level: 'info', text: `outbox: ${change.id} removed` } : null;
    }
    if (change.type === 'forgotten') {
      for (const id of change.ids) this.#last.delete(id);
      return null;
    }
    if (change.type === 'added') {
      // One line for a batch (8,640 metric points are not 8,640 lines); each entry's later moves are lines of their own.
      for (const entry of change.entries) this.#last.set(entry.id, `${entry.state}|${reasonOf(entry)}`);
      const first = change.entries[0];
      return first
        ? { level: 'info', text: `outbox: ${change.entries.length} writes queued in one batch (${first.kind} ${first.operation}, from ${first.id})` }
        : null;
    }
    if (change.type !== 'entry') return null;
    const entry = change.entry;
    const reason = reasonOf(entry);
    const now = `${entry.state}|${reason}`;
    const before = this.#last.get(entry.id);
    if (before === now) return null;
    if (entry.state === 'sent') this.#last.delete(entry.id);
    else this.#last.set(entry.id, now);
    const from = before ? `${before.split('|')[0]} → ` : '';
    const attempt = entry.attempts > 0 ? `, attempt ${entry.attempts}` : '';
    const text = `outbox: ${entry.id} ${entry.kind} ${entry.operation}: ${from}${entry.state}${reason ? ` (${reason})` : ''}${attempt}`;
    return { level: WORRYING.has(entry.state) ? 'warn' : 'info', text };
  }
}

/** Why the entry is where it is, in a few words: the wait reason, the last failure, or the server's id. */
function reasonOf(entry: OutboxEntryView): string {
  const failure = entry.lastError ? `${entry.lastError.code}${entry.lastError.status ? ` ${entry.lastError.status}` : ''}: ${entry.lastError.message}` : '';
  if (entry.state === 'pending' && entry.waiting) return entry.waiting === 'backoff' && failure ? `backoff after ${failure}` : entry.waiting;
  if (entry.state === 'sent') return entry.serverId === undefined ? '' : `server id ${entry.serverId}`;
  if (entry.state === 'needs_look' && entry.lookup) return `look-alikes: ${entry.lookup.reason}`;
  return entry.state === 'in_flight' ? '' : failure;
}
