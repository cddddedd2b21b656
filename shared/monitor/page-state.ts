import { z } from 'zod';
import { regionSchema } from '../accounts/account';
import { appErrorSchema } from '../errors';
import { isoTimeSchema } from './iso-time';
import { watchedPageKindSchema } from './watched-page';
import { baseLevelSchema, pageSnapshotSchema } from './snapshot';

/**
 * What the monitor knows about one page right now: for the dashboard, the tray and `status`.
 * A stale page keeps its last level and summary for reference, but `status: 'stale'` wins
 * wherever a state is shown: it is never displayed as operational.
 */
const pageStatusSchema = z.enum([
  /** No successful poll yet, and not enough failures to call it stale. */
  'pending',
  'ok',
  'stale',
]);

export const pausedReasonSchema = z.enum(['offline', 'suspended']);

export const pageStateSchema = z.object({
  pageId: z.string(),
  /** WatchedPage name, else the page's own name, else the subdomain. */
  name: z.string(),
  subdomain: z.string(),
  region: regionSchema,
  /** Absent on states from before provider pages: statuspal. */
  kind: watchedPageKindSchema.optional(),
  /** A provider page's address. */
  url: z.string().optional(),
  status: pageStatusSchema,
  /** Last known level; null before the first successful poll. */
  level: baseLevelSchema.nullable(),
  stale: z.boolean(),
  staleSince: isoTimeSchema.nullable(),
  lastCheckedAt: isoTimeSchema.nullable(),
  lastSuccessAt: isoTimeSchema.nullable(),
  nextCheckAt: isoTimeSchema.nullable(),
  consecutiveFailures: z.number().int().min(0),
  /** Why the last poll failed; null after a success. */
  error: appErrorSchema.nullable(),
  /** Polling is paused for every page: the computer sleeps or is offline. */
  paused: pausedReasonSchema.nullable(),
  muted: z.boolean(),
  /** The latest good summary, for the dashboard; null before the first one. */
  summary: pageSnapshotSchema.nullable(),
});

/** Everything the dashboard needs in one message. */
export const dashboardSnapshotSchema = z.object({
  at: isoTimeSchema,
  online: z.boolean(),
  suspended: z.boolean(),
  notificationsPausedUntil: isoTimeSchema.nullable(),
  pages: z.array(pageStateSchema),
});

export type PausedReason = z.infer<typeof pausedReasonSchema>;
export type PageState = z.infer<typeof pageStateSchema>;
export type DashboardSnapshot = z.infer<typeof dashboardSnapshotSchema>;
