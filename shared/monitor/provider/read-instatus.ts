import { worstLevel, type BaseLevel } from '../../statuspal/levels';
import type { IncidentSnapshot } from '../snapshot';
import { parseJsonAs, ProviderNotUnderstoodError, type FormatName } from './not-understood';
import { isoOrNull, isRecord, pageOf, text } from './page-parts';
import { providerNumericId } from './provider-id';
import { maintenancePhase, unknownWord, UNKNOWN_PROVIDER_LEVEL, worseOf } from './provider-levels';
import type { PageSnapshot } from '../snapshot';

/** How "not understood" names this format (its record, formats/instatus.ts, carries the same). */
export const INSTATUS = { id: 'instatus', notUnderstoodAs: 'an Instatus page' } as const satisfies FormatName;

/*
 * An Instatus page's `<page>/summary.json` (documented at instatus.com/help/api/public-data):
 * `{ page: { name, url, status }, activeIncidents: [...], activeMaintenances: [...] }`.
 * - page.status: UP → operational, HASISSUES → at least minor (the incidents' impacts say more),
 *   UNDERMAINTENANCE → maintenance; another word is "unknown (<word>)", at least minor.
 * - incident impact: MAJOROUTAGE and PARTIALOUTAGE → major (requests fail), MINOROUTAGE and
 *   DEGRADEDPERFORMANCE → minor; status RESOLVED closes it.
 * - maintenance status: NOTSTARTEDYET → upcoming, INPROGRESS → active, COMPLETED → over; `duration`
 *   is in minutes.
 * When the incidents make the level worse than a page word that says no issue (UP, UNDERMAINTENANCE), the page is
 * worded by its worst open incident, so its words never say better than its level.
 * The summary lists no components: the page has none in the model (they cost a second request).
 */

const PAGE_LEVELS: Readonly<Record<string, BaseLevel>> = { UP: 'operational', HASISSUES: 'minor', UNDERMAINTENANCE: 'scheduled' };
const IMPACT_LEVELS: Readonly<Record<string, BaseLevel>> = {
  OPERATIONAL: 'minor',
  DEGRADEDPERFORMANCE: 'minor',
  MINOROUTAGE: 'minor',
  PARTIALOUTAGE: 'major',
  MAJOROUTAGE: 'major',
  UNDERMAINTENANCE: 'scheduled',
};
const MAINTENANCE_WORDS: Readonly<Record<string, string>> = { NOTSTARTEDYET: 'scheduled', INPROGRESS: 'in_progress', COMPLETED: 'completed' };

const itemId = (item: Record<string, unknown>) => text(item.id) ?? text(item.url) ?? text(item.name) ?? 'item';

function incidentOf(item: Record<string, unknown>): IncidentSnapshot {
  const impact = text(item.impact);
  const status = text(item.status);
  const known = impact !== null && Object.hasOwn(IMPACT_LEVELS, impact);
  const updatedAt = isoOrNull(item.updatedAt) ?? isoOrNull(item.started);
  return {
    id: providerNumericId('incident', itemId(item)),
    type: impact === null ? 'incident' : known ? impact.toLowerCase() : unknownWord(impact),
    level: known ? IMPACT_LEVELS[impact]! : UNKNOWN_PROVIDER_LEVEL,
    title: text(item.name) ?? '(untitled)',
    url: text(item.url),
    startsAt: isoOrNull(item.started),
    endsAt: null,
    serviceIds: [],
    updateIds: [],
    latestUpdate:
      status === null
        ? null
        : { id: providerNumericId('update', `${itemId(item)}:${status}`), type: status.toLowerCase(), description: '', postedAt: updatedAt },
    resolved: status === 'RESOLVED',
  };
}

function maintenanceOf(item: Record<string, unknown>): IncidentSnapshot {
  const startsAt = isoOrNull(item.start);
  const minutes = Number(item.duration);
  const endsAt = startsAt !== null && Number.isFinite(minutes) && minutes > 0 ? new Date(Date.parse(startsAt) + minutes * 60_000).toISOString() : null;
  return {
    ...incidentOf(item),
    type: 'maintenance',
    level: 'scheduled',
    startsAt,
    endsAt,
    resolved: false,
  };
}

export function readInstatusPage(body: string, pageUrl: string, now: number = Date.now()): PageSnapshot {
  const json = parseJsonAs(INSTATUS, body);
  if (!isRecord(json) || !isRecord(json.page)) throw new ProviderNotUnderstoodError(INSTATUS, 'there is no page object');
  const status = text(json.page.status);
  if (status === null) throw new ProviderNotUnderstoodError(INSTATUS, 'page.status is missing');
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);
  const incidents = list(json.activeIncidents).map(incidentOf);
  const maintenances: IncidentSnapshot[] = [];
  const upcoming: IncidentSnapshot[] = [];
  for (const item of list(json.activeMaintenances)) {
    const read = maintenanceOf(item);
    const word = text(item.status);
    const phase = maintenancePhase(word === null ? null : (MAINTENANCE_WORDS[word] ?? word), read, now);
    if (phase === 'upcoming') upcoming.push(read);
    else if (phase === 'active') maintenances.push(read);
  }
  const known = Object.hasOwn(PAGE_LEVELS, status);
  const derived = worstLevel([...incidents.filter((i) => !i.resolved).map((i) => i.level), ...(maintenances.length > 0 ? ['scheduled' as const] : [])]);
  // The page's word is a floor: HASISSUES with an incident of unknown impact stays at least minor.
  const pageLevel = known ? PAGE_LEVELS[status]! : UNKNOWN_PROVIDER_LEVEL;
  const level = worseOf(pageLevel, derived);
  // The words follow the level: a page that says UP (or under maintenance) beside an open incident is worded by its
  // worst incident; HASISSUES and an unknown word already say something is wrong and stay.
  const saysNoIssue = pageLevel === 'operational' || pageLevel === 'scheduled';
  const worst = saysNoIssue && level !== pageLevel ? incidents.find((i) => !i.resolved && i.level === level) : undefined;
  return pageOf({
    pageUrl,
    name: text(json.page.name),
    url: text(json.page.url),
    level,
    currentType: worst ? worst.type : known ? status.toLowerCase() : unknownWord(status),
    hasStatusType: known && worst === undefined,
    incidents,
    maintenances,
    upcomingMaintenances: upcoming,
  });
}
