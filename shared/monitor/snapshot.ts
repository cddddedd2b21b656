import { z } from 'zod';
import { BASE_LEVELS } from '../statuspal/levels';
import { isoTimeSchema } from './iso-time';

/*
 * The monitor's normalised summary of one page: what the diff compares and what the dashboard
 * shows. Plain data with ISO strings (no Dates) so it crosses IPC and JSON as is. It keeps the
 * latest update of each item and the ids of all of them, not every update's text: enough to see
 * that something new was posted, small enough for 500 pages.
 */

export const baseLevelSchema = z.enum(BASE_LEVELS);

export const updateSnapshotSchema = z.object({
  id: z.number().int(),
  /** Open string; `resolved` closes an incident; null on notice updates. */
  type: z.string().nullable(),
  description: z.string(),
  postedAt: isoTimeSchema.nullable(),
});

export const incidentSnapshotSchema = z.object({
  id: z.number().int(),
  /** As the page names it (may be custom, e.g. `performance`): show this text. */
  type: z.string(),
  /** Drives colour and severity. */
  level: baseLevelSchema,
  title: z.string(),
  url: z.string().nullable(),
  startsAt: isoTimeSchema.nullable(),
  endsAt: isoTimeSchema.nullable(),
  serviceIds: z.array(z.number().int()),
  /** Ids of every update, in the order the API lists them. */
  updateIds: z.array(z.number().int()),
  latestUpdate: updateSnapshotSchema.nullable(),
  /** The latest update is of type `resolved`. */
  resolved: z.boolean(),
  /**
   * The provider's parts it names by name, where its format names them so (a feed: AWS service-region, Google
   * Cloud products, Azure categories); absent: by `serviceIds`, or none (then it is the whole provider's).
   */
  parts: z.array(z.string().max(120)).max(30).optional(),
});

export const noticeSnapshotSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string().nullable(),
  serviceIds: z.array(z.number().int()),
  featuredFrom: isoTimeSchema.nullable(),
  featuredUntil: isoTimeSchema.nullable(),
  updateIds: z.array(z.number().int()),
  latestUpdate: updateSnapshotSchema.nullable(),
});

/** An incident or maintenance of a provider page that names only parts not followed. */
const elsewhereItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(['incident', 'maintenance']),
  parts: z.array(z.string().max(120)).max(30),
});

export interface ServiceSnapshot {
  /** Null only for malformed nodes (the API documentation's own example has an empty child). */
  id: number | null;
  name: string;
  currentType: string | null;
  level: z.infer<typeof baseLevelSchema>;
  children: ServiceSnapshot[];
}

export const serviceSnapshotSchema: z.ZodType<ServiceSnapshot> = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  currentType: z.string().nullable(),
  level: baseLevelSchema,
  get children() {
    return z.array(serviceSnapshotSchema);
  },
});

export const pageSnapshotSchema = z.object({
  name: z.string(),
  subdomain: z.string(),
  url: z.string().nullable(),
  timeZone: z.string().nullable(),
  /** The page's current incident type (custom names kept), null when operational. */
  currentType: z.string().nullable(),
  level: baseLevelSchema,
  /** Whether the server said which base level applies (older pages do not). */
  hasStatusType: z.boolean(),
  services: z.array(serviceSnapshotSchema),
  incidents: z.array(incidentSnapshotSchema),
  /** Active maintenances. */
  maintenances: z.array(incidentSnapshotSchema),
  upcomingMaintenances: z.array(incidentSnapshotSchema),
  infoNotices: z.array(noticeSnapshotSchema),
  /** Custom incident types with their base level, carried to the next poll of the page. */
  customTypes: z.record(z.string(), baseLevelSchema),
  /**
   * A provider page watched for some of its parts (followed-parts.ts): what is going on in parts not followed,
   * shown as such and counted nowhere (not in the level, the incidents or the notifications).
   */
  elsewhere: z.array(elsewhereItemSchema).max(50).optional(),
});

export type UpdateSnapshot = z.infer<typeof updateSnapshotSchema>;
export type IncidentSnapshot = z.infer<typeof incidentSnapshotSchema>;
export type NoticeSnapshot = z.infer<typeof noticeSnapshotSchema>;
export type PageSnapshot = z.infer<typeof pageSnapshotSchema>;
