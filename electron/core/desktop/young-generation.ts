import { setFlagsFromString } from 'node:v8';

/**
 * The main process works in small bursts (a poll's JSON, a patch for the window), and under bursts V8 grows its
 * young generation up to 16 MB a semi-space, which the process then keeps: 15 to 20 MB of RSS at 500 watched
 * pages, against the 120 MB budget, for no speed the app needs (bench/monitor-load.ts, 2 monitor minutes at 4×:
 * RSS peak 119 / 128 MB in the tray / with the window, 97 / 105 MB with this, at the same CPU). V8 reads the growth
 * factor each time it would grow the nursery (a new maximum size is read only at start-up, too late for code that
 * runs after it), so a factor of 1 keeps the nursery at its first size: more, shorter scavenges.
 */
const YOUNG_GENERATION_FLAG = '--semi-space-growth-factor=1';

/** Called first thing by the main process (and by the benches that stand for it). */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString(YOUNG_GENERATION_FLAG);
}
