import { z } from 'zod';
import { isoTimeSchema } from './iso-time';
import { pageStateSchema, type PageState } from './page-state';
import { incidentSnapshotSchema, noticeSnapshotSchema, pageSnapshotSchema, serviceSnapshotSchema, type PageSnapshot, type ServiceSnapshot } from './snapshot';

/*
 * What crosses IPC for the dashboard: a versioned view of collapsed cards (monitor.snapshot), page details on
 * demand (monitor.pageDetail), and versioned patches (monitor.onPatch) that carry only what changed. Every
 * message has the next version; a renderer that sees a gap asks for the view again. A card is a few hundred
 * bytes; a page's services and incidents (tens of KB on a big page) travel only when the card is opened.
 */

/** What a collapsed card shows: the page state without its summary, plus counts and the worst incident. */
export const pageCardSchema = pageStateSchema.omit({ summary: true }).extend({
  /** The page's current incident type (custom names kept), null when operational or unknown. */
  currentType: z.string().nullable(),
  activeCount: z.number().int().min(0),
  affectedServices: z.number().int().min(0),
  worstIncidentTitle: z.string().nullable(),
  /** Whether a summary exists to open (the first good poll came). */
  hasDetail: z.boolean(),
  /** The dashboard version at which this page's detail last changed: a detail older than this is out of date. */
  detailVersion: z.number().int().min(0),
});

export const dashboardGlobalSchema = z.object({
  online: z.boolean(),
  suspended: z.boolean(),
  notificationsPausedUntil: isoTimeSchema.nullable(),
});

/** monitor.snapshot: every card at one version. */
export const dashboardViewSchema = dashboardGlobalSchema.extend({
  version: z.number().int().min(0),
  at: isoTimeSchema,
  pages: z.array(pageCardSchema),
});

/** monitor.pageDetail: one page's summary (services, incidents, maintenances, notices) at a version. */
export const pageDetailSchema = z.object({
  pageId: z.string(),
  version: z.number().int().min(0),
  summary: pageSnapshotSchema.nullable(),
});

const idList = z.array(z.number().int());

/** Changes to one list of items keyed by id: new or changed items whole, removed ids, the order when it moved. */
function listDeltaSchema<T extends z.ZodType>(item: T) {
  return z.object({ upsert: z.array(item), remove: idList, order: idList.optional() });
}

/**
 * What changed in a page's summary since `since` (the card's previous detailVersion). A first summary, or a
 * page that became another page, sends no delta: the card's new detailVersion tells an open card to fetch it.
 */
export const detailDeltaSchema = z.object({
  since: z.number().int().min(0),
  /** Page-level fields, when any changed. */
  header: pageSnapshotSchema.omit({ services: true, incidents: true, maintenances: true, upcomingMaintenances: true, infoNotices: true }).optional(),
  incidents: listDeltaSchema(incidentSnapshotSchema).optional(),
  maintenances: listDeltaSchema(incidentSnapshotSchema).optional(),
  upcomingMaintenances: listDeltaSchema(incidentSnapshotSchema).optional(),
  infoNotices: listDeltaSchema(noticeSnapshotSchema).optional(),
  /** Services whose level or type changed, when the tree kept its shape. */
  serviceLevels: z.array(z.object({ id: z.number().int(), currentType: z.string().nullable(), level: pageSnapshotSchema.shape.level })).optional(),
  /** The whole tree, when its shape (ids, names, nesting) changed. */
  services: z.array(serviceSnapshotSchema).optional(),
});

/** A poll that changed nothing but the check times. */
const checkTickSchema = pageStateSchema.pick({ pageId: true, lastCheckedAt: true, lastSuccessAt: true, nextCheckAt: true });

export const dashboardPatchSchema = z.object({
  /** Exactly one more than the previous message's version. */
  version: z.number().int().min(1),
  global: dashboardGlobalSchema.optional(),
  /** Cards that changed beyond their check times (added pages too), with their detail's changes. */
  pages: z.array(z.object({ card: pageCardSchema, detail: detailDeltaSchema.optional() })),
  removed: z.array(z.string()),
  ticks: z.array(checkTickSchema),
});

export type PageCard = z.infer<typeof pageCardSchema>;
export type DashboardGlobal = z.infer<typeof dashboardGlobalSchema>;
export type DashboardView = z.infer<typeof dashboardViewSchema>;
export type PageDetail = z.infer<typeof pageDetailSchema>;
export type DetailDelta = z.infer<typeof detailDeltaSchema>;
export type DashboardPatch = z.infer<typeof dashboardPatchSchema>;

function countAffected(services: readonly ServiceSnapshot[]): number {
  let sum = 0;
  for (const s of services) sum += (s.level !== 'operational' ? 1 : 0) + countAffected(s.children);
  return sum;
}

const LEVEL_RANK = { operational: 0, scheduled: 1, minor: 2, major: 3 } as const;

type CardCounts = Pick<PageCard, 'currentType' | 'activeCount' | 'affectedServices' | 'worstIncidentTitle' | 'hasDetail'>;

const NO_SUMMARY: CardCounts = { currentType: null, activeCount: 0, affectedServices: 0, worstIncidentTitle: null, hasDetail: false };
// A summary object is replaced, never changed, when a poll changes the page: its counts are worked out once.
const countsOfSummary = new WeakMap<PageSnapshot, CardCounts>();

function countsOf(summary: PageSnapshot | null): CardCounts {
  if (summary === null) return NO_SUMMARY;
  let counts = countsOfSummary.get(summary);
  if (!counts) {
    let worst: { title: string; rank: number } | null = null;
    for (const incident of summary.incidents) {
      if (incident.resolved) continue;
      const rank = LEVEL_RANK[incident.level];
      if (worst === null || rank > worst.rank) worst = { title: incident.title, rank };
    }
    counts = {
      currentType: summary.currentType,
      activeCount: summary.incidents.length + summary.maintenances.length,
      affectedServices: countAffected(summary.services),
      worstIncidentTitle: worst?.title ?? null,
      hasDetail: true,
    };
    countsOfSummary.set(summary, counts);
  }
  return counts;
}

/** The collapsed card of a page state: counts and the worst open incident's title instead of the summary. */
export function cardOf(state: PageState, detailVersion: number): PageCard {
  const { summary, ...rest } = state;
  return { ...rest, ...countsOf(summary), detailVersion };
}
