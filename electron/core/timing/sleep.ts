/** A sleep that can be cancelled; the rejection is the signal's reason. Injectable in tests. */
export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: SleepFn = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Monotonic milliseconds: wall-clock jumps must not shorten or stretch waits. */
export const monotonicNow = (): number => performance.now();
