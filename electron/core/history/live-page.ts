import type { IncidentSnapshot, PageSnapshot, ServiceSnapshot } from '@shared/monitor/snapshot';
import { RANK_OF, type HistoryLine, type IncidentLine, type LogModel } from './history-log';

/**
 * What the next poll of a page is compared with, and nothing more: 500 pages of 50 components kept as maps of
 * keys, names and open levels cost the app 9 MB (the 500-pages bench). The levels and names last written are
 * those of `summary`, the snapshot last taken in, which is the monitor's own object (an unchanged poll hands
 * the same one again), so it costs nothing here; a changed summary is compared with it and then replaces it.
 */
export interface LivePage {
  /** `ids[index]`: the service id the file numbers `index` (NaN: the page overall, or a key not of a service). */
  ids: Float64Array;
  /** The file's number of the page overall; -1 before it has one. */
  pageIndex: number;
  /** Components the file numbers (the cap counts them). */
  count: number;
  /** The snapshot last taken in while observed; kept while the page is stale (the monitor keeps it too). */
  summary: PageSnapshot | null;
  /** Names as the file has them, until the first summary is taken in (then `summary`'s names are the file's). */
  fileNames: Map<number, string> | null;
  /** Incidents the last summary listed (the file's latest line of each); null when none. */
  incidents: Map<number, IncidentLine> | null;
  /** The page's name and kind as the file has them. */
  name: string;
  provider: boolean;
  /** Last successful poll (seconds) that was taken in; 0 before the first. */
  lastSeen: number;
  observing: boolean;
  bytes: number;
  compactedAt: number;
}

/** A page's live state from its file: the components' numbers, open incidents and the latest resolved ones. */
export function liveOf(model: LogModel): LivePage {
  const ids = new Float64Array(Math.max(-1, ...model.components.keys()) + 1).fill(Number.NaN);
  let pageIndex = -1;
  const fileNames = new Map<number, string>();
  for (const [index, { key, name }] of model.components) {
    fileNames.set(index, name);
    if (key === 'page') pageIndex = index;
    else if (/^s-?\d+$/.test(key)) ids[index] = Number(key.slice(1));
  }
  // A resolved one may still be listed by the next summary: found here, it is not written again.
  let incidents: Map<number, IncidentLine> | null = null;
  for (const [id, incident] of model.incidents) {
    if (incident[6] !== null && incident[6] < model.lastSec - 2 * 86_400) continue;
    (incidents ??= new Map()).set(id, incident);
  }
  return {
    ids,
    pageIndex,
    count: model.components.size,
    summary: null,
    fileNames,
    incidents,
    name: model.name,
    provider: model.provider,
    lastSeen: 0,
    observing: false,
    bytes: 0,
    compactedAt: 0,
  };
}

/** Every service with an id, named with its groups ("Compute › EU-West"), with its level's rank. */
export function forEachComponent(services: readonly ServiceSnapshot[], visit: (key: string, name: string, rank: number) => void, prefix = ''): void {
  for (const service of services) {
    const name = prefix ? `${prefix} › ${service.name}` : service.name;
    if (service.id !== null) visit(`s${service.id}`, name.length > 500 ? name.slice(0, 500) : name, RANK_OF[service.level]);
    if (service.children.length > 0) forEachComponent(service.children, visit, name);
  }
}

/** The incidents of a poll against those the last one listed: a line for each new or changed one, and one for each that left. */
export function takeInIncidents(live: LivePage, items: readonly IncidentSnapshot[], at: number, lines: HistoryLine[]): void {
  const listed = new Map<number, IncidentLine>();
  for (const item of items) {
    const known = live.incidents?.get(item.id);
    const rank = Math.max(RANK_OF[item.level], known?.[3] ?? 0);
    const start = known?.[5] ?? Math.min(at, item.startsAt ? Math.floor(Date.parse(item.startsAt) / 1000) : at);
    // Resolved when the resolving update was posted, as the page says (never after the poll that saw it).
    const posted = item.latestUpdate?.postedAt ? Math.floor(Date.parse(item.latestUpdate.postedAt) / 1000) : at;
    const resolved = item.resolved ? (known?.[6] ?? Math.min(at, Math.max(start, posted))) : null;
    const maintenance = item.type === 'scheduled' || known?.[4] === 1 ? 1 : 0;
    const line: IncidentLine = ['i', item.id, item.title.slice(0, 1_000), rank, maintenance, start, resolved];
    if (!known || known[2] !== line[2] || known[3] !== line[3] || known[6] !== line[6]) {
      lines.push(line);
      listed.set(item.id, line);
    } else listed.set(item.id, known);
  }
  // One that left the summary ended by the poll that no longer lists it; then it is only on disk.
  for (const known of live.incidents?.values() ?? []) {
    if (known[6] === null && !listed.has(known[1])) lines.push(['i', known[1], known[2], known[3], known[4], known[5], at]);
  }
  live.incidents = listed.size > 0 ? listed : null;
}
