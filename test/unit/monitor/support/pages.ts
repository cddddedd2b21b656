import { watchedPageSchema, type WatchedPage, type WatchedPageInput } from '../../../../shared/monitor/watched-page';

let counter = 0;

/** A valid WatchedPage with defaults; ids are deterministic UUIDs. */
export function watchedPage(fields: Partial<WatchedPageInput> = {}): WatchedPage {
  counter++;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return watchedPageSchema.parse({ id, region: 'custom', baseUrl: 'http://127.0.0.1:9/api/v2', subdomain: 'acme', ...fields });
}
