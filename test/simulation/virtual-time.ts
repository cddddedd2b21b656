/*
 * Virtual time for the write-path simulation, in the style of a discrete-event simulator: setTimeout,
 * setInterval, Date.now and performance.now are replaced for the whole process while it is installed, so a
 * backoff, a Retry-After, a request time-out, a settle wait or a flush's time limit take no real time. The
 * clock only moves when nothing real is under way: when every HTTP exchange the process started has been
 * answered (or the simulator says it holds it on purpose: a hang, a black-holed network), it jumps to the
 * earliest timer. "Held" is the server's word, never a guess from how long an answer takes: on a busy machine a
 * loopback answer can take any real time, and a clock that moved on meanwhile fired time-outs the world never
 * saw. HTTP itself still runs for real over loopback and takes no virtual time, so the outbox, the client and
 * the simulator see one consistent clock, the server's Date header included.
 *
 * Real timers of the test runner and of fast-check are unaffected: they took their own references to the
 * originals when they were loaded, and so does this file (realNow).
 */

const real = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
  setImmediate: globalThis.setImmediate,
  dateNow: Date.now,
  performanceNow: performance.now.bind(performance),
  fetch: globalThis.fetch,
};

/** The computer's own clock, whatever is installed. */
export const realNow = (): number => real.dateNow.call(Date);

/** Real time a schedule may spin without settling: waiting on real work that never ends is stuck too. */
const REAL_LIMIT_MS = 30_000;

/**
 * Whether the caller is Node's own fetch (undici), whose timers stay real: its connection keep-alive is a
 * property of the transport, not of the world simulated, and its timers outlive an installation (its socket
 * pool serves the whole thread, test files after this one included).
 */
function fromFetchInternals(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 4;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return stack.includes('node:internal/deps/undici');
}

interface Timer {
  id: number;
  at: number;
  seq: number;
  callback: (...args: unknown[]) => void;
  args: unknown[];
  repeatMs: number | null;
}

/** The handle setTimeout returns: what Node's Timeout offers callers (unref, refresh, a numeric id). */
class VirtualTimeout {
  readonly #time: VirtualTime;
  readonly #id: number;

  constructor(time: VirtualTime, id: number) {
    this.#time = time;
    this.#id = id;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  hasRef(): boolean {
    return false;
  }

  refresh(): this {
    this.#time.refresh(this.#id);
    return this;
  }

  [Symbol.toPrimitive](): number {
    return this.#id;
  }
}

export class VirtualTime {
  #now: number;
  readonly #perfOrigin: number;
  readonly #timers = new Map<number, Timer>();
  readonly #delays = new Map<number, number>();
  #nextId = 1;
  #seq = 0;
  /** HTTP exchanges started and not yet answered in full. */
  #exchanges = 0;
  /** Other real work under way that time must wait for (an outbox reading its file as it opens). */
  #holds = 0;
  #installed = false;
  /**
   * How long a request takes to reach the server, in simulated time (0: at once). A delayed request is on
   * its way: cancelling it (a time-out, a crash) ends the caller's wait, not its delivery.
   */
  requestDelay: ((input: Parameters<typeof fetch>[0], init: RequestInit | undefined) => number) | null = null;
  /** Timers fired and exchanges started, for the report. */
  fired = 0;
  started = 0;

  /** How many requests the server holds unanswered on purpose right now (StatusPageSimulator.heldRequests). */
  readonly #heldByServer: () => number;

  constructor(startMs: number, options: { heldByServer: () => number }) {
    this.#now = startMs;
    this.#perfOrigin = startMs;
    this.#heldByServer = options.heldByServer;
  }

  now(): number {
    return this.#now;
  }

