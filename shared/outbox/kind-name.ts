/** A write to one of the user's own pages, through the Status Page API (Statuspal). */
export const STATUSPAL_OUTBOX_KIND = 'statuspal';

/**
 * Names a kind had in files written by earlier versions: such a write was "statuspage", also the name of a
 * provider format. Read under its name of today wherever a write comes in (the log, a handed-over request).
 */
const EARLIER_NAMES: Readonly<Record<string, string>> = { statuspage: STATUSPAL_OUTBOX_KIND };

export function kindNameOfToday(kind: string): string {
  return Object.hasOwn(EARLIER_NAMES, kind) ? EARLIER_NAMES[kind]! : kind;
}
