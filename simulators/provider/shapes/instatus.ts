import { JSON_CONTENT_TYPE, type SimSummary, type SimulatorShape } from './simulator-shape';

/** Instatus' summary.json: the page's status word, active incidents and maintenances (no components). */

const INSTATUS_IMPACT: Readonly<Record<string, string>> = {
  none: 'OPERATIONAL',
  minor: 'DEGRADEDPERFORMANCE',
  major: 'PARTIALOUTAGE',
  critical: 'MAJOROUTAGE',
};
const jsDate = (iso: string | undefined) => (iso ? new Date(iso).toString() : undefined);

function instatus(summary: SimSummary): Record<string, unknown> {
  const inMaintenance = summary.scheduled_maintenances.some((m) => m.status === 'in_progress' || m.status === 'verifying');
  const status = summary.incidents.length > 0 ? 'HASISSUES' : inMaintenance ? 'UNDERMAINTENANCE' : 'UP';
  return {
    page: { name: summary.page.name, url: summary.page.url, status },
    activeIncidents: summary.incidents.map((i) => ({
      id: i.id,
      name: i.name,
      started: jsDate(i.created_at),
      status: i.status.toUpperCase(),
      impact: INSTATUS_IMPACT[i.impact] ?? 'MINOROUTAGE',
      url: i.shortlink,
      updatedAt: i.updated_at,
    })),
    activeMaintenances: summary.scheduled_maintenances.map((m) => ({
      id: m.id,
      name: m.name,
      start: jsDate(m.scheduled_for),
      status: m.status === 'scheduled' ? 'NOTSTARTEDYET' : 'INPROGRESS',
      duration: m.scheduled_for && m.scheduled_until ? String(Math.round((Date.parse(m.scheduled_until) - Date.parse(m.scheduled_for)) / 60_000)) : '60',
      url: `${summary.page.url}/maintenance/${m.id}`,
    })),
  };
}

export const instatusShape: SimulatorShape = {
  contentType: JSON_CONTENT_TYPE,
  render: (summary) => JSON.stringify(instatus(summary)),
};
