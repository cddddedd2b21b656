/*
 * Each destination's pace: never sooner than its rate limit's interval after the previous request to it
 * ended (counted from the answer, so the receiver sees its requests at least that far apart however the
 * network delays them), and not before a Retry-After it asked for. Pure: the caller passes the time.
 */

interface Pace {
  /** The shortest gap between two requests to one destination. */
  intervalMs: number;
}

export class DestinationPacer {
  readonly #lastEnded = new Map<string, number>();
  readonly #pausedUntil = new Map<string, number>();

  /** The earliest time the next request to `destinationId` may start. */
  readyAt(destinationId: string, pace: Pace): number {
    const last = this.#lastEnded.get(destinationId);
    const paced = last === undefined ? Number.NEGATIVE_INFINITY : last + pace.intervalMs;
    return Math.max(paced, this.#pausedUntil.get(destinationId) ?? Number.NEGATIVE_INFINITY);
  }

  /** A request to `destinationId` ended (answered or failed) at `at`. */
  ended(destinationId: string, at: number): void {
    this.#lastEnded.set(destinationId, at);
  }

  /** The receiver asked for nothing before `until` (a 429's Retry-After): every message to it waits. */
  pause(destinationId: string, until: number): void {
    this.#pausedUntil.set(destinationId, Math.max(until, this.#pausedUntil.get(destinationId) ?? 0));
  }

  forget(destinationId: string): void {
    this.#lastEnded.delete(destinationId);
    this.#pausedUntil.delete(destinationId);
  }
}

/** The interval of "at most `messages` per `perMs`". */
export function intervalOf(limit: { messages: number; perMs: number }): number {
  return Math.ceil(limit.perMs / Math.max(1, limit.messages));
}
