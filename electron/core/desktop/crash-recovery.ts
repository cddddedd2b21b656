/** How long a crash counts against the window: a page that keeps crashing within it is not reloaded again. */
export const CRASH_WINDOW_MS = 60_000;
/** Reloads allowed within CRASH_WINDOW_MS; the crash after them gives up. */
export const MAX_RELOADS = 3;

type CrashRecoveryAction =
  /** Load the page again in the same window (its size and place stay). */
  | 'reload'
  /** The page keeps crashing: close the window rather than reload it forever; the user's next Open makes a new one. */
  | 'give-up'
  /** The app is quitting: a renderer that ends now stays ended. */
  | 'ignore';

/**
 * What to do when the window's renderer process is gone (crashed, killed, out of memory): reload it, up to
 * MAX_RELOADS times within CRASH_WINDOW_MS, then give up, so a page that crashes as it loads never spins in a
 * reload loop. Returns the crash times to remember for the next decision (only those still in the window).
 */
export function crashRecoveryDecision(options: { now: number; earlierCrashes: readonly number[]; quitting: boolean }): {
  action: CrashRecoveryAction;
  crashes: number[];
} {
  const recent = options.earlierCrashes.filter((at) => options.now - at < CRASH_WINDOW_MS);
  if (options.quitting) return { action: 'ignore', crashes: recent };
  const crashes = [...recent, options.now];
  return { action: crashes.length <= MAX_RELOADS ? 'reload' : 'give-up', crashes };
}
