import { learnCustomTypes, type BaseLevel } from '@shared/statuspal/levels';
import type { Service, ServiceNode } from '@shared/statuspal/schemas/service';
import type { PageSummary } from '@shared/statuspal/schemas/summary';

/** A service as the editors' checkbox tree shows it. */
export interface ServiceOption {
  id: number;
  name: string;
  children: ServiceOption[];
}

/** What the editors need to know about the page an account writes to. */
export interface PageContext {
  state: 'loading' | 'ready' | 'error';
  error: string | null;
  pageName: string | null;
  /** The public address of the page (the translation service files texts under it). */
  pageUrl: string | null;
  /** The page's language: the usual source of a translation. */
  defaultLang: string | null;
  services: ServiceOption[];
  /** Custom incident types and their base level, as far as the page has shown them. */
  typeLevels: Record<string, BaseLevel>;
  /** Every type the page has shown (incidents, maintenances, current types). */
  seenTypes: string[];
  /** Each service's current incident type as the summary shows it (absent: operational, or not read from a summary). */
  serviceTypes?: Record<number, string>;
}

export function emptyContext(state: PageContext['state'] = 'loading'): PageContext {
  return { state, error: null, pageName: null, pageUrl: null, defaultLang: null, services: [], typeLevels: {}, seenTypes: [] };
}

/** The nested services of a summary; nodes without an id (seen in the wild) are skipped, their children kept. */
export function servicesFromSummary(nodes: readonly ServiceNode[] | undefined): ServiceOption[] {
  const out: ServiceOption[] = [];
  for (const node of nodes ?? []) {
    const children = servicesFromSummary(node.children);
    if (typeof node.id === 'number') out.push({ id: node.id, name: node.name || `Service ${node.id}`, children });
    else out.push(...children);
  }
  return out;
}

/** The flat admin list (`parent_id`) as a tree, in the page's order. */
export function servicesFromList(services: readonly Service[]): ServiceOption[] {
  const sorted = [...services].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id - b.id);
  const byId = new Map<number, ServiceOption>(sorted.map((s) => [s.id, { id: s.id, name: s.name, children: [] }]));
  const roots: ServiceOption[] = [];
  for (const service of sorted) {
    const option = byId.get(service.id)!;
    const parent = service.parent_id === null || service.parent_id === undefined ? undefined : byId.get(service.parent_id);
    if (parent && parent !== option) parent.children.push(option);
    else roots.push(option);
  }
  return roots;
}

/** Ids and names of every service in a tree, for showing `service_ids` as names. */
export function serviceNames(tree: readonly ServiceOption[], into: Map<number, string> = new Map()): Map<number, string> {
  for (const option of tree) {
    into.set(option.id, option.name);
    serviceNames(option.children, into);
  }
  return into;
}

function typesOfNodes(nodes: readonly ServiceNode[] | undefined, into: Set<string>): void {
  for (const node of nodes ?? []) {
    if (node.current_incident_type) into.add(node.current_incident_type);
    typesOfNodes(node.children, into);
  }
}

/** Each service's current incident type (a service with none is operational and left out). */
export function serviceTypesOf(nodes: readonly ServiceNode[] | undefined, into: Record<number, string> = {}): Record<number, string> {
  for (const node of nodes ?? []) {
    if (typeof node.id === 'number' && node.current_incident_type) into[node.id] = node.current_incident_type;
    serviceTypesOf(node.children, into);
  }
  return into;
}

/** The types a summary shows, and what it tells about custom types' base levels. */
export function typesFromSummary(summary: PageSummary): { typeLevels: Record<string, BaseLevel>; seenTypes: string[] } {
  const seen = new Set<string>();
  for (const list of [summary.incidents, summary.maintenances, summary.upcoming_maintenances]) {
    for (const item of list) if (item.type) seen.add(item.type);
  }
  if (summary.status_page.current_incident_type) seen.add(summary.status_page.current_incident_type);
  typesOfNodes(summary.services, seen);
  return { typeLevels: learnCustomTypes(summary), seenTypes: [...seen] };
}
