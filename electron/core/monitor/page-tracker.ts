import { AppError, toAppErrorShape, type AppErrorShape } from '@shared/errors';
import { diffSnapshots } from '@shared/monitor/diff';
import { stableId } from '@shared/monitor/event-id';
import type { MonitorEvent, PageRef } from '@shared/monitor/events';
import { toIso } from '@shared/monitor/iso-time';
import { ProviderNotUnderstoodError } from '@shared/monitor/provider/not-understood';
import { readProviderPage } from '@shared/monitor/provider/read-provider-page';
import { SummaryShapeError, readPageSnapshot } from '@shared/monitor/read-snapshot';
import type { PageSnapshot } from '@shared/monitor/snapshot';
import type { WatchedPage } from '@shared/monitor/watched-page';
import type { BaseLevel } from '@shared/statuspal/levels';

/*
 * What the monitor knows about one page between polls, and the rules that turn a poll's
 * outcome into events. No timers and no I/O: the scheduler decides when, this decides what.
 *
 * - A body byte-identical to the last good one is a success without parse, normalise or diff.
 * - The first good poll is the baseline: no events (nothing "happened", we just started).
 * - A failed poll is not a status change: it keeps the last summary and level, and only marks
 *   the page stale after `staleAfterFailures` consecutive failures or when the last success is
 *   older than `staleAfterIntervals` intervals.
 * - The first good poll after a stale period emits page.recovered, then the diff against the
 *   last summary from before, marked `catchUp`.
 */

interface StalenessRules {
  staleAfterFailures: number;
  staleAfterIntervals: number;
}

type BodyOutcome = 'unchanged' | 'baseline' | 'changed';

interface BodyResult {
  outcome: BodyOutcome;
  events: MonitorEvent[];
}

/** Turns a parse or shape failure of a 2xx body into the app's error vocabulary. */
export function invalidBodyError(error: unknown): AppError {
  if (error instanceof ProviderNotUnderstoodError) return new AppError('invalid_response', `${error.message}.`);
  if (error instanceof SummaryShapeError) return new AppError('invalid_response', `The summary has an unexpected shape (${error.message}).`);
  if (error instanceof SyntaxError) return new AppError('invalid_response', 'The summary is not valid JSON.');
  return error instanceof AppError ? error : new AppError('internal', 'The summary could not be read.');
}

export class PageTracker {
  page: WatchedPage;
  snapshot: PageSnapshot | null = null;
  lastCheckedAt: number | null = null;
  lastSuccessAt: number | null = null;
  consecutiveFailures = 0;
  stale = false;
  staleSince: number | null = null;
  error: AppErrorShape | null = null;
  /** When tracking began: the age rule's reference before any success. */
  readonly trackingSince: number;
  #lastBody: string | null = null;
  #levelBeforeStale: BaseLevel | null = null;
  #ref: PageRef | null = null;
  readonly #rules: StalenessRules;

  constructor(page: WatchedPage, trackingSince: number, rules: StalenessRules) {
    this.#rules = rules;
    this.page = page;
    this.trackingSince = trackingSince;
  }

  /**
   * Keeps state; only the name, mutes, follows, interval and the parts followed may differ (same server and
   * subdomain). Other parts followed read the last answer again at once, as a new baseline: choosing what to
   * follow is not a change on the page, so it makes no events. True when the summary changed so.
   */
  updatePage(page: WatchedPage): boolean {
    if (page.name !== this.page.name) this.#ref = null;
    const partsChanged = (page.parts ?? []).join('\n') !== (this.page.parts ?? []).join('\n');
    this.page = page;
    if (!partsChanged || this.#lastBody === null || page.kind !== 'provider') return false;
    try {
      this.snapshot = this.#read(this.#lastBody, this.lastSuccessAt ?? Date.now());
      return true;
    } catch {
      // The answer was read before; if it cannot be now, the next poll reads it.
      this.#lastBody = null;
      return false;
    }
  }

  #read(text: string, at: number): PageSnapshot {
    // A provider's page (in its format: provider-format.ts) is read into the same model, for the parts it follows.
    return this.page.kind === 'provider'
      ? readProviderPage(text, { url: this.page.url ?? '', format: this.page.format, parts: this.page.parts }, at)
      : readPageSnapshot(JSON.parse(text), this.snapshot?.customTypes);
  }

