import { z } from 'zod';
import { worstLevel, type BaseLevel } from '../../statuspal/levels';
import type { IncidentSnapshot, PageSnapshot, ServiceSnapshot } from '../snapshot';
import { providerNumericId } from './provider-id';

/*
 * A provider page watched for some of its parts only (AWS services in regions, Google Cloud products, Azure
 * services and regions, a Statuspage page's components). A part is named as its publisher names it: a
 * component's name (or id), a feed's part (feed-parts.ts). The page's level, incidents and notifications then
 * count only:
 * - the components followed (a group followed brings its children);
 * - incidents and maintenances that name a part followed, or that name no part at all: those are the whole
 *   provider's, and a whole-provider incident is everyone's;
 * what names only parts not followed is kept aside as `elsewhere`, told as "affects parts you do not follow".
 * Names match without case, spacing or a leading "Google Cloud" / "Google" / "Cloud" / "Amazon" / "AWS" / "Azure", so
 * "Compute Engine" follows Google's "Google Compute Engine".
 */

export const MAX_FOLLOWED_PARTS = 100;

export const followedPartsSchema = z
  .array(z.string().trim().min(1, 'A part has a name.').max(120, 'A part name has at most 120 characters.'))
  .max(MAX_FOLLOWED_PARTS, `At most ${MAX_FOLLOWED_PARTS} parts.`)
  .transform((parts) => [...new Map(parts.map((p) => [partKey(p), p])).values()]);

/** How a part's name is compared. */
export function partKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(google cloud|google|cloud|amazon|aws|microsoft azure|azure) /, '');
}

type PartVerdict = 'yours' | 'elsewhere' | 'whole provider';

export const PART_VERDICT_WORDS: Readonly<Record<PartVerdict, string>> = {
  yours: 'affects parts you follow',
  elsewhere: 'affects parts you do not follow',
  'whole provider': 'names no part: counted as the whole provider',
};

function flat(services: readonly ServiceSnapshot[]): ServiceSnapshot[] {
  return services.flatMap((s) => [s, ...flat(s.children)]);
}

/** The parts an incident names: its own (a feed), else the components its `serviceIds` name. */
function incidentParts(incident: IncidentSnapshot, services: readonly ServiceSnapshot[]): string[] {
  if (incident.parts && incident.parts.length > 0) return incident.parts;
  if (incident.serviceIds.length === 0) return [];
  const byId = new Map(flat(services).map((s) => [s.id, s.name]));
  return incident.serviceIds.map((id) => byId.get(id) ?? `component ${id}`);
}

/** The parts followed, ready to compare: by name, and by component id when a name is one. */
interface PartMatcher {
  keys: ReadonlySet<string>;
  serviceIds: ReadonlySet<number>;
}

export function partMatcher(followed: readonly string[], services: readonly ServiceSnapshot[]): PartMatcher {
  const keys = new Set(followed.map(partKey));
  const asIds = new Set(followed.map((p) => providerNumericId('component', p.trim())));
  const serviceIds = new Set<number>();
  const add = (s: ServiceSnapshot) => {
    if (s.id !== null) serviceIds.add(s.id);
    s.children.forEach(add);
  };
  for (const s of flat(services)) if (keys.has(partKey(s.name)) || (s.id !== null && asIds.has(s.id))) add(s);
  return { keys, serviceIds };
}

export function partVerdict(incident: IncidentSnapshot, matcher: PartMatcher): PartVerdict {
  const named = incident.parts ?? [];
  if (named.length === 0 && incident.serviceIds.length === 0) return 'whole provider';
  if (incident.serviceIds.some((id) => matcher.serviceIds.has(id))) return 'yours';
  return named.some((p) => matcher.keys.has(partKey(p))) ? 'yours' : 'elsewhere';
}

/** The components followed: a followed one whole (with its children), a child alone when its group is not. */
function followedServices(services: readonly ServiceSnapshot[], matcher: PartMatcher): ServiceSnapshot[] {
  return services.flatMap((s) => (s.id !== null && matcher.serviceIds.has(s.id) ? [s] : followedServices(s.children, matcher)));
}

/** The page as its followed parts see it; `followed` empty or absent: the page as it is. */
export function narrowToParts(page: PageSnapshot, followed: readonly string[] | undefined): PageSnapshot {
  if (!followed || followed.length === 0) return page;
  const matcher = partMatcher(followed, page.services);
  const elsewhere: NonNullable<PageSnapshot['elsewhere']> = [];
  const keep = (items: readonly IncidentSnapshot[], kind: 'incident' | 'maintenance') =>
    items.filter((item) => {
      if (partVerdict(item, matcher) !== 'elsewhere') return true;
      if (!item.resolved && elsewhere.length < 50)
        elsewhere.push({ id: item.id, title: item.title, kind, parts: incidentParts(item, page.services).slice(0, 30) });
      return false;
    });
  const incidents = keep(page.incidents, 'incident');
  const maintenances = keep(page.maintenances, 'maintenance');
  const upcomingMaintenances = keep(page.upcomingMaintenances, 'maintenance');
  const services = followedServices(page.services, matcher);
  const level: BaseLevel = worstLevel([
    ...incidents.filter((i) => !i.resolved).map((i) => i.level),
    ...flat(services).map((s) => s.level),
    ...(maintenances.length > 0 ? ['scheduled' as const] : []),
  ]);
  // The page's own word still says it when the level is the page's; otherwise the level is the word.
  const same = level === page.level;
  return {
    ...page,
    level,
    currentType: level === 'operational' ? null : same ? page.currentType : level === 'scheduled' ? 'maintenance' : level,
    hasStatusType: same && page.hasStatusType,
    services,
    incidents,
    maintenances,
    upcomingMaintenances,
    ...(elsewhere.length > 0 ? { elsewhere } : {}),
  };
}

/** Every part the page's answer names: its components, then the parts its incidents name. */
export function knownParts(page: PageSnapshot): string[] {
  const names = new Map<string, string>();
  const add = (name: string) => {
    if (name.trim() !== '' && !names.has(partKey(name))) names.set(partKey(name), name);
  };
  flat(page.services).forEach((s) => add(s.name));
  for (const item of [...page.incidents, ...page.maintenances, ...page.upcomingMaintenances]) incidentParts(item, page.services).forEach(add);
  for (const item of page.elsewhere ?? []) item.parts.forEach(add);
  return [...names.values()];
}
