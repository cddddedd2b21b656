import path from 'node:path';
import { z } from 'zod';
import { alertChangeSchema } from '@shared/alerts/alert-message';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { quarantineFile } from '@core/storage/quarantine';
import { readTextIfPresentSync } from '@core/storage/read-if-present';
import type { RoutedChange } from './changes-of-poll';
import { TypedEvents } from '@core/events/typed-events';

/*
 * What quiet hours hold, kept in a small file until they end, so a restart or a reboot in the night loses
 * nothing: the changes are sent as one digest when the hours end, and only then removed from the file. A
 * crash between the two sends the digest again with the same key (at least once, never lost).
 */

/** Held changes kept at most; past it a change is sent at once rather than held (never dropped). */
const MAX_HELD_CHANGES = 5_000;

/** A RoutedChange as kept on disk (here and in the flood's gathered-journal.ts). */
export const routedChangeSchema = z.object({
  change: alertChangeSchema,
  key: z.string(),
  incidentKey: z.string(),
  action: z.enum(['trigger', 'resolve', 'info']),
  serviceIds: z.array(z.number().int()),
  onlyForDedup: z.boolean().optional(),
});

const heldEntrySchema = z.object({
  destinationId: z.string(),
  /** Epoch ms when the destination's quiet hours end. */
  until: z.number(),
  routed: routedChangeSchema,
});
export type HeldEntry = z.infer<typeof heldEntrySchema>;

const heldFileSchema = z.object({ version: z.literal(1), held: z.array(heldEntrySchema) });

export function heldChangesPath(dataDir: string): string {
  return path.join(dataDir, 'alerts-held.json');
}

export const heldIdOf = (entry: Pick<HeldEntry, 'destinationId'> & { routed: Pick<RoutedChange, 'key'> }): string =>
  `${entry.destinationId}/${entry.routed.key}`;

export class HeldChanges {
  readonly #filePath: string;
  readonly #entries = new Map<string, HeldEntry>();
  /** A listener's failure is its own; the file is written. */
  readonly #changes = new TypedEvents<{ change: undefined }>();
  #writing: Promise<void> = Promise.resolve();

  private constructor(filePath: string, entries: readonly HeldEntry[]) {
    this.#filePath = filePath;
    for (const entry of entries) this.#entries.set(heldIdOf(entry), entry);
  }

  /** Reads the file (small: at most MAX_HELD_CHANGES changes), at once, so the app's core is built synchronously; a damaged one is moved aside and told, and the app starts with none held. */
  static open(options: { filePath: string; reportProblem: (message: string) => void }): HeldChanges {
    const text = readTextIfPresentSync(options.filePath);
    if (text === null) return new HeldChanges(options.filePath, []);
    try {
      return new HeldChanges(options.filePath, heldFileSchema.parse(JSON.parse(text)).held);
    } catch {
      const movedTo = quarantineFile(options.filePath);
      options.reportProblem(`The alerts held for quiet hours could not be read. The file was moved to ${movedTo}.`);
      return new HeldChanges(options.filePath, []);
    }
  }

  list(): HeldEntry[] {
    return [...this.#entries.values()];
  }

  has(id: string): boolean {
    return this.#entries.has(id);
  }

  /** Room for `count` more. */
  hasRoom(count = 1): boolean {
    return this.#entries.size + count <= MAX_HELD_CHANGES;
  }

  /** Told after every change of what is held (the delivery log shows it). */
  onChange(listener: () => void): () => void {
    return this.#changes.subscribe('change', listener);
  }

  /** Keeps the entries, written to the file before it resolves. */
  add(entries: readonly HeldEntry[]): Promise<void> {
    for (const entry of entries) this.#entries.set(heldIdOf(entry), entry);
    return this.#write();
  }

  remove(ids: readonly string[]): Promise<void> {
    let removed = false;
    for (const id of ids) removed = this.#entries.delete(id) || removed;
    return removed ? this.#write() : this.#writing;
  }

  #told(): void {
    this.#changes.publish('change', undefined);
  }

  /** Forgets a removed destination's held changes; returns how many. */
  async dropDestination(destinationId: string): Promise<number> {
    const ids = this.list()
      .filter((entry) => entry.destinationId === destinationId)
      .map(heldIdOf);
    await this.remove(ids);
    return ids.length;
  }

  /** Writes one after another, each the whole state as it is when it starts. */
  #write(): Promise<void> {
    const next = this.#writing
      .then(
        () => this.#writeNow(),
        () => this.#writeNow(),
      )
      .then(() => this.#told());
    this.#writing = next;
    return next;
  }

  #writeNow(): Promise<void> {
    return writeFileAtomic(this.#filePath, `${JSON.stringify({ version: 1, held: this.list() })}\n`);
  }
}
