/**
 * The simulated clock. Every timestamp the simulator writes comes from here, so tests can move time
 * (start maintenances, expire notices) without waiting.
 *
 * Running: follows real time from its start point (demo mode shows fresh timestamps).
 * Frozen: stays put until advanced (deterministic tests).
 */
export class SimClock {
  #baseSim: number;
  #baseReal: number;
  #frozen: boolean;

  constructor(start: Date | number = Date.now(), frozen = false) {
    this.#baseSim = typeof start === 'number' ? start : start.getTime();
    this.#baseReal = Date.now();
    this.#frozen = frozen;
  }

  nowMs(): number {
    return this.#frozen ? this.#baseSim : this.#baseSim + (Date.now() - this.#baseReal);
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** Moves forward only: moving backwards would resurrect ended maintenances silently (use set()). */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advanceClock needs a finite, non-negative number of ms');
    this.#rebase(this.nowMs() + ms);
    return this.nowMs();
  }

  set(at: Date | number): void {
    const ms = typeof at === 'number' ? at : at.getTime();
    if (!Number.isFinite(ms)) throw new RangeError('invalid clock time');
    this.#rebase(ms);
  }

  isFrozen(): boolean {
    return this.#frozen;
  }

  setFrozen(frozen: boolean): void {
    const now = this.nowMs();
    this.#frozen = frozen;
    this.#rebase(now);
  }

  #rebase(simMs: number): void {
    this.#baseSim = simMs;
    this.#baseReal = Date.now();
  }
}

/** Whole seconds: the service stores and shows second precision. */
export function floorSecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/** `YYYY-MM-DDThh:mm:ss`, UTC, no zone suffix, as the real service writes it. */
export function formatDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

export function formatNullable(ms: number | null): string | null {
  return ms === null ? null : formatDateTime(ms);
}

const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})?$/;

/**
 * Parses the service's naive datetimes as UTC (never local time) and tolerates the ISO variants
 * clients commonly send (fraction, `Z`, offsets). Returns null when it is not a datetime.
 */
export function parseDateTime(value: string): number | null {
  const m = DATETIME_RE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  let ms = Date.UTC(Number(y), month - 1, day, hour, minute, second, frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0);
  if (new Date(ms).getUTCDate() !== day) return null; // 31 April and friends
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
    ms -= sign * offset * 60_000;
  }
  return ms;
}
