import type { ServiceMap } from './linked-incidents';

/** A service as both pages list it: id and name. */
interface NamedService {
  id: number;
  name: string;
}

/** Case, width and runs of blank space do not make two names different ("EU  api" is "eu api"). */
export function foldName(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The service of `to` that is the same as `service` by its name: the one whose folded name is the same, else the
 * only one whose name is it with one more word before or after ("API" → "EU API", "Web" → "Web EU"), as a
 * regional copy of a page names its services. Several such candidates are no match: the user picks.
 */
export function matchByName(service: NamedService, to: readonly NamedService[]): NamedService | null {
  const name = foldName(service.name);
  if (name === '') return null;
  const exact = to.filter((candidate) => foldName(candidate.name) === name);
  if (exact.length >= 1) return exact[0]!;
  const wordMore = to.filter((candidate) => {
    const other = foldName(candidate.name);
    return (other.endsWith(` ${name}`) || other.startsWith(`${name} `)) && other.split(' ').length === name.split(' ').length + 1;
  });
  return wordMore.length === 1 ? wordMore[0]! : null;
}

/**
 * The mapping for the services picked on the first page: what was remembered for this pair of pages (only
 * services `to` still has), else the match by name, else nothing (the user picks, or leaves it unmapped).
 */
export function prefillMapping(picked: readonly NamedService[], to: readonly NamedService[], remembered: ServiceMap = {}): ServiceMap {
  const known = new Set(to.map((service) => service.id));
  const map: ServiceMap = {};
  for (const service of picked) {
    const kept = remembered[String(service.id)]?.filter((id) => known.has(id));
    if (kept !== undefined && kept.length > 0) map[String(service.id)] = kept;
    else {
      const match = matchByName(service, to);
      map[String(service.id)] = match ? [match.id] : [];
    }
  }
  return map;
}

/** The other page's service ids for the picked services, each once, in the order the mapping gives them. */
export function mappedServiceIds(map: ServiceMap, pickedIds: readonly number[]): number[] {
  const ids = new Set<number>();
  for (const id of pickedIds) for (const mapped of map[String(id)] ?? []) ids.add(mapped);
  return [...ids];
}
