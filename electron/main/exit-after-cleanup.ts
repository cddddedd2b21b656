import type { App } from 'electron';
import { settleWithin } from '@core/desktop/settle-within';

/** Long enough for the outbox's fsync and the histories' last write; short enough that a quit never hangs. */
const CLEANUP_TIME_LIMIT_MS = 5_000;

/**
 * Holds the quit until the cleanup (outbox, histories, monitor, tray) has finished, or the time limit has passed,
 * then exits. Electron does not wait for promises in `will-quit`: without this, a write can be cut off mid-close.
 */
export function exitAfterCleanup(app: App, cleanup: () => Promise<void>, options: { timeLimitMs?: number; log: (message: string) => void }): void {
  let cleaning = false;
  app.on('will-quit', (event) => {
    event.preventDefault();
    // A second quit (the user clicks Quit again) waits for the same cleanup.
    if (cleaning) return;
    cleaning = true;
    const limit = options.timeLimitMs ?? CLEANUP_TIME_LIMIT_MS;
    void settleWithin(cleanup, limit, (error) => options.log(`shutdown: ${error instanceof Error ? error.message : String(error)}`)).then((outcome) => {
      if (outcome === 'timed_out') options.log(`shutdown: cleanup did not finish within ${limit} ms; quitting anyway`);
      app.exit(0);
    });
  });
}
