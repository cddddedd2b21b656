/*
 * Summary documents for the render benchmark, in the shape of the real captures: a page with
 * `groups` top-level services of `perGroup` children each (100 services by default), and on every
 * tenth page an open incident with two updates, so the dashboard has worst-first work to do.
 */

export interface BenchPageShape {
  groups: number;
  /** Children per group; services per page = groups × (1 + perGroup). */
  perGroup: number;
}

export const HUNDRED_SERVICES: BenchPageShape = { groups: 10, perGroup: 9 };

/** Naive UTC, as the service writes its datetimes. */
function naive(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

export function benchSubdomain(index: number): string {
  return `bench-${String(index).padStart(3, '0')}`;
}

export function benchSummaryDoc(index: number, shape: BenchPageShape = HUNDRED_SERVICES, nowMs = Date.now()): Record<string, unknown> {
  const base = (index + 1) * 10_000;
  const withIncident = index % 10 === 0;
  const affected = base + 2;
  const services = Array.from({ length: shape.groups }, (_, g) => ({
    id: base + g * (shape.perGroup + 1) + 1,
    name: `Region ${g + 1}`,
    description: null,
    current_incident_type: null,
    children: Array.from({ length: shape.perGroup }, (_, c) => {
      const id = base + g * (shape.perGroup + 1) + 2 + c;
      return {
        id,
        name: `Service ${g + 1}.${c + 1}`,
        description: null,
        children: [],
        current_incident_type: withIncident && id === affected ? 'major' : null,
      };
    }),
  }));
  const started = nowMs - 60 * 60_000;
  const incidents = withIncident
    ? [
        {
          id: base + 1,
          title: `Elevated errors on page ${index + 1}`,
          type: 'major',
          starts_at: naive(started),
          ends_at: null,
          service_ids: [affected],
          inserted_at: naive(started),
          updated_at: naive(started + 30 * 60_000),
          updates: [
            {
              id: base + 2,
              type: 'update',
              description: 'A fix is being deployed.',
              description_html: '<p>A fix is being deployed.</p>',
              posted_at: naive(started + 30 * 60_000),
              inserted_at: naive(started + 30 * 60_000),
              updated_at: naive(started + 30 * 60_000),
            },
            {
              id: base + 1,
              type: 'issue',
              description: 'We are investigating.',
              description_html: '<p>We are investigating.</p>',
              posted_at: naive(started),
              inserted_at: naive(started),
              updated_at: naive(started),
            },
          ],
        },
      ]
    : [];
  return {
    status_page: {
      name: `Bench page ${index + 1}`,
      url: 'example.com',
      subdomain: benchSubdomain(index),
      time_zone: 'Etc/UTC',
      current_incident_type: withIncident ? 'major' : null,
    },
    services,
    incidents,
    maintenances: [],
    upcoming_maintenances: [],
    info_notices: [],
  };
}
