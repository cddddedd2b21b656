/**
 * Time as the monitor sees it, injectable so tests run on fake time and the benchmark can run
 * faster than real time. `now()` is wall-clock epoch ms: it stamps events and drives the
 * schedule (a sleep is handled by the suspend/resume signals, not by the clock).
 */
export type TimerHandle = unknown;

export interface MonitorClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: MonitorClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, Math.max(0, ms)),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A clock running `scale` times faster than real time from `startMs` (benchmarks, demos): a
 * 60 s interval at scale 10 fires every 6 real seconds.
 */
export function createScaledClock(scale: number, startMs: number = Date.now()): MonitorClock {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError('scale must be a positive number');
  const realStart = Date.now();
  return {
    now: () => startMs + (Date.now() - realStart) * scale,
    setTimeout: (callback, ms) => setTimeout(callback, Math.max(0, ms / scale)),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}
