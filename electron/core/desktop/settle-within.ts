/**
 * Waits for a task, but no longer than a time limit: 'done' when it finished (a failure counts as finished,
 * and is reported through onError), 'timed_out' when the limit came first. The timer never keeps Node alive.
 */
export async function settleWithin(task: () => Promise<unknown>, limitMs: number, onError: (error: unknown) => void): Promise<'done' | 'timed_out'> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timed_out'>((resolve) => {
    timer = setTimeout(() => resolve('timed_out'), limitMs);
    timer.unref?.();
  });
  const run = (async () => {
    try {
      await task();
    } catch (error) {
      onError(error);
    }
    return 'done' as const;
  })();
  try {
    return await Promise.race([run, limit]);
  } finally {
    clearTimeout(timer);
  }
}
