import { randomUUID } from 'node:crypto';
import type { AlertDestination } from '@shared/alerts/alert-destination';
import type { AlertMessage } from '@shared/alerts/alert-message';
import type { AlertSettings } from '@shared/alerts/alert-settings';
import type { MonitorClock, TimerHandle } from '@core/monitor/clock';
import type { AlertDeliveryApi } from '../alert-delivery-api';
import { digestMessage, singleMessage } from './alert-messages';
import { changesOfPoll, type RoutedChange } from './changes-of-poll';
import { FloodCoalescer, type FloodTuning } from './flood-coalescer';
import type { GatheredJournal } from './gathered-journal';
import { heldIdOf, type HeldChanges, type HeldEntry } from './held-changes';
import type { PagePoll } from './page-poll';
import { quietUntil } from './quiet-hours';
import { targetsOf, type RouteTarget } from './rule-match';

/*
 * From a poll of a page to the delivery queue: changes → rules → quiet hours (held in a file, a digest when
 * they end) → flood coalescing (a digest when many come at once) → the queue.
 */

interface AlertRouterOptions {
  alerts: () => AlertSettings;
  delivery: Pick<AlertDeliveryApi, 'enqueue'>;
  held: HeldChanges;
  clock: MonitorClock;
  flood?: Partial<FloodTuning>;
  /** Where the flood's gathered changes are kept until their digest is queued; without it they live in memory only. */
  gathered?: GatheredJournal;
  /** A message that could not be queued (the disk is full): told, never silent. */
  reportProblem: (message: string) => void;
  log?: (line: string) => void;
}

/**
 * PagerDuty acts on each trigger and resolve by its dedup_key: those are never folded into a digest or held,
 * or an incident would stay open (or never open) on the on-call's phone. A major change is never held either.
 */
function mustGoAlone(destination: AlertDestination, routed: RoutedChange): boolean {
  return destination.kind === 'pagerduty' && routed.action !== 'info';
}

export class AlertRouter {
  readonly #options: AlertRouterOptions;
  readonly #flood: FloodCoalescer;
  readonly #pending = new Set<Promise<unknown>>();
  #releaseTimer: TimerHandle | null = null;
  #releaseAt = Infinity;
  #stopped = false;

