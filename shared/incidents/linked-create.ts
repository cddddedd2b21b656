import { z } from 'zod';
import { boundedRecord } from '../validation/bounded-record';
import { linkedGroupSchema, linkedIncidentIdSchema, linkedMemberSchema, MAX_GROUP_MEMBERS, serviceMapSchema } from './linked-incidents';
import { pageRefSchema } from './page-prefs';

/*
 * One new incident created on several pages from the window's incident editor: what the window asks
 * (`linked.createOnAll`) once its own page's create is queued, and what each other page became. The core
 * creates on the other pages, one create each, and keeps the group.
 */

/** An extra page the incident also goes to, with the services of the page created from mapped to its own. */
const linkedCreateTargetSchema = pageRefSchema.extend({ map: serviceMapSchema });

export const createOnLinkedRequestSchema = z.object({
  /** The page created from: its create is the editor's own, queued before this is asked. */
  page: pageRefSchema,
  /** The incident as the editor built it for its own page (services and translations its page's). */
  incident: boundedRecord(),
  targets: z.array(linkedCreateTargetSchema).max(MAX_GROUP_MEMBERS),
  /** Every page whose create is queued already (earlier tries of the same editor), this page's among them: never twice. */
  queued: z.array(linkedMemberSchema).min(1).max(MAX_GROUP_MEMBERS),
  /** The group an earlier try recorded. */
  groupId: z.string().min(1).max(100).nullable().default(null),
  /** "Try again for …": that page only. */
  only: pageRefSchema.nullable().default(null),
});
export type CreateOnLinkedRequest = z.input<typeof createOnLinkedRequestSchema>;

const REASON_MAX = 2_000;

const linkedCreateOutcomeSchema = z.discriminatedUnion('state', [
  pageRefSchema.extend({
    state: z.literal('queued'),
    /** The temp id the new incident has until its create is sent. */
    incidentId: linkedIncidentIdSchema,
    /** The page's own services, as mapped. */
    serviceIds: linkedMemberSchema.shape.serviceIds,
    /** The queued create's outbox id. */
    entryId: z.string().uuid(),
  }),
  pageRefSchema.extend({ state: z.literal('failed'), reason: z.string().max(REASON_MAX) }),
]);

export const createOnLinkedResultSchema = z.object({
  pages: z.array(linkedCreateOutcomeSchema).max(MAX_GROUP_MEMBERS),
  /** The group as kept now; null while only one page has its create queued, or when it could not be kept. */
  group: linkedGroupSchema.nullable(),
  /** Why the group could not be kept: every create stays queued, the next try keeps it. */
  linkError: z.string().max(REASON_MAX).nullable(),
});
export type CreateOnLinkedResult = z.infer<typeof createOnLinkedResultSchema>;

/** The services an incident body names by their ids on its own page. */
export function pickedServiceIds(incident: Record<string, unknown>): number[] {
  return Array.isArray(incident.service_ids) ? incident.service_ids.filter((id): id is number => typeof id === 'number') : [];
}
