import { z } from 'zod';
import { baseLevelSchema } from '../monitor/snapshot';

/*
 * A watched page's history as observed by this computer: per component (and the page overall) the stretches
 * of time a level was seen, and the incidents seen. Times are epoch milliseconds (compact over IPC, cheap to
 * compare). Time that no segment covers was NOT observed (the app was closed, the page was not watched, its
 * polls failed or were paused): it is never counted as up.
 */

/** How long the history is kept. */
export const HISTORY_DAYS = 90;
export const DAY_MS = 86_400_000;

/** Most components one page's history carries (a larger page keeps its first ones). */
export const MAX_HISTORY_COMPONENTS = 500;

const epochMsSchema = z.number().int().min(0);

export const historySegmentSchema = z.object({
  start: epochMsSchema,
  end: epochMsSchema,
  level: baseLevelSchema,
});

export const historyComponentSchema = z.object({
  /** `page` for the page overall, `s<id>` for a service or component. */
  key: z.string().max(40),
  /** With its group: "Compute › EU-West". */
  name: z.string().max(500),
  segments: z.array(historySegmentSchema).max(50_000),
});

export const historyIncidentSchema = z.object({
  id: z.number().int(),
  title: z.string().max(1_000),
  /** The worst level it was seen at. */
  level: baseLevelSchema,
  maintenance: z.boolean(),
  start: epochMsSchema,
  /** Null while it is open (or when it was last seen open before the page stopped being observed). */
  resolved: epochMsSchema.nullable(),
});

export const pageHistorySchema = z.object({
  pageId: z.string().max(100),
  name: z.string().max(500),
  provider: z.boolean(),
  /** The window asked for. */
  from: epochMsSchema,
  to: epochMsSchema,
  overall: historyComponentSchema,
  components: z.array(historyComponentSchema).max(MAX_HISTORY_COMPONENTS),
  incidents: z.array(historyIncidentSchema).max(5_000),
});

export type HistorySegment = z.infer<typeof historySegmentSchema>;
export type HistoryComponent = z.infer<typeof historyComponentSchema>;
export type HistoryIncident = z.infer<typeof historyIncidentSchema>;
export type PageHistory = z.infer<typeof pageHistorySchema>;
