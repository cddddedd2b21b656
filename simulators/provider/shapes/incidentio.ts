import { JSON_CONTENT_TYPE, type SimSummary, type SimulatorShape } from './simulator-shape';

/** incident.io's words on Statuspage's path: `full_outage`, and maintenances `maintenance_scheduled` / … */

const IO_COMPONENT: Readonly<Record<string, string>> = { major_outage: 'full_outage', under_maintenance: 'operational' };
const IO_MAINTENANCE: Readonly<Record<string, string>> = {
  scheduled: 'maintenance_scheduled',
  in_progress: 'maintenance_in_progress',
  verifying: 'maintenance_in_progress',
  completed: 'maintenance_complete',
};

function incidentIo(summary: SimSummary): Record<string, unknown> {
  return {
    ...summary,
    components: summary.components.map((c) => ({ ...c, status: IO_COMPONENT[c.status] ?? c.status })),
    scheduled_maintenances: summary.scheduled_maintenances.map((m) => ({ ...m, status: IO_MAINTENANCE[m.status] ?? m.status })),
  };
}

export const incidentioShape: SimulatorShape = {
  contentType: JSON_CONTENT_TYPE,
  render: (summary) => JSON.stringify(incidentIo(summary)),
};