  /**
   * The name the user gave, else the page's own name from its summary, else, until the first read, what the
   * user typed to watch it: the subdomain, or a provider page's address (never the slug made from it).
   */
  get name(): string {
    return this.page.name ?? this.snapshot?.name ?? (this.page.kind === 'provider' && this.page.url ? addressName(this.page.url) : this.page.subdomain);
  }

  pageRef(): PageRef {
    this.#ref ??= { id: this.page.id, name: this.name, subdomain: this.page.subdomain };
    return this.#ref;
  }

  /** When the age rule would make the page stale; null when it already is. */
  staleDeadline(intervalMs: number): number | null {
    if (this.stale) return null;
    return (this.lastSuccessAt ?? this.trackingSince) + this.#rules.staleAfterIntervals * intervalMs;
  }

  /**
   * A 2xx body. Throws (SyntaxError, SummaryShapeError) without changing anything when it cannot
   * be read; the caller then records a failure.
   */
  recordBody(text: string, at: number): BodyResult {
    if (this.snapshot !== null && text === this.#lastBody) {
      const events = this.stale ? [this.#recovered(this.snapshot.level, at)] : [];
      this.#succeeded(at);
      return { outcome: 'unchanged', events };
    }
    const next = this.#read(text, at);
    const prev = this.snapshot;
    const wasStale = this.stale;
    if (prev === null || prev.name !== next.name) this.#ref = null;
    this.snapshot = next;
    this.#lastBody = text;
    const events: MonitorEvent[] = [];
    if (wasStale) events.push(this.#recovered(next.level, at));
    if (prev !== null) {
      const diff = diffSnapshots(prev, next, { page: this.pageRef(), at: toIso(at), ...(wasStale ? { catchUp: true } : {}) });
      for (const event of diff) events.push(event);
    }
    this.#succeeded(at);
    return { outcome: prev === null ? 'baseline' : 'changed', events };
  }

  /** A failed poll: never a status change; maybe the start of a stale period. */
  recordFailure(error: unknown, at: number, intervalMs: number): MonitorEvent[] {
    this.consecutiveFailures++;
    this.lastCheckedAt = at;
    this.error = toAppErrorShape(error instanceof AppError ? error : invalidBodyError(error));
    if (this.stale) return [];
    if (this.consecutiveFailures >= this.#rules.staleAfterFailures) return [this.#goStale(at, 'failures')];
    const deadline = this.staleDeadline(intervalMs);
    if (deadline !== null && at >= deadline) return [this.#goStale(at, 'age')];
    return [];
  }

  /** The age rule on its own, for when no poll runs (offline, long Retry-After). */
  checkAge(at: number, intervalMs: number, reason?: AppErrorShape): MonitorEvent[] {
    const deadline = this.staleDeadline(intervalMs);
    if (deadline === null || at < deadline) return [];
    if (reason && this.error === null) this.error = reason;
    return [this.#goStale(at, 'age')];
  }

  #succeeded(at: number): void {
    this.lastCheckedAt = at;
    this.lastSuccessAt = at;
    this.consecutiveFailures = 0;
    this.error = null;
    this.stale = false;
    this.staleSince = null;
  }

  /** What every event of this page starts with; the id is stable for the same page, moment and type. */
  #eventHead<T extends MonitorEvent['type']>(type: T, at: number): { type: T; id: string; at: string; page: PageRef } {
    const iso = toIso(at);
    const page = this.pageRef();
    return { type, id: stableId([page.id, iso, type]), at: iso, page };
  }

  #goStale(at: number, cause: 'failures' | 'age'): MonitorEvent {
    this.stale = true;
    this.staleSince = at;
    this.#levelBeforeStale = this.snapshot?.level ?? null;
    return {
      ...this.#eventHead('page.stale', at),
      lastLevel: this.#levelBeforeStale,
      cause,
      failures: this.consecutiveFailures,
      lastSuccessAt: this.lastSuccessAt === null ? null : toIso(this.lastSuccessAt),
      error: this.error,
    };
  }

  #recovered(level: BaseLevel, at: number): MonitorEvent {
    return {
      ...this.#eventHead('page.recovered', at),
      level,
      previousLevel: this.#levelBeforeStale,
      staleSince: toIso(this.staleSince ?? at),
    };
  }
}

/** "https://status.nimbus.example/" → "status.nimbus.example": a provider page's address as a name. */
export function addressName(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
}
