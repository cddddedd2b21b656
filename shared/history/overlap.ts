import { z } from 'zod';
import { baseLevelSchema } from '../monitor/snapshot';
import type { BaseLevel } from '../statuspal/levels';
import type { PageHistory } from './page-history';
import { isDegraded, worseLevel } from './history-levels';

/*
 * "What else was down then": across the watched pages, each component that was degraded or down and each
 * incident that was open at some moment between `from` and `to`. Bounded: at most `limit` rows; `more` counts
 * the rest.
 */

const OVERLAP_LIMIT = 200;

const overlapRowSchema = z.object({
  pageId: z.string().max(100),
  pageName: z.string().max(500),
  provider: z.boolean(),
  kind: z.enum(['component', 'incident']),
  /** The component's name, or the incident's title. */
  name: z.string().max(1_000),
  level: baseLevelSchema,
  /** The overlap's first and last instants inside the window. */
  start: z.number().int(),
  end: z.number().int(),
  /** An incident's own id. */
  incidentId: z.number().int().optional(),
});

export const overlapResultSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  rows: z.array(overlapRowSchema).max(OVERLAP_LIMIT),
  more: z.number().int().min(0),
  /** Provider pages looked at: none when no provider page is watched (then there is nothing to compare). */
  pages: z.number().int().min(0),
  /** Pages whose history covers none of the window: nothing can be said about them. */
  unobservedPages: z.array(z.string().max(500)).max(5_000),
});

type OverlapRow = z.infer<typeof overlapRowSchema>;
export type OverlapResult = z.infer<typeof overlapResultSchema>;

/** One page's rows; `observed` says whether any of the window was observed at all. */
export function pageOverlap(history: PageHistory, from: number, to: number): { rows: OverlapRow[]; observed: boolean } {
  const rows: OverlapRow[] = [];
  const base = { pageId: history.pageId, pageName: history.name, provider: history.provider };
  const observed = history.overall.segments.some((s) => s.end > from && s.start < to);
  for (const component of history.components) {
    let level: BaseLevel | null = null;
    let start = Infinity;
    let end = -Infinity;
    for (const segment of component.segments) {
      if (segment.end <= from || segment.start >= to || !isDegraded(segment.level)) continue;
      level = level === null ? segment.level : worseLevel(level, segment.level);
      start = Math.min(start, Math.max(segment.start, from));
      end = Math.max(end, Math.min(segment.end, to));
    }
    if (level !== null) rows.push({ ...base, kind: 'component', name: component.name, level, start, end });
  }
  for (const incident of history.incidents) {
    if (incident.maintenance) continue;
    const incidentEnd = incident.resolved ?? history.to;
    if (incidentEnd <= from || incident.start >= to) continue;
    rows.push({
      ...base,
      kind: 'incident',
      name: incident.title,
      level: incident.level,
      start: Math.max(incident.start, from),
      end: Math.min(incidentEnd, to),
      incidentId: incident.id,
    });
  }
  return { rows, observed };
}

const RANK: Record<BaseLevel, number> = { major: 0, minor: 1, scheduled: 2, operational: 3 };

/** Every page's rows, worst first and then earliest, cut at `limit`. */
export function overlapAcross(histories: Iterable<PageHistory>, from: number, to: number, limit = OVERLAP_LIMIT): OverlapResult {
  const rows: OverlapRow[] = [];
  const unobservedPages: string[] = [];
  let pages = 0;
  for (const history of histories) {
    pages++;
    const page = pageOverlap(history, from, to);
    if (!page.observed) unobservedPages.push(history.name);
    rows.push(...page.rows);
  }
  rows.sort((a, b) => RANK[a.level] - RANK[b.level] || a.start - b.start || a.pageName.localeCompare(b.pageName));
  return { from, to, rows: rows.slice(0, limit), more: Math.max(0, rows.length - limit), pages, unobservedPages: unobservedPages.slice(0, 5_000) };
}
