import type { MonitorClock, TimerHandle } from '../../../../electron/core/monitor/clock';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** Lets pending promise callbacks (and real I/O already completed) run. */
export function flushAsync(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Fake time for the monitor: timers fire only inside advance(), in time order, with promise
 * callbacks settled between them, so async polls complete "instantly" in fake time.
 */
export class FakeClock implements MonitorClock {
  private current: number;
  private timers: Timer[] = [];
  private seq = 0;

  constructor(startMs = Date.UTC(2025, 5, 1, 12, 0, 0)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.timers.push({ id, at: this.current + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  nextTimerAt(): number | null {
    return this.timers.length === 0 ? null : Math.min(...this.timers.map((t) => t.at));
  }

  /** Moves time forward by `ms`, firing every timer that comes due on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      await flushAsync();
      let next: Timer | undefined;
      for (const t of this.timers) if (t.at <= end && (!next || t.at < next.at || (t.at === next.at && t.id < next.id))) next = t;
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.current = Math.max(this.current, next.at);
      next.callback();
    }
    this.current = end;
    await flushAsync();
  }
}
