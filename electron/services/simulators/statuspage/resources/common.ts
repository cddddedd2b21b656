import { invalid } from '../errors';
import type { Page } from '../model';
import { bumpTime } from '../store';

/** Every write moves the record's updated_at (clients use it to detect conflicts). */
export function touch(rec: { updatedAt: number }, now: number): void {
  rec.updatedAt = bumpTime(rec.updatedAt, now);
}

export function checkServiceIds(page: Page, ids: number[] | undefined): void {
  if (!ids) return;
  for (const id of ids) if (!page.services.has(id)) throw invalid(`unknown service id ${id}`);
}
