import { z } from 'zod';
import { boundedRecord } from '../validation/bounded-record';
import { linkedIncidentIdSchema, MAX_GROUP_MEMBERS } from './linked-incidents';
import { pageRefSchema } from './page-prefs';

/*
 * An update (or the resolve) posted from the window to every other page of a linked incident: what the window
 * asks (`linked.postToAll`) and what each page became. The core chooses the pages and queues one write per page.
 */

export const postToLinkedRequestSchema = z.object({
  groupId: z.string().min(1).max(100),
  /** The page the editor shows: its write is the editor's own, never made here. */
  page: pageRefSchema,
  update: boundedRecord(),
  /** Pages that have their write already (an earlier try of the same editor): never twice. */
  done: z.array(pageRefSchema).max(MAX_GROUP_MEMBERS).default([]),
  /** "Try again for …": that page only. */
  only: pageRefSchema.nullable().default(null),
});

const linkedPageOutcomeSchema = pageRefSchema.extend({
  incidentId: linkedIncidentIdSchema,
  state: z.enum(['queued', 'skipped', 'failed']),
  /** Why a page was skipped or failed. */
  reason: z.string().max(2_000).optional(),
  /** The queued write's outbox id. */
  entryId: z.string().uuid().optional(),
});

export const postToLinkedResultSchema = z.object({ pages: z.array(linkedPageOutcomeSchema).max(MAX_GROUP_MEMBERS) });
export type PostToLinkedResult = z.infer<typeof postToLinkedResultSchema>;

/** An update as another page gets it: without translations (each page has its own languages). */
export function withoutTranslations(update: Record<string, unknown>): Record<string, unknown> {
  const { translations: _translations, ...rest } = update;
  return rest;
}
