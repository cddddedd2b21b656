import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { OpenIncidentInput } from './api';
import { providerFormatRecord } from '@shared/monitor/provider/provider-format';
import { SIMULATOR_SHAPES } from './shapes';
import type { SimSummary } from './shapes/simulator-shape';
import type { ComponentStatus, MaintenanceStatus, ProviderPageSeed, SimIncident, SimProviderPage } from './model';

/** One rendered version of a page: the body and its validators. */
interface RenderedPage {
  version: number;
  /** The page's document in its format. */
  body: Buffer;
  contentType: string;
  /** The same body gzipped, for clients that accept it (as the real pages' CDNs send it). */
  gzipped: Buffer;
  etag: string;
  /** HTTP date of `updated_at` (second precision, as Last-Modified is). */
  lastModified: string;
  lastModifiedMs: number;
}

const CLOSED = new Set(['resolved', 'postmortem', 'completed']);

export class ProviderStore {
  readonly #pages = new Map<string, SimProviderPage>();
  readonly #rendered = new Map<string, RenderedPage>();
  readonly #now: () => number;
  readonly #origin: () => string;
  #counter = 0;

  constructor(now: () => number, origin: () => string) {
    this.#now = now;
    this.#origin = origin;
  }

  #id(prefix: string): string {
    this.#counter++;
    return `${prefix}${this.#counter.toString(36).padStart(10, '0')}`;
  }

  #stamp(): string {
    return new Date(this.#now()).toISOString();
  }

  slugs(): string[] {
    return [...this.#pages.keys()];
  }

  add(seed: ProviderPageSeed): string {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(seed.slug)) throw new Error(`invalid page slug ${seed.slug}`);
    const components: SimProviderPage['components'] = [];
    let position = 0;
    for (const entry of seed.components) {
      if (typeof entry === 'string') {
        components.push({ id: this.#id('c'), name: entry, status: 'operational', position: ++position, group: false, group_id: null });
        continue;
      }
      const group = { id: this.#id('g'), name: entry.group, status: 'operational' as ComponentStatus, position: ++position, group: true, group_id: null };
      components.push(group);
      entry.children.forEach((name, i) =>
        components.push({ id: this.#id('c'), name, status: 'operational', position: i + 1, group: false, group_id: group.id }),
      );
    }
    this.#pages.set(seed.slug, {
      slug: seed.slug,
      format: seed.format ?? 'statuspage',
      cachetVersion: seed.cachetVersion ?? 2,
      id: this.#id('p'),
      name: seed.name,
      timeZone: 'Etc/UTC',
      components,
      incidents: [],
      maintenances: [],
      version: 1,
      updatedAt: this.#stamp(),
    });
    return seed.slug;
  }

  page(slug: string): SimProviderPage {
    const page = this.#pages.get(slug);
    if (!page) throw new Error(`no provider page ${slug}`);
    return page;
  }

  has(slug: string): boolean {
    return this.#pages.has(slug);
  }

  /** The address Statusdesk is given for a page: the page, or for status.io and feeds the document itself. */
  pageUrl(slug: string): string {
    const page = this.#pages.get(slug);
    const folder = `${this.#origin()}/pages/${slug}`;
    return (page && SIMULATOR_SHAPES[page.format].pageAddress?.(folder, page)) ?? folder;
  }

  /** The path the page's document is served at: the one of its format's addresses the page answers at. */
  documentPath(slug: string): string {
    const page = this.page(slug);
    const urls = providerFormatRecord(page.format).documentUrls(this.pageUrl(slug));
    return new URL(urls[SIMULATOR_SHAPES[page.format].answersAt?.(page) ?? 0] ?? urls[0]).pathname;
  }

  #touch(page: SimProviderPage): void {
    page.version++;
    // Two changes within one second still differ for If-Modified-Since: updated_at moves on by a second at least.
    const prev = Date.parse(page.updatedAt);
    page.updatedAt = new Date(Math.max(this.#now(), Math.floor(prev / 1000) * 1000 + 1000)).toISOString();
  }

  #component(page: SimProviderPage, name: string) {
    const component = page.components.find((c) => c.name === name || c.id === name);
    if (!component) throw new Error(`no component ${name} on ${page.slug}`);
    return component;
  }

  /** A group's status is its worst child's, as the format's pages show it. */
  #rollUpGroups(page: SimProviderPage): void {
    const rank: Record<ComponentStatus, number> = { operational: 0, under_maintenance: 1, degraded_performance: 2, partial_outage: 3, major_outage: 4 };
    for (const group of page.components.filter((c) => c.group)) {
      const children = page.components.filter((c) => c.group_id === group.id);
      group.status = children.reduce<ComponentStatus>((worst, c) => (rank[c.status] > rank[worst] ? c.status : worst), 'operational');
    }
  }

  setComponentStatus(slug: string, name: string, status: ComponentStatus): void {
    const page = this.page(slug);
    this.#component(page, name).status = status;
    this.#rollUpGroups(page);
    this.#touch(page);
  }

  openIncident(input: OpenIncidentInput): string {
    const page = this.page(input.page);
    const at = this.#stamp();
    const status = input.status ?? 'investigating';
    const components = (input.components ?? []).map((c) => {
      const component = this.#component(page, c.name);
      component.status = c.status;
      return component.id;
    });
    const incident: SimIncident = {
      id: this.#id('i'),
      name: input.name,
      status,
      impact: input.impact ?? 'minor',
      created_at: at,
      started_at: at,
      updated_at: at,
      resolved_at: null,
      componentIds: components,
      updates: [{ id: this.#id('u'), status, body: input.body, created_at: at, display_at: at, updated_at: at }],
    };
    page.incidents.unshift(incident);
    this.#rollUpGroups(page);
    this.#touch(page);
    return incident.id;
  }

  #incident(page: SimProviderPage, id: string, list: 'incidents' | 'maintenances'): SimIncident {
    const incident = page[list].find((i) => i.id === id);
    if (!incident) throw new Error(`no ${list === 'incidents' ? 'incident' : 'maintenance'} ${id} on ${page.slug}`);
    return incident;
  }

  addUpdate(slug: string, incidentId: string, status: string, body: string): void {
    const page = this.page(slug);
    const incident = this.#incident(page, incidentId, 'incidents');
    const at = this.#stamp();
    incident.status = status as SimIncident['status'];
    incident.updated_at = at;
    incident.updates.unshift({ id: this.#id('u'), status, body, created_at: at, display_at: at, updated_at: at });
    this.#touch(page);
  }

  resolveIncident(slug: string, incidentId: string, body: string): void {
    const page = this.page(slug);
    const incident = this.#incident(page, incidentId, 'incidents');
    this.addUpdate(slug, incidentId, 'resolved', body);
    incident.resolved_at = incident.updated_at;
    for (const id of incident.componentIds) {
      const component = page.components.find((c) => c.id === id);
      if (component) component.status = 'operational';
    }
    this.#rollUpGroups(page);
  }

  scheduleMaintenance(slug: string, name: string, startsAt: Date, endsAt: Date, components: string[], body: string): string {
    const page = this.page(slug);
    const at = this.#stamp();
    const maintenance: SimIncident = {
      id: this.#id('m'),
      name,
      status: 'scheduled',
      impact: 'maintenance',
      created_at: at,
      started_at: at,
      updated_at: at,
      resolved_at: null,
      scheduled_for: startsAt.toISOString(),
      scheduled_until: endsAt.toISOString(),
      componentIds: components.map((c) => this.#component(page, c).id),
      updates: [{ id: this.#id('u'), status: 'scheduled', body, created_at: at, display_at: at, updated_at: at }],
    };
    page.maintenances.push(maintenance);
    this.#touch(page);
    return maintenance.id;
  }

  setMaintenanceStatus(slug: string, id: string, status: MaintenanceStatus, body?: string): void {
    const page = this.page(slug);
    const maintenance = this.#incident(page, id, 'maintenances');
    const at = this.#stamp();
    maintenance.status = status;
    maintenance.updated_at = at;
    if (body) maintenance.updates.unshift({ id: this.#id('u'), status, body, created_at: at, display_at: at, updated_at: at });
    for (const cid of maintenance.componentIds) {
      const component = page.components.find((c) => c.id === cid);
      if (component) component.status = status === 'in_progress' || status === 'verifying' ? 'under_maintenance' : 'operational';
    }
    this.#rollUpGroups(page);
    this.#touch(page);
  }

  /** The summary.json document: unresolved incidents only, maintenances not completed, status rolled up. */
  summary(slug: string): Record<string, unknown> {
    const page = this.page(slug);
    const url = `${this.#origin()}/pages/${slug}`;
    const incidentView = (i: SimIncident) => ({
      id: i.id,
      name: i.name,
      status: i.status,
      impact: i.impact,
      shortlink: `${url}/incidents/${i.id}`,
      created_at: i.created_at,
      started_at: i.started_at,
      updated_at: i.updated_at,
      monitoring_at: null,
      resolved_at: i.resolved_at,
      page_id: page.id,
      ...(i.scheduled_for ? { scheduled_for: i.scheduled_for, scheduled_until: i.scheduled_until } : {}),
      incident_updates: i.updates.map((u) => ({ ...u, incident_id: i.id })),
      components: i.componentIds.map((id) => {
        const c = page.components.find((x) => x.id === id)!;
        return { id: c.id, name: c.name, status: c.status, page_id: page.id };
      }),
    });
    const incidents = page.incidents.filter((i) => !CLOSED.has(i.status));
    const maintenances = page.maintenances.filter((m) => m.status !== 'completed');
    const worst = Math.max(
      0,
      ...incidents.map((i) => ({ none: 0, minor: 1, major: 2, critical: 3, maintenance: 0 })[i.impact]),
      ...page.components.map((c) => ({ operational: 0, under_maintenance: 0, degraded_performance: 1, partial_outage: 2, major_outage: 3 })[c.status]),
    );
    const inMaintenance = maintenances.some((m) => m.status === 'in_progress' || m.status === 'verifying');
    const indicator = worst > 0 ? (['none', 'minor', 'major', 'critical'] as const)[worst]! : inMaintenance ? 'maintenance' : 'none';
    const description = {
      none: 'All Systems Operational',
      minor: 'Minor Service Outage',
      major: 'Partial System Outage',
      critical: 'Major Service Outage',
      maintenance: 'Service Under Maintenance',
    }[indicator];
    return {
      page: { id: page.id, name: page.name, url, time_zone: page.timeZone, updated_at: page.updatedAt },
      components: page.components.map((c) => ({
        id: c.id,
        name: c.name,
        status: c.status,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: page.updatedAt,
        position: c.position,
        description: null,
        showcase: false,
        start_date: null,
        group_id: c.group_id,
        page_id: page.id,
        group: c.group,
        only_show_if_degraded: false,
        ...(c.group ? { components: page.components.filter((x) => x.group_id === c.id).map((x) => x.id) } : {}),
      })),
      incidents: incidents.map(incidentView),
      scheduled_maintenances: maintenances.map(incidentView),
      status: { indicator, description },
    };
  }

  /** The current version rendered once (500 pages polled every minute re-render only what changed). */
  rendered(slug: string): RenderedPage {
    const page = this.page(slug);
    const cached = this.#rendered.get(slug);
    if (cached && cached.version === page.version) return cached;
    const shape = SIMULATOR_SHAPES[page.format];
    const body = Buffer.from(shape.render(this.summary(slug) as unknown as SimSummary, page));
    const lastModifiedMs = Math.floor(Date.parse(page.updatedAt) / 1000) * 1000;
    const rendered: RenderedPage = {
      version: page.version,
      body,
      contentType: shape.contentType,
      gzipped: gzipSync(body),
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      lastModified: new Date(lastModifiedMs).toUTCString(),
      lastModifiedMs,
    };
    this.#rendered.set(slug, rendered);
    return rendered;
  }
}
