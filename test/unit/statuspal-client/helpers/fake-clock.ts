/** A manual clock for the rate limiter: time moves only when the test says so. */
export class FakeClock {
  private time = 0;
  private timers: Array<{ at: number; resolve: () => void }> = [];

  readonly now = (): number => this.time;

  readonly sleep = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      this.timers.push({ at: this.time + Math.max(0, ms), resolve });
    });

  /** Moves time forward, waking every sleeper due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await flush();
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > target) break;
      this.timers.shift();
      this.time = next.at;
      next.resolve();
    }
    this.time = target;
    await flush();
  }
}

/** Lets pending promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
