import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { targetOfWrite } from '@shared/outbox/write-description';

/*
 * Writes that failed because the item they change is not on the server (404), grouped by that item: one line
 * each, with the command that drops them all. The first found the item missing; the outbox failed the writes
 * queued behind it with it (core/outbox/missing-target.ts).
 */
export function missingTargetLines(entries: readonly OutboxEntryView[]): string[] {
  const groups = new Map<string, OutboxEntryView[]>();
  for (const entry of entries) {
    if (entry.state !== 'failed' || entry.lastError?.status !== 404 || targetOfWrite(entry) === null) continue;
    groups.set(entry.resourceKey, [...(groups.get(entry.resourceKey) ?? []), entry]);
  }
  return [...groups.values()].map((group) => {
    const what = targetOfWrite(group[0]!, entries);
    const drops = group.map((entry) => `statusdesk outbox drop ${entry.id.slice(0, 8)}`).join(' && ');
    const count = group.length === 1 ? '1 write' : `${group.length} writes`;
    return `${count} to ${what} cannot be sent: it is not on the server (404); drop ${group.length === 1 ? 'it' : 'them all'}: ${drops}`;
  });
}
