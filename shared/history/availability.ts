import type { HistorySegment } from './page-history';
import { DAY_MS } from './page-history';
import { isAvailable } from './history-levels';

/*
 * Availability as observed: the share of the time this computer saw a component that it was up (operational
 * or in announced maintenance). Time not observed is left out of both sides, so a week with the laptop shut
 * neither lowers nor raises it; `observedMs` says how much time the figure rests on.
 */

interface Availability {
  observedMs: number;
  availableMs: number;
  minorMs: number;
  majorMs: number;
  /** 0–100; null when nothing was observed in the window. */
  percent: number | null;
}

export function availability(segments: readonly HistorySegment[], from: number, to: number): Availability {
  const out: Availability = { observedMs: 0, availableMs: 0, minorMs: 0, majorMs: 0, percent: null };
  for (const segment of segments) {
    const ms = Math.min(segment.end, to) - Math.max(segment.start, from);
    if (ms <= 0) continue;
    out.observedMs += ms;
    if (isAvailable(segment.level)) out.availableMs += ms;
    else if (segment.level === 'minor') out.minorMs += ms;
    else out.majorMs += ms;
  }
  out.percent = out.observedMs > 0 ? (100 * out.availableMs) / out.observedMs : null;
  return out;
}

export const AVAILABILITY_WINDOWS = [
  { id: '24h', label: '24 h', ms: DAY_MS },
  { id: '7d', label: '7 d', ms: 7 * DAY_MS },
  { id: '30d', label: '30 d', ms: 30 * DAY_MS },
  { id: '90d', label: '90 d', ms: 90 * DAY_MS },
] as const;

type AvailabilityWindowId = (typeof AVAILABILITY_WINDOWS)[number]['id'];

/** The four windows ending at `now`. */
export function availabilityWindows(segments: readonly HistorySegment[], now: number): Record<AvailabilityWindowId, Availability> {
  const out = {} as Record<AvailabilityWindowId, Availability>;
  for (const window of AVAILABILITY_WINDOWS) out[window.id] = availability(segments, now - window.ms, now);
  return out;
}

/** "99.95 %", "100 %", "not observed": enough digits to tell a bad hour in 90 days from a good one. */
export function percentText(value: number | null): string {
  if (value === null) return 'not observed';
  if (value >= 100) return '100 %';
  const digits = value >= 99 ? 2 : 1;
  const text = value.toFixed(digits);
  // 99.996 rounds to "100.00": say it is under 100.
  return `${text.startsWith('100') ? '99.99' : text} %`;
}

/** How long a figure rests on: "40 min", "5 h", "12 d 3 h". */
export function observedText(ms: number): string {
  if (ms <= 0) return 'none';
  if (ms < 60_000) return 'under 1 min';
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  const hours = Math.round(ms / 3_600_000);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
