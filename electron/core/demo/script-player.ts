/** One step of a demo script: what happens on a simulator, and when (ms after the start). */
export interface ScriptStep<Sim, State> {
  atMs: number;
  label: string;
  /** `state` carries what a step learns (an incident's id) to the steps after it. */
  run: (sim: Sim, state: State) => void;
}

export interface DemoPlayer {
  /** Resolves when the last step has run. */
  done: Promise<void>;
  stop(): void;
}

/** Runs each step at its time (divided by `speed`, > 1 plays faster), then `afterStep`. */
export function playScript<Sim, State>(
  sim: Sim,
  steps: readonly ScriptStep<Sim, State>[],
  state: State,
  options: { speed?: number; afterStep?: (step: ScriptStep<Sim, State>) => void },
): DemoPlayer {
  const speed = options.speed ?? 1;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const timers = steps.map((step, index) =>
    setTimeout(() => {
      step.run(sim, state);
      options.afterStep?.(step);
      if (index === steps.length - 1) finish();
    }, step.atMs / speed),
  );
  return {
    done,
    stop() {
      for (const timer of timers) clearTimeout(timer);
      finish();
    },
  };
}
