import type { TimeZoneMode } from './appearance-prefs';

/**
 * Times on the surfaces the main process draws (the tray, native notifications) in the zone the user chose for
 * the window: the tray is the 3 a.m. surface, and "01:58 UTC" beside the window's "8:58 PM EST" is a sum to do
 * half asleep. `local` (and `page`, whose pages differ: the tray names several) is this computer's zone; the
 * zone is always said ("8:58 PM EST", "01:58 UTC").
 */
export function surfaceTimeFormatter(mode: TimeZoneMode, options: { zone?: string; locale?: string } = {}): (epochMs: number) => string {
  const timeZone = mode === 'utc' ? 'UTC' : options.zone;
  const format = new Intl.DateTimeFormat(options.locale, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) });
  const day = new Intl.DateTimeFormat(options.locale, { month: 'short', day: 'numeric', ...(timeZone ? { timeZone } : {}) });
  return (epochMs) => {
    const at = new Date(epochMs);
    // Beyond the next 20 hours a time alone is ambiguous: the day goes with it.
    const far = Math.abs(epochMs - Date.now()) > 20 * 3_600_000;
    return far ? `${day.format(at)}, ${format.format(at)}` : format.format(at);
  };
}