  constructor(options: AlertRouterOptions) {
    this.#options = options;
    this.#flood = new FloodCoalescer({
      clock: options.clock,
      ...(options.flood ? { tuning: options.flood } : {}),
      ...(options.gathered ? { journal: options.gathered } : {}),
      send: (destinationId, changes, windowId) => {
        if (windowId === null) return this.#sendAlone(destinationId, changes[0]!);
        const message = this.#messageOf(destinationId, changes, 'flood');
        void this.#enqueue(destinationId, message, () => options.gathered?.done(windowId));
      },
    });
  }

  /**
   * Sends what a flood had gathered when the last run ended without sending it (a kill -9, a power cut), and what
   * quiet hours held past their end (after a night the app was off); arms the next end.
   */
  start(): void {
    this.#stopped = false;
    this.#resumeGathered();
    this.#releaseDue();
  }

  /** Sends what the flood window gathered, then waits for the queue to hold everything routed. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#flood.flushAll();
    this.#disarm();
    await this.settled();
    this.#options.gathered?.close();
  }

  /** Resolves once every message routed so far is in the delivery queue (or was reported as not queued). */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** One poll of one page: its changes go where the rules say. */
  route(poll: PagePoll): void {
    const settings = this.#options.alerts();
    if (settings.rules.length === 0) return;
    const now = this.#options.clock.now();
    const toHold: HeldEntry[] = [];
    for (const routed of changesOfPoll(poll)) {
      for (const target of targetsOf(routed, settings.destinations, settings.rules)) {
        if (routed.onlyForDedup && target.destination.kind !== 'pagerduty') continue;
        const until = routed.change.severity === 'major' || mustGoAlone(target.destination, routed) ? null : this.#quietUntil(target, now);
        if (until !== null && this.#options.held.hasRoom(toHold.length + 1)) {
          toHold.push({ destinationId: target.destination.id, until, routed });
        } else if (mustGoAlone(target.destination, routed)) {
          this.#sendAlone(target.destination.id, routed);
        } else {
          this.#flood.offer(target.destination.id, routed);
        }
      }
    }
    if (toHold.length > 0) {
      this.#track(
        this.#options.held.add(toHold).then(
          () => this.#arm(),
          (error: unknown) => {
            // Not kept for the morning: sent now rather than lost.
            this.#options.reportProblem(`Alerts could not be held for quiet hours (${describe(error)}); they were sent at once.`);
            for (const entry of toHold) this.#flood.offer(entry.destinationId, entry.routed);
          },
        ),
      );
    }
  }

  /** A held change sent now, before its quiet hours end (the delivery log's Retry). */
  async releaseNow(heldId: string): Promise<string | null> {
    const entry = this.#options.held.list().find((candidate) => heldIdOf(candidate) === heldId);
    if (!entry) return null;
    const id = await this.#options.delivery.enqueue(entry.destinationId, singleMessage(entry.routed, new Date(this.#options.clock.now()).toISOString()));
    await this.#options.held.remove([heldId]);
    return id;
  }

  /** Latest end among the matching rules' quiet hours, or null when one of them is not quiet now. */
  #quietUntil(target: RouteTarget, now: number): number | null {
    let latest = -Infinity;
    for (const rule of target.rules) {
      const until = quietUntil(rule.quietHours, target.destination.timeZone, now);
      if (until === null) return null;
      latest = Math.max(latest, until);
    }
    return latest;
  }

  #messageOf(destinationId: string, changes: readonly RoutedChange[], why: 'flood' | 'quiet'): AlertMessage {
    const createdAt = new Date(this.#options.clock.now()).toISOString();
    return changes.length === 1 ? singleMessage(changes[0]!, createdAt) : digestMessage(destinationId, changes, createdAt, why);
  }

  /** Each gathered window as the digest it would have been: the same changes, so the same key. */
  #resumeGathered(): void {
    const journal = this.#options.gathered;
    if (!journal) return;
    const known = new Set(this.#options.alerts().destinations.map((d) => d.id));
    for (const window of journal.open()) {
      // A destination removed since: its alerts went with it.
      if (!known.has(window.destinationId)) journal.done(window.windowId);
      else void this.#enqueue(window.destinationId, this.#messageOf(window.destinationId, window.changes, 'flood'), () => journal.done(window.windowId));
    }
  }

  /**
   * A change sent on its own is journalled too, on disk before route() returns, until the queue holds it: a kill
   * in between sends it on the next start (as its own window, so with its own key) instead of losing it.
   */
  #sendAlone(destinationId: string, routed: RoutedChange): void {
    const message = singleMessage(routed, new Date(this.#options.clock.now()).toISOString());
    const journal = this.#options.gathered;
    if (!journal) return void this.#enqueue(destinationId, message);
    const windowId = `alone-${randomUUID()}`;
    journal.record(windowId, destinationId, routed);
    void this.#enqueue(destinationId, message, () => journal.done(windowId));
  }

  /** `queued`: told once the queue holds the message (on disk), inside what settled() waits for. */
  #enqueue(destinationId: string, message: AlertMessage, queued?: () => void): Promise<void> {
    return this.#track(
      this.#options.delivery.enqueue(destinationId, message).then(
        () => queued?.(),
        (error: unknown) => this.#options.reportProblem(`An alert could not be queued for sending: ${message.title} (${describe(error)}).`),
      ),
    );
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    this.#pending.add(promise);
    void promise.finally(() => this.#pending.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** Held changes whose quiet hours are over: one message per destination, then removed from the file. */
  #releaseDue(): void {
    this.#disarm();
    const now = this.#options.clock.now();
    const due = new Map<string, HeldEntry[]>();
    for (const entry of this.#options.held.list()) {
      if (entry.until > now) continue;
      due.set(entry.destinationId, [...(due.get(entry.destinationId) ?? []), entry]);
    }
    const known = new Set(this.#options.alerts().destinations.map((d) => d.id));
    for (const [destinationId, entries] of due) {
      const ids = entries.map(heldIdOf);
      if (!known.has(destinationId)) {
        this.#track(this.#options.held.remove(ids));
        continue;
      }
      const message = this.#messageOf(
        destinationId,
        entries.map((entry) => entry.routed),
        'quiet',
      );
      // Removed from the file only once the queue holds the digest.
      this.#track(
        this.#options.delivery.enqueue(destinationId, message).then(
          () => this.#options.held.remove(ids),
          (error: unknown) => this.#options.reportProblem(`Alerts held for quiet hours could not be queued: ${describe(error)}. They are tried again.`),
        ),
      );
    }
    this.#arm();
  }

  #arm(): void {
    if (this.#stopped) return;
    const now = this.#options.clock.now();
    const next = Math.min(...this.#options.held.list().map((entry) => (entry.until > now ? entry.until : now + RETRY_RELEASE_MS)));
    if (!Number.isFinite(next) || next >= this.#releaseAt) return;
    this.#disarm();
    this.#releaseAt = next;
    this.#releaseTimer = this.#options.clock.setTimeout(() => {
      this.#releaseTimer = null;
      this.#releaseAt = Infinity;
      this.#releaseDue();
    }, next - now);
  }

  #disarm(): void {
    if (this.#releaseTimer !== null) this.#options.clock.clearTimeout(this.#releaseTimer);
    this.#releaseTimer = null;
    this.#releaseAt = Infinity;
  }
}

/** Held changes past their end that could not be queued are tried again after this long. */
const RETRY_RELEASE_MS = 60_000;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