  /** Timers set and not yet fired or cleared. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves the clock to a new origin (a new schedule), keeping what is pending the same distance away. */
  rebase(startMs: number): void {
    const shift = startMs - this.#now;
    for (const timer of this.#timers.values()) timer.at += shift;
    this.#now = startMs;
  }

  install(): void {
    if (this.#installed) return;
    this.#installed = true;
    const set =
      (repeat: boolean) =>
      (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): unknown =>
        fromFetchInternals() ? (repeat ? real.setInterval : real.setTimeout)(callback, ms, ...args) : this.#add(callback, ms, args, repeat);
    const clear = (handle: unknown) => {
      if (handle instanceof VirtualTimeout) {
        this.#timers.delete(Number(handle));
        this.#delays.delete(Number(handle));
      } else real.clearTimeout(handle as NodeJS.Timeout);
    };
    Object.assign(globalThis, {
      setTimeout: set(false),
      clearTimeout: clear,
      setInterval: set(true),
      clearInterval: clear,
      fetch: (input: Parameters<typeof fetch>[0], init?: RequestInit) => this.#fetch(input, init),
    });
    Date.now = () => this.#now;
    performance.now = () => this.#now - this.#perfOrigin;
  }

  uninstall(): void {
    if (!this.#installed) return;
    this.#installed = false;
    Object.assign(globalThis, {
      setTimeout: real.setTimeout,
      clearTimeout: real.clearTimeout,
      setInterval: real.setInterval,
      clearInterval: real.clearInterval,
      fetch: real.fetch,
    });
    Date.now = real.dateNow;
    performance.now = real.performanceNow;
    this.#timers.clear();
  }

  refresh(id: number): void {
    const timer = this.#timers.get(id);
    const delay = this.#delays.get(id);
    if (!timer || delay === undefined) return;
    timer.at = this.#now + delay;
    timer.seq = this.#seq++;
  }

  /** Keeps the clock still until `work` settles: real work that takes no simulated time. */
  async hold<T>(work: Promise<T>): Promise<T> {
    this.#holds++;
    try {
      return await work;
    } finally {
      this.#holds--;
    }
  }

  /**
   * Runs the event loop for real until `work` settles, moving the virtual clock whenever the process is
   * idle. Throws when the clock passes `limitMs` from now without `work` settling: something waits forever.
   */
  async drive<T>(work: Promise<T>, limitMs: number): Promise<T> {
    let settled = false;
    const done = work.then(
      (value) => {
        settled = true;
        return value;
      },
      (error: unknown) => {
        settled = true;
        throw error;
      },
    );
    // Handled here: it may reject while the loop below still waits for its next turn.
    done.catch(() => undefined);
    const giveUpAt = this.#now + limitMs;
    const realGiveUpAt = realNow() + REAL_LIMIT_MS;
    for (let turn = 0; !settled; turn++) {
      await new Promise<void>((resolve) => real.setImmediate(resolve));
      if (settled) break;
      if (turn % 1024 === 1023 && realNow() > realGiveUpAt) {
        throw new Error(
          `stuck for ${REAL_LIMIT_MS / 1000} s of real time: ${this.#holds} real waits, ${this.#exchanges} exchanges unanswered, ${this.#timers.size} timers`,
        );
      }
      const next = this.#earliest();
      if (next && next.at <= this.#now) {
        this.#fire(next);
        continue;
      }
      if (this.#holds > 0) continue;
      // An answer on its way, however long it takes for real: only what the server holds lets the clock move.
      if (this.#exchanges > this.#heldByServer()) continue;
      if (!next) continue; // waiting on something real that set no timer
      if (next.at > giveUpAt) throw new Error(`still waiting after ${limitMs} ms of simulated time: something never answers`);
      this.#now = next.at;
      this.#fire(next);
    }
    return done;
  }

  #add(callback: (...args: unknown[]) => void, ms: number | undefined, args: unknown[], repeat: boolean): VirtualTimeout {
    const delay = Math.max(1, Number.isFinite(ms) ? Math.floor(ms ?? 1) : 1);
    const id = this.#nextId++;
    this.#timers.set(id, { id, at: this.#now + delay, seq: this.#seq++, callback, args, repeatMs: repeat ? delay : null });
    this.#delays.set(id, delay);
    return new VirtualTimeout(this, id);
  }

  #earliest(): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.#timers.values()) if (!best || timer.at < best.at || (timer.at === best.at && timer.seq < best.seq)) best = timer;
    return best;
  }

  #fire(timer: Timer): void {
    this.fired++;
    if (timer.repeatMs === null) {
      this.#timers.delete(timer.id);
      this.#delays.delete(timer.id);
    } else {
      timer.at = this.#now + timer.repeatMs;
      timer.seq = this.#seq++;
    }
    timer.callback(...timer.args);
  }

  /** The real fetch, after the request's delay on the way if it has one. */
  #fetch(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
    const delayMs = this.requestDelay?.(input, init) ?? 0;
    if (delayMs <= 0) return this.#exchange(input, init);
    const { signal, ...rest } = init ?? {};
    const delivered = new Promise<void>((resolve) => this.#add(() => resolve(), delayMs, [], false)).then(() => this.#exchange(input, rest));
    return new Promise<Response>((resolve, reject) => {
      let abandoned = false;
      const onAbort = () => {
        abandoned = true;
        reject(signal?.reason);
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
      delivered.then(
        (response) => {
          signal?.removeEventListener('abort', onAbort);
          if (abandoned) void response.text().catch(() => undefined);
          else resolve(response);
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          if (!abandoned) reject(error);
        },
      );
    });
  }

  /** The real fetch, counted from the call until its body has been read (or the exchange failed). */
  async #exchange(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
    this.#exchanges++;
    this.started++;
    let open = true;
    const end = () => {
      if (!open) return;
      open = false;
      this.#exchanges--;
    };
    try {
      const response = await real.fetch(input, init);
      if (response.body === null) {
        end();
        return response;
      }
      // Ends when the body is read to its end, fails or is cancelled, whichever way it is read (text(), a reader).
      const source = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await source.read();
            if (done) {
              end();
              controller.close();
            } else controller.enqueue(value);
          } catch (error) {
            end();
            controller.error(error);
          }
        },
        cancel(reason) {
          end();
          return source.cancel(reason);
        },
      });
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      end();
      throw error;
    }
  }
}
