import { randomUUID } from 'node:crypto';
import type { MonitorClock, TimerHandle } from '@core/monitor/clock';
import type { RoutedChange } from './changes-of-poll';
import type { GatheredJournal } from './gathered-journal';

/*
 * A digest instead of a flood, per destination, in the tray's manner (the first at once, then at most one
 * draw per gap): the first `threshold` changes within `windowMs` go out one by one at once; from the next
 * one on, changes are gathered for `windowMs` and go out together. 500 pages changing at once are then three
 * messages and one digest per window, whatever the destination's rate limit.
 *
 * What a window gathers is kept in the journal (gathered-journal.ts) before offer() returns; the window's id
 * goes with its digest to `send`, whose caller marks the window done once the queue holds it.
 */

export interface FloodTuning {
  /** Changes sent one by one within a window before the rest are gathered. */
  threshold: number;
  windowMs: number;
}

export const DEFAULT_FLOOD_TUNING: FloodTuning = { threshold: 3, windowMs: 2_000 };

interface DestinationWindow {
  /** When each change sent alone within the window was sent. */
  sentAt: number[];
  gathered: RoutedChange[];
  /** The journal's name for what is gathered now; null while changes go alone. */
  windowId: string | null;
  timer: TimerHandle | null;
}

/** `windowId`: the journal's window the changes were gathered in; null for a change sent alone. */
type FloodSend = (destinationId: string, changes: readonly RoutedChange[], windowId: string | null) => void;

export class FloodCoalescer {
  readonly #clock: MonitorClock;
  readonly #tuning: FloodTuning;
  readonly #send: FloodSend;
  readonly #journal: Pick<GatheredJournal, 'record'> | null;
  readonly #windows = new Map<string, DestinationWindow>();

  /** `send` gets one change (send it as it is) or several (send a digest). */
  constructor(options: { clock: MonitorClock; tuning?: Partial<FloodTuning>; send: FloodSend; journal?: Pick<GatheredJournal, 'record'> }) {
    this.#clock = options.clock;
    this.#tuning = { ...DEFAULT_FLOOD_TUNING, ...options.tuning };
    this.#send = options.send;
    this.#journal = options.journal ?? null;
  }

  offer(destinationId: string, routed: RoutedChange): void {
    const now = this.#clock.now();
    let window = this.#windows.get(destinationId);
    if (!window) {
      window = { sentAt: [], gathered: [], windowId: null, timer: null };
      this.#windows.set(destinationId, window);
    }
    if (window.timer !== null) {
      this.#gather(destinationId, window, routed);
      return;
    }
    window.sentAt = window.sentAt.filter((at) => now - at < this.#tuning.windowMs);
    if (window.sentAt.length < this.#tuning.threshold) {
      window.sentAt.push(now);
      this.#send(destinationId, [routed], null);
      return;
    }
    window.windowId = randomUUID();
    this.#gather(destinationId, window, routed);
    window.timer = this.#clock.setTimeout(() => this.#flush(destinationId), this.#tuning.windowMs);
  }

  /** Sends what is gathered now (a stop, a SIGTERM): nothing waits in memory. */
  flushAll(): void {
    for (const id of [...this.#windows.keys()]) this.#flush(id);
  }

  #gather(destinationId: string, window: DestinationWindow, routed: RoutedChange): void {
    window.gathered.push(routed);
    this.#journal?.record(window.windowId!, destinationId, routed);
  }

  #flush(destinationId: string): void {
    const window = this.#windows.get(destinationId);
    if (!window) return;
    if (window.timer !== null) this.#clock.clearTimeout(window.timer);
    const gathered = window.gathered;
    // The digest counts as a message of the next window: a flood that goes on is one digest per window.
    this.#windows.set(destinationId, { sentAt: gathered.length > 0 ? [this.#clock.now()] : window.sentAt, gathered: [], windowId: null, timer: null });
    if (gathered.length > 0) this.#send(destinationId, gathered, window.windowId);
  }
}
