import { z } from 'zod';
import { idMapSchema } from '../validation/id-map';
import { pageRefSchema } from './page-prefs';

/*
 * One incident posted on several pages: the app keeps, on this computer, which incidents of
 * which pages are "the same" (a group), and which services of one page were mapped to which of another. Nothing
 * of it is asked of the API: each page gets its own ordinary incident.
 */

/** Enough for every incident a team runs at once, and small enough that the file stays a glance to read. */
export const MAX_LINKED_GROUPS = 200;
export const MAX_GROUP_MEMBERS = 20;
export const MAX_SERVICE_MAPPINGS = 200;

const serviceIdsSchema = z.array(z.number().int()).max(1_000);

/** A page's incident: its server id, or the outbox's temp id (`tmp-<uuid>`) until its create is sent. */
export const linkedIncidentIdSchema = z.union([z.number().int(), z.string().min(1).max(100)]);
type LinkedIncidentId = z.infer<typeof linkedIncidentIdSchema>;

/**
 * One page's incident in a group, with the services it was created with on that page; `deleted` once it was
 * deleted (through the app, or found gone on the server): kept so the group says so, and sent nothing more.
 */
export const linkedMemberSchema = pageRefSchema.extend({
  incidentId: linkedIncidentIdSchema,
  serviceIds: serviceIdsSchema,
  deleted: z.boolean().optional(),
});
export type LinkedMember = z.infer<typeof linkedMemberSchema>;

export const linkedGroupSchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string().max(255),
  createdAt: z.string().max(40),
  /** The page it was written from first. */
  members: z.array(linkedMemberSchema).min(2).max(MAX_GROUP_MEMBERS),
});
export type LinkedGroup = z.infer<typeof linkedGroupSchema>;

/** What the editor records once every page's create is queued. */
export const recordGroupSchema = z.object({
  title: z.string().max(255),
  members: z.array(linkedMemberSchema).min(2).max(MAX_GROUP_MEMBERS),
});
export type RecordGroupInput = z.infer<typeof recordGroupSchema>;

/** Pages queued later into a group already recorded (a retry after some page's create could not be queued). */
export const addMembersSchema = z.object({
  groupId: z.string().min(1).max(100),
  members: z.array(linkedMemberSchema).min(1).max(MAX_GROUP_MEMBERS),
});
export type AddMembersInput = z.infer<typeof addMembersSchema>;

/** A page's incident was deleted: by every id it may be named by (its temp id and its server id). */
export const markDeletedSchema = pageRefSchema.extend({ incidentIds: z.array(linkedIncidentIdSchema).min(1).max(2) });
export type MarkDeletedInput = z.infer<typeof markDeletedSchema>;

export const serviceMapSchema = idMapSchema;
export type ServiceMap = z.infer<typeof serviceMapSchema>;

export const servicePairSchema = z.object({ from: pageRefSchema, to: pageRefSchema });
export type ServicePair = z.infer<typeof servicePairSchema>;

export const serviceMappingSchema = servicePairSchema.extend({ map: serviceMapSchema });
export type ServiceMapping = z.infer<typeof serviceMappingSchema>;

export const samePage = (a: { accountId: string; subdomain: string }, b: { accountId: string; subdomain: string }): boolean =>
  a.accountId === b.accountId && a.subdomain === b.subdomain;

/** The members whose incident was not deleted. */
export const liveMembers = (group: LinkedGroup): LinkedMember[] => group.members.filter((m) => m.deleted !== true);

/**
 * The group a page's incident belongs to (by its server id, or by the temp id its create had). A group with
 * fewer than two incidents not deleted is no group any more: the one left is a single incident again.
 */
export function groupOf(
  groups: readonly LinkedGroup[],
  page: { accountId: string; subdomain: string },
  incidentId: LinkedIncidentId,
  tempIdOf: (id: LinkedIncidentId) => LinkedIncidentId | undefined = () => undefined,
): LinkedGroup | null {
  const ids = new Set([String(incidentId), ...(tempIdOf(incidentId) === undefined ? [] : [String(tempIdOf(incidentId))])]);
  const found = groups.find((group) => group.members.some((m) => samePage(m, page) && ids.has(String(m.incidentId)))) ?? null;
  return found && liveMembers(found).length >= 2 ? found : null;
}
