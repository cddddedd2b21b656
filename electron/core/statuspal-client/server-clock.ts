/**
 * The server's clock as its `Date` header shows it. A computer whose clock is off by minutes or hours must
 * still compare its own moments (when a write was made, when it was first sent) with the times the server
 * stamps on objects (`inserted_at`, `starts_at`), so every answer's `Date` refreshes the offset.
 *
 * The header has whole-second precision and arrives after the server wrote it, so the offset is good to about
 * a second plus the request's latency; callers keep a tolerance on top of it.
 */
export class ServerClock {
  #offsetMs: number | null = null;
  /** The smallest offset seen: a clock that jumped (an NTP correction after sleep) moved it since. */
  #lowestOffsetMs: number | null = null;

  /** Notes the `Date` header of an answer received at `receivedAtMs` (local epoch ms); ignores a bad header. */
  observe(dateHeader: string | null | undefined, receivedAtMs: number): void {
    if (!dateHeader) return;
    const serverMs = Date.parse(dateHeader);
    if (!Number.isFinite(serverMs)) return;
    // The header is floored to the second: its middle is the best guess of the server's moment.
    this.#offsetMs = serverMs + 500 - receivedAtMs;
    this.#lowestOffsetMs = Math.min(this.#lowestOffsetMs ?? this.#offsetMs, this.#offsetMs);
  }

  /** Server time minus local time, in ms; null until an answer with a `Date` header was seen. */
  get offsetMs(): number | null {
    return this.#offsetMs;
  }

  /** A local moment on the server's clock (unchanged while the offset is unknown). */
  toServerTime(localMs: number): number {
    return localMs + (this.#offsetMs ?? 0);
  }

  /**
   * The earliest a past local moment can have been on the server's clock, whatever offset held then: for lower
   * bounds of look-ups, so a clock that jumped between a write and its look-up (the computer's, corrected by
   * minutes after a wake) cannot push the write out of its own window. Limit: offsets seen in this process.
   */
  earliestServerTime(localMs: number): number {
    return localMs + Math.min(this.#offsetMs ?? 0, this.#lowestOffsetMs ?? 0);
  }
}
