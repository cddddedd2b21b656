/*
 * How far a long `outbox flush` is: it printed nothing for 151 s while it sent 200 metric points one at a time.
 * On a terminal one line is rewritten in place; in a pipe (a log) a line comes every tenth of the writes, or every
 * few seconds when a tenth takes longer. The time left is the writes left at the rate seen so far in this flush.
 */

/** Fewer writes than this are sent before anyone would wonder. */
const SHOWN_FROM = 10;
/** In a pipe, a line at least this often while sends go on. */
const LINE_EVERY_MS = 5_000;
/** On a terminal, no more redraws than this. */
const REDRAW_EVERY_MS = 200;
const CLEAR_LINE = '\r\x1b[K';

interface FlushProgressOptions {
  /** The writes the flush set out to send. */
  total: number;
  /** Standard error is a terminal: rewrite one line. */
  tty: boolean;
  now: () => number;
  write: (text: string) => void;
}

/** "about 45 s left", "about 2 min 30 s left", "about 12 min left" */
function timeLeftText(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `about ${Math.max(5, Math.ceil(s / 5) * 5)} s left`;
  if (s < 600) {
    const halfMinutes = Math.round(s / 30);
    return `about ${Math.floor(halfMinutes / 2)} min${halfMinutes % 2 ? ' 30 s' : ''} left`;
  }
  return `about ${Math.round(s / 60)} min left`;
}

export class FlushProgress {
  readonly #options: FlushProgressOptions;
  readonly #started: number;
  readonly #step: number;
  #lastAt: number;
  #lastDone = 0;
  #drawn = false;

  constructor(options: FlushProgressOptions) {
    this.#options = options;
    this.#started = options.now();
    this.#lastAt = this.#started;
    this.#step = Math.max(1, Math.ceil(options.total / 10));
  }

  /** `done` writes of the flush are sent so far. */
  sent(done: number): void {
    const { total, tty, now, write } = this.#options;
    if (total < SHOWN_FROM || done <= this.#lastDone) return;
    const at = now();
    const due = tty ? at - this.#lastAt >= REDRAW_EVERY_MS || done >= total : done - this.#lastDone >= this.#step || at - this.#lastAt >= LINE_EVERY_MS;
    if (!due) return;
    const elapsed = at - this.#started;
    const left = done >= total ? '' : `, ${timeLeftText(((total - done) * elapsed) / done)}`;
    const line = `sent ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}${left}`;
    write(tty ? `${CLEAR_LINE}${line}` : `${line}\n`);
    this.#drawn = true;
    this.#lastAt = at;
    this.#lastDone = done;
  }

  /** The flush is over: a terminal's line is cleared for the report. */
  end(): void {
    if (this.#options.tty && this.#drawn) this.#options.write(CLEAR_LINE);
  }
}
