import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import type { MonitorEvent } from '@shared/monitor/events';
import type { ServiceSnapshot } from '@shared/monitor/snapshot';
import { activeSnoozes, snoozeRequestSchema, snoozeSchema, snoozeSilences, type Snooze, type SnoozeRequest } from '@shared/snooze/snooze';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { readTextIfPresentSync } from '@core/storage/read-if-present';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';

const SNOOZES_FILE_NAME = 'snoozes.json';
/** At most this many snoozes at once: each is a page, a service or an incident the user chose by hand. */
const MAX_SNOOZES = 500;

interface SnoozeFeatureOptions {
  dataDir: string;
  /** Where the snoozes are told as they change (one added, removed or run out): the tray and the window hear them. */
  events: Publisher<Pick<AppEvents, 'snooze.onChange'>>;
  now?: () => number;
  log?: (message: string) => void;
}

/**
 * The snoozes (page, service or incident, each until a time), kept in their own small file so they survive a
 * restart; one that ran out is dropped, and a timer tells the bus when the next one runs out, so the tray
 * and the card come back without a poll.
 */
export class SnoozeFeature {
  readonly #file: string;
  readonly #options: SnoozeFeatureOptions;
  readonly #now: () => number;
  #snoozes: Snooze[];
  #timer: NodeJS.Timeout | null = null;

  constructor(options: SnoozeFeatureOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#file = path.join(options.dataDir, SNOOZES_FILE_NAME);
    this.#snoozes = this.#read();
    this.#arm();
  }

  list(): Snooze[] {
    return activeSnoozes(this.#snoozes, this.#now());
  }

  /** Whether a snooze quiets this event of this page now (see snoozeSilences; `services`: the page's tree). */
  silences(pageId: string, event: MonitorEvent, services?: readonly ServiceSnapshot[]): boolean {
    return snoozeSilences(this.#snoozes, pageId, event, this.#now(), services);
  }

  async add(request: SnoozeRequest): Promise<Snooze[]> {
    const parsed = snoozeRequestSchema.safeParse(request);
    if (!parsed.success) throw new AppError('invalid_input', parsed.error.issues[0]?.message ?? 'Not a snooze.');
    const { pageId, target, label, minutes } = parsed.data;
    const snooze: Snooze = { id: randomUUID(), pageId, target, label, until: new Date(this.#now() + minutes * 60_000).toISOString() };
    // A new snooze of the same thing replaces the old one: "for 1 hour" after "for 8 hours" means one hour.
    const others = this.list().filter((s) => !(s.pageId === pageId && JSON.stringify(s.target) === JSON.stringify(target)));
    if (others.length >= MAX_SNOOZES) throw new AppError('invalid_input', `At most ${MAX_SNOOZES} snoozes at once: end some first.`);
    await this.#save([...others, snooze]);
    return this.list();
  }

  async remove(id: string): Promise<Snooze[]> {
    await this.#save(this.list().filter((snooze) => snooze.id !== id));
    return this.list();
  }

  dispose(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #save(next: Snooze[]): Promise<void> {
    await writeFileAtomic(this.#file, `${JSON.stringify({ snoozes: next }, null, 2)}\n`);
    this.#snoozes = next;
    this.#arm();
    this.#options.events.publish('snooze.onChange', this.list());
  }

  #read(): Snooze[] {
    try {
      const text = readTextIfPresentSync(this.#file);
      if (text === null) return [];
      const parsed = z.object({ snoozes: z.array(snoozeSchema) }).safeParse(JSON.parse(text));
      // Unreadable: nothing is snoozed, so nothing is kept quiet by mistake.
      if (parsed.success) return parsed.data.snoozes;
      this.#options.log?.('snooze: the saved snoozes could not be read; none is kept');
    } catch (error) {
      this.#options.log?.(`snooze: ${error instanceof Error ? error.message : String(error)}`);
    }
    return [];
  }

  /** A timer for the next snooze to run out (at most a day ahead, then again). */
  #arm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const now = this.#now();
    const next = Math.min(...this.list().map((snooze) => Date.parse(snooze.until)));
    if (!Number.isFinite(next)) return;
    this.#timer = setTimeout(
      () => {
        this.#snoozes = this.list();
        this.#arm();
        this.#options.events.publish('snooze.onChange', this.list());
      },
      Math.min(Math.max(next - now, 0) + 50, 86_400_000),
    );
    this.#timer.unref?.();
  }
}

export function snoozeHandlers(feature: SnoozeFeature) {
  return {
    'snooze.list': () => feature.list(),
    'snooze.add': (request: SnoozeRequest) => feature.add(request),
    'snooze.remove': ({ id }: { id: string }) => feature.remove(id),
  };
}
