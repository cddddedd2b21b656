import { invalid } from '../errors';
import type { Extra, Page } from '../model';
import { bumpTime } from '../store';

/** Every write moves the record's updated_at (clients use it to detect conflicts). */
export function touch(rec: { updatedAt: number }, now: number): void {
  rec.updatedAt = bumpTime(rec.updatedAt, now);
}

/**
 * A PUT changes only what it names: each of `fields` the input gives (not undefined) is copied onto
 * the record, the extras sent are merged over the old ones, and updated_at moves.
 */
export function applyChanges<R extends { updatedAt: number; extra: Extra }, K extends keyof R>(
  rec: R,
  input: { [F in K]?: R[F] } & { extra: Extra },
  fields: readonly K[],
  now: number,
): void {
  for (const k of fields) {
    const v = input[k];
    if (v !== undefined) rec[k] = v as R[K];
  }
  rec.extra = { ...rec.extra, ...input.extra };
  touch(rec, now);
}

export function checkServiceIds(page: Page, ids: number[] | undefined): void {
  if (!ids) return;
  for (const id of ids) if (!page.services.has(id)) throw invalid(`unknown service id ${id}`);
}
