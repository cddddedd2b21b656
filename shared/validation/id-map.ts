import { z } from 'zod';
import { BOUNDED_BY } from './bounded-record';

/*
 * A map from one page's ids (as text) to another's: services of one page to services of another, a provider's
 * components to own services. Bounded by what a real page needs (a service maps to a few others; a page has at
 * most about a thousand services), so a payload from the window cannot grow a settings file by megabytes.
 */

/** Keys (services or components of one page). */
const MAX_MAPPED_KEYS = 1_000;
/** Ids one key maps to. */
export const MAX_IDS_PER_KEY = 100;
/** Ids in the whole map. */
export const MAX_MAPPED_IDS = 5_000;

export const idMapSchema = z
  .record(z.string().min(1).max(40), z.array(z.number().int()).max(MAX_IDS_PER_KEY))
  .refine((map) => Object.keys(map).length <= MAX_MAPPED_KEYS, `A mapping holds at most ${MAX_MAPPED_KEYS} services.`)
  .refine((map) => Object.values(map).reduce((sum, ids) => sum + ids.length, 0) <= MAX_MAPPED_IDS, `A mapping names at most ${MAX_MAPPED_IDS} services in all.`)
  .meta({ [BOUNDED_BY]: `at most ${MAX_MAPPED_KEYS} keys and ${MAX_MAPPED_IDS} ids in all` });
