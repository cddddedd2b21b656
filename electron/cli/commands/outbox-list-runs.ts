import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { writesInStateWords } from '@shared/people-words/write-state-words';

/*
 * Writes side by side in queue order that read the same in `outbox list`: one operation on one resource, in one
 * state. A metric file queues thousands of such points at once; listed one a line they buried everything else
 * (8,932 lines for 8,928 points), so a long run is summed up in one line with its count.
 */

/** A run this long is summed up in one line (unless every write is asked for). */
export const SUMMED_FROM = 10;

export function runsOf(entries: readonly OutboxEntryView[]): OutboxEntryView[][] {
  const runs: OutboxEntryView[][] = [];
  let key: string | null = null;
  for (const entry of entries) {
    // Not the reason it waits: the first of a run waits for its server, the others behind it in order.
    const next = `${entry.operation}\n${entry.resourceKey}\n${entry.state}`;
    if (next === key) runs[runs.length - 1]!.push(entry);
    else runs.push([entry]);
    key = next;
  }
  return runs;
}

/** "Data points for metric #7: 8,928 waiting (queued together)" */
export function runText(run: readonly OutboxEntryView[], described: string, time: (iso: string) => string): string {
  const first = run[0]!;
  const last = run[run.length - 1]!;
  const count = run.length.toLocaleString('en-US');
  const what = described.startsWith('Data point ')
    ? `Data points ${described.slice('Data point '.length)}`
    : `${described}, and ${run.length - 1} more like it`;
  const when = first.createdAt === last.createdAt ? 'queued together' : `queued ${time(first.createdAt)} to ${time(last.createdAt)}`;
  return `${what}: ${count} ${writesInStateWords(first.state)} (${when})`;
}
