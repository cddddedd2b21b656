import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readPageSnapshot } from '../../../../shared/monitor/read-snapshot';
import type { PageSnapshot } from '../../../../shared/monitor/snapshot';
import { realFixturesDir } from '../../../support/paths';

export const FIXTURE_NAMES = [
  'exoscale-operational',
  'exoscale-network-degraded',
  'exoscale-recent-incident-closed',
  'exoscale-vie2-maintenance-critical',
  'maintenance-ongoing-with-incident',
  'peak-customer-api-down',
] as const;

export type FixtureName = (typeof FIXTURE_NAMES)[number];

const cache = new Map<string, string>();

export function fixtureText(name: FixtureName): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(path.join(realFixturesDir, `${name}.json`), 'utf8');
    cache.set(name, text);
  }
  return text;
}

/** A fresh, mutable copy of a fixture's wire JSON. */
export function fixtureJson(name: FixtureName): any {
  return JSON.parse(fixtureText(name));
}

export function fixtureSnapshot(name: FixtureName): PageSnapshot {
  return readPageSnapshot(fixtureJson(name));
}

/** A minimal wire summary to build scenarios on: page "acme", Web > API, Dashboard; Data. */
export function baseSummary(): any {
  return {
    status_page: { name: 'Acme', subdomain: 'acme', url: 'acme.example', time_zone: 'Etc/UTC', current_incident_type: null },
    services: [
      {
        id: 1,
        name: 'Web',
        current_incident_type: null,
        children: [
          { id: 2, name: 'API', current_incident_type: null, children: [] },
          { id: 3, name: 'Dashboard', current_incident_type: null, children: [] },
        ],
      },
      { id: 4, name: 'Data', current_incident_type: null, children: [] },
    ],
    incidents: [],
    maintenances: [],
    upcoming_maintenances: [],
    info_notices: [],
    current_status_type: null,
  };
}

export function wireUpdate(id: number, type: string, description: string, postedAt: string): any {
  return { id, type, description, description_html: `<p>${description}</p>`, posted_at: postedAt, inserted_at: postedAt, updated_at: postedAt };
}

export function wireIncident(fields: {
  id: number;
  type: string;
  title: string;
  serviceIds?: number[];
  startsAt?: string;
  endsAt?: string | null;
  updates?: any[];
}): any {
  const startsAt = fields.startsAt ?? '2025-06-01T10:00:00';
  return {
    id: fields.id,
    type: fields.type,
    title: fields.title,
    url: `https://acme.example/incidents/${fields.id}`,
    starts_at: startsAt,
    ends_at: fields.endsAt ?? null,
    service_ids: fields.serviceIds ?? [],
    updates: fields.updates ?? [wireUpdate(fields.id * 100, fields.type === 'scheduled' ? 'scheduled' : 'issue', `${fields.title}: first update`, startsAt)],
    inserted_at: startsAt,
    updated_at: startsAt,
  };
}

/** Sets a service's level (found by id anywhere in the tree) and returns the summary. */
export function setServiceType(summary: any, id: number, type: string | null): any {
  const visit = (nodes: any[]): boolean => {
    for (const node of nodes) {
      if (node.id === id) {
        node.current_incident_type = type;
        return true;
      }
      if (visit(node.children ?? [])) return true;
    }
    return false;
  };
  if (!visit(summary.services)) throw new Error(`no service ${id}`);
  return summary;
}
