import { apiTimeMs } from '@/lib/api-time';
import { checkReadResult } from '@shared/statuspal/read-operations';
import type { ConsoleKind } from './console-item';
import { isServerItem, type ServerItem } from './console-list';

/*
 * What the console makes of one item the server gave outside a list read: a sent write's answer, or an item read
 * by its number.
 */

/** The answer checked as the item a read of it would give; null when there is none or it is not one. */
export function answeredItem(kind: ConsoleKind, answer: Record<string, unknown> | undefined): ServerItem | null {
  if (answer === undefined) return null;
  try {
    const checked = checkReadResult(kind === 'incidents' ? 'getIncident' : 'getInfoNotice', { kind: 'item', item: answer }).item;
    return isServerItem(checked) ? checked : null;
  } catch {
    return null;
  }
}

/**
 * An item not in the list goes on top (new on the server, or written from here), unless it started before
 * everything read while more is still to read: an old one opened by its number, not read yet.
 */
export function pastWhatIsRead(items: readonly ServerItem[], item: ServerItem, more: boolean): boolean {
  const at = (value: ServerItem | undefined) => (value && typeof value.starts_at === 'string' ? apiTimeMs(value.starts_at) : null);
  const own = at(item);
  const oldest = at(items[items.length - 1]);
  return more && own !== null && oldest !== null && own < oldest;
}
