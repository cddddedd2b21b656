import { z } from 'zod';
import { appErrorSchema } from '../errors';
import { isoTimeSchema } from './iso-time';
import { baseLevelSchema, updateSnapshotSchema } from './snapshot';

/*
 * Monitor events: what the diff and the staleness rules produce. They go over IPC, into the
 * event history and into the CLI's `--json` output (one object per line, `type` first).
 * Every event has a stable `id`, the poll instant `at` and the page it concerns.
 */

export const MONITOR_EVENT_TYPES = [
  'page.level_changed',
  'service.level_changed',
  'incident.opened',
  'incident.updated',
  'incident.resolved',
  'maintenance.scheduled',
  'maintenance.started',
  'maintenance.ended',
  'notice.posted',
  'notice.removed',
  'page.stale',
  'page.recovered',
] as const;

export type MonitorEventType = (typeof MONITOR_EVENT_TYPES)[number];

export const pageRefSchema = z.object({
  /** WatchedPage id. */
  id: z.string(),
  name: z.string(),
  subdomain: z.string(),
});

/** An incident or maintenance (the API's maintenances are incidents of a scheduled type). */
export const incidentRefSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['incident', 'maintenance']),
  /** Type text as the page names it (may be custom). */
  type: z.string(),
  level: baseLevelSchema,
  title: z.string(),
  url: z.string().nullable(),
  serviceIds: z.array(z.number().int()),
  startsAt: isoTimeSchema.nullable(),
  endsAt: isoTimeSchema.nullable(),
  latestUpdate: updateSnapshotSchema.nullable(),
});

export const serviceRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** current_incident_type after the change (custom names kept), null = operational. */
  type: z.string().nullable(),
  level: baseLevelSchema,
  /** Parents, outermost first: "CH-DK-2 › Compute". */
  ancestors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const noticeRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string().nullable(),
  serviceIds: z.array(z.number().int()),
  latestUpdate: updateSnapshotSchema.nullable(),
});

/** The page's level before and after the poll that produced the event. */
export const levelChangeSchema = z.object({ from: baseLevelSchema, to: baseLevelSchema });

const base = {
  id: z.string(),
  at: isoTimeSchema,
  page: pageRefSchema,
  /**
   * Detected by the first good poll after a stale period: it happened while the page could not
   * be checked. Shown in history, never notified as news.
   */
  catchUp: z.boolean().optional(),
};

export const INCIDENT_CHANGES = ['update', 'type', 'title', 'schedule'] as const;

const pageLevelChangedSchema = z.object({
  type: z.literal('page.level_changed'),
  ...base,
  from: baseLevelSchema,
  to: baseLevelSchema,
  fromType: z.string().nullable(),
  toType: z.string().nullable(),
});

const serviceLevelChangedSchema = z.object({
  type: z.literal('service.level_changed'),
  ...base,
  service: serviceRefSchema,
  from: baseLevelSchema,
  to: baseLevelSchema,
  fromType: z.string().nullable(),
  toType: z.string().nullable(),
});

const incidentOpenedSchema = z.object({
  type: z.literal('incident.opened'),
  ...base,
  incident: incidentRefSchema,
  pageLevel: levelChangeSchema,
});

const incidentUpdatedSchema = z.object({
  type: z.literal('incident.updated'),
  ...base,
  incident: incidentRefSchema,
  changes: z.array(z.enum(INCIDENT_CHANGES)).min(1),
  /** How many updates were posted since the last poll. */
  newUpdates: z.number().int().min(0),
  previous: z.object({
    type: z.string(),
    level: baseLevelSchema,
    title: z.string(),
    startsAt: isoTimeSchema.nullable(),
    endsAt: isoTimeSchema.nullable(),
  }),
  pageLevel: levelChangeSchema,
});

const incidentResolvedSchema = z.object({
  type: z.literal('incident.resolved'),
  ...base,
  /** As last seen (or as listed with its `resolved` update). */
  incident: incidentRefSchema,
  /** resolved: a `resolved` update was seen; disappeared: left the summary; became_maintenance: moved to the maintenance lists. */
  reason: z.enum(['resolved', 'disappeared', 'became_maintenance']),
  pageLevel: levelChangeSchema,
});

const maintenanceScheduledSchema = z.object({
  type: z.literal('maintenance.scheduled'),
  ...base,
  incident: incidentRefSchema,
  pageLevel: levelChangeSchema,
});

const maintenanceStartedSchema = z.object({
  type: z.literal('maintenance.started'),
  ...base,
  incident: incidentRefSchema,
  /** Where it was on the previous poll: upcoming list, incident list, or nowhere (started unannounced). */
  previously: z.enum(['upcoming', 'incident', 'none']),
  pageLevel: levelChangeSchema,
});

const maintenanceEndedSchema = z.object({
  type: z.literal('maintenance.ended'),
  ...base,
  incident: incidentRefSchema,
  /**
   * ended: an active one left the lists; completed: a `resolved` update was seen; cancelled: an
   * upcoming one left the lists (or ran entirely between two polls); became_incident; rescheduled:
   * an active one went back to upcoming.
   */
  reason: z.enum(['ended', 'completed', 'cancelled', 'became_incident', 'rescheduled']),
  pageLevel: levelChangeSchema,
});

const noticePostedSchema = z.object({
  type: z.literal('notice.posted'),
  ...base,
  notice: noticeRefSchema,
  pageLevel: levelChangeSchema,
});

const noticeRemovedSchema = z.object({
  type: z.literal('notice.removed'),
  ...base,
  notice: noticeRefSchema,
  pageLevel: levelChangeSchema,
});

const pageStaleSchema = z.object({
  type: z.literal('page.stale'),
  ...base,
  /** Last level known before the page went stale; null when it never answered. */
  lastLevel: baseLevelSchema.nullable(),
  /** failures: consecutive failed polls; age: no successful poll for too long (offline, long backoff). */
  cause: z.enum(['failures', 'age']),
  failures: z.number().int().min(0),
  lastSuccessAt: isoTimeSchema.nullable(),
  error: appErrorSchema.nullable(),
});

const pageRecoveredSchema = z.object({
  type: z.literal('page.recovered'),
  ...base,
  /** Level found by the poll that ended the stale period. */
  level: baseLevelSchema,
  /** Level before the stale period; null when the page never answered before. */
  previousLevel: baseLevelSchema.nullable(),
  staleSince: isoTimeSchema,
});

export const monitorEventSchema = z.discriminatedUnion('type', [
  pageLevelChangedSchema,
  serviceLevelChangedSchema,
  incidentOpenedSchema,
  incidentUpdatedSchema,
  incidentResolvedSchema,
  maintenanceScheduledSchema,
  maintenanceStartedSchema,
  maintenanceEndedSchema,
  noticePostedSchema,
  noticeRemovedSchema,
  pageStaleSchema,
  pageRecoveredSchema,
]);

export type PageRef = z.infer<typeof pageRefSchema>;
export type IncidentRef = z.infer<typeof incidentRefSchema>;
export type ServiceRef = z.infer<typeof serviceRefSchema>;
export type NoticeRef = z.infer<typeof noticeRefSchema>;
export type LevelChange = z.infer<typeof levelChangeSchema>;
export type IncidentChange = (typeof INCIDENT_CHANGES)[number];
export type MonitorEvent = z.infer<typeof monitorEventSchema>;
export type MonitorEventOf<T extends MonitorEventType> = Extract<MonitorEvent, { type: T }>;
