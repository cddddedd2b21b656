import { JSON_CONTENT_TYPE, type Json, type SimSummary, type SimulatorShape } from './simulator-shape';

/** status.io's public status API, served at `<folder>/1.0/status/<page id>` (the address Statusdesk is given). */

const IO_CODE: Readonly<Record<string, [number, string]>> = {
  operational: [100, 'Operational'],
  under_maintenance: [200, 'Planned Maintenance'],
  degraded_performance: [300, 'Degraded Performance'],
  partial_outage: [400, 'Partial Service Disruption'],
  major_outage: [500, 'Service Disruption'],
};
const INDICATOR_CODE: Readonly<Record<string, [number, string]>> = {
  none: [100, 'Operational'],
  maintenance: [200, 'Planned Maintenance'],
  minor: [300, 'Degraded Performance'],
  major: [400, 'Partial Service Disruption'],
  critical: [500, 'Service Disruption'],
};

function statusIo(summary: SimSummary): Json {
  const code = (status: string) => IO_CODE[status] ?? [300, status];
  const entry = (c: SimSummary['components'][number]) => ({
    id: c.id,
    name: c.name,
    updated: summary.page.updated_at,
    status: code(c.status)[1],
    status_code: code(c.status)[0],
  });
  const top = summary.components.filter((c) => c.group_id === null);
  const overall = INDICATOR_CODE[summary.status.indicator] ?? [300, summary.status.description];
  const event = (item: SimSummary['incidents'][number] | SimSummary['scheduled_maintenances'][number], maintenance: boolean) => ({
    _id: item.id,
    name: item.name,
    datetime_open: item.incident_updates.at(-1)?.created_at ?? item.updated_at,
    ...(maintenance ? { datetime_planned_start: item.scheduled_for, datetime_planned_end: item.scheduled_until } : {}),
    messages: item.incident_updates.map((u) => ({
      details: u.body,
      state: 100,
      status: maintenance ? 200 : (INDICATOR_CODE[String(item.impact)] ?? [300])[0],
      datetime: u.created_at,
    })),
    components_affected: ((item.components as Json[] | undefined) ?? []).map((c) => ({ _id: c.id, name: c.name })),
    containers_affected: [],
  });
  return {
    result: {
      status_overall: { updated: summary.page.updated_at, status: overall[1], status_code: overall[0] },
      status: top.map((c) => ({ ...entry(c), containers: summary.components.filter((x) => x.group_id === c.id).map(entry) })),
      incidents: summary.incidents.map((i) => event(i, false)),
      maintenance: {
        active: summary.scheduled_maintenances.filter((m) => m.status !== 'scheduled').map((m) => event(m, true)),
        upcoming: summary.scheduled_maintenances.filter((m) => m.status === 'scheduled').map((m) => event(m, true)),
      },
    },
  };
}

export const statusioShape: SimulatorShape = {
  contentType: JSON_CONTENT_TYPE,
  render: (summary) => JSON.stringify(statusIo(summary)),
  pageAddress: (folder, page) => `${folder}/1.0/status/${page.id}`,
};
