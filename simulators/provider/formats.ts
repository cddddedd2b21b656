import type { ProviderFormat } from '@shared/monitor/provider/provider-format';

/*
 * The simulator's pages in every format Statusdesk reads, each rendered from the page's Statuspage
 * summary (store.ts), so one change to a page shows in any format: incident.io's words on the same
 * path, Instatus' summary.json, status.io's public API, Cachet's components list (2.x, or 3's JSON:API at
 * /api/components), an Atom feed (an entry's components as its categories). Shapes
 * as the published samples in test/fixtures/providers/ have them.
 */

type Json = Record<string, unknown>;
interface Summary {
  page: { id: string; name: string; url: string; updated_at: string };
  components: Array<Json & { id: string; name: string; status: string; group: boolean; group_id: string | null; position: number }>;
  incidents: Array<
    Json & { id: string; name: string; status: string; impact: string; shortlink: string; created_at: string; updated_at: string; incident_updates: Json[] }
  >;
  scheduled_maintenances: Array<
    Json & { id: string; name: string; status: string; scheduled_for?: string; scheduled_until?: string; updated_at: string; incident_updates: Json[] }
  >;
  status: { indicator: string; description: string };
}

export const FORMAT_CONTENT_TYPE: Readonly<Record<ProviderFormat, string>> = {
  statuspage: 'application/json; charset=utf-8',
  incidentio: 'application/json; charset=utf-8',
  instatus: 'application/json; charset=utf-8',
  statusio: 'application/json; charset=utf-8',
  cachet: 'application/json; charset=utf-8',
  feed: 'application/atom+xml; charset=utf-8',
};

const IO_COMPONENT: Readonly<Record<string, string>> = { major_outage: 'full_outage', under_maintenance: 'operational' };
const IO_MAINTENANCE: Readonly<Record<string, string>> = {
  scheduled: 'maintenance_scheduled',
  in_progress: 'maintenance_in_progress',
  verifying: 'maintenance_in_progress',
  completed: 'maintenance_complete',
};

function incidentIo(summary: Summary): Json {
  return {
    ...summary,
    components: summary.components.map((c) => ({ ...c, status: IO_COMPONENT[c.status] ?? c.status })),
    scheduled_maintenances: summary.scheduled_maintenances.map((m) => ({ ...m, status: IO_MAINTENANCE[m.status] ?? m.status })),
  };
}

const INSTATUS_IMPACT: Readonly<Record<string, string>> = {
  none: 'OPERATIONAL',
  minor: 'DEGRADEDPERFORMANCE',
  major: 'PARTIALOUTAGE',
  critical: 'MAJOROUTAGE',
};
const jsDate = (iso: string | undefined) => (iso ? new Date(iso).toString() : undefined);

function instatus(summary: Summary): Json {
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

function statusIo(summary: Summary): Json {
  const code = (status: string) => IO_CODE[status] ?? [300, status];
  const entry = (c: Summary['components'][number]) => ({
    id: c.id,
    name: c.name,
    updated: summary.page.updated_at,
    status: code(c.status)[1],
    status_code: code(c.status)[0],
  });
  const top = summary.components.filter((c) => c.group_id === null);
  const overall = INDICATOR_CODE[summary.status.indicator] ?? [300, summary.status.description];
  const event = (item: Summary['incidents'][number] | Summary['scheduled_maintenances'][number], maintenance: boolean) => ({
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

const CACHET_STATUS: Readonly<Record<string, [number, string]>> = {
  operational: [1, 'Operational'],
  under_maintenance: [1, 'Operational'],
  degraded_performance: [2, 'Performance Issues'],
  partial_outage: [3, 'Partial Outage'],
  major_outage: [4, 'Major Outage'],
};

function cachet(summary: Summary): Json {
  const components = summary.components.filter((c) => !c.group);
  return {
    meta: {
      pagination: {
        total: components.length,
        count: components.length,
        per_page: 100,
        current_page: 1,
        total_pages: 1,
        links: { next_page: null, previous_page: null },
      },
    },
    data: components.map((c, i) => {
      const [status, name] = CACHET_STATUS[c.status] ?? [2, c.status];
      return {
        id: i + 1,
        name: c.name,
        description: '',
        link: '',
        status,
        order: c.position,
        group_id: 0,
        enabled: true,
        status_name: name,
        updated_at: summary.page.updated_at,
      };
    }),
  };
}

const CACHET3_STATUS: Readonly<Record<string, [number, string]>> = {
  ...CACHET_STATUS,
  under_maintenance: [6, 'Under maintenance'],
};

/** Cachet 3 (cachethq/core): JSON:API resources, the status as `{ human, value }`, maintenance as 6. */
function cachet3(summary: Summary): Json {
  const components = summary.components.filter((c) => !c.group);
  return {
    data: components.map((c, i) => {
      const [value, human] = CACHET3_STATUS[c.status] ?? [2, c.status];
      const updated = { human: 'just now', string: summary.page.updated_at.replace('T', ' ').slice(0, 19) };
      return {
        id: String(i + 1),
        type: 'components',
        attributes: { id: i + 1, name: c.name, description: '', link: '', order: c.position, status: { human, value }, enabled: true, updated },
      };
    }),
    links: { first: null, last: null, prev: null, next: null },
    meta: { current_page: 1, from: 1, last_page: 1, per_page: 100, to: components.length, total: components.length },
  };
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const WORD: Readonly<Record<string, string>> = { in_progress: 'In progress', postmortem: 'Postmortem' };
const word = (status: unknown) => WORD[String(status)] ?? String(status).charAt(0).toUpperCase() + String(status).slice(1);

function atom(summary: Summary): string {
  const entries = [...summary.incidents, ...summary.scheduled_maintenances].map((item) => {
    const body = item.incident_updates.map((u) => `<p><strong>${xml(word(u.status))}</strong> - ${xml(String(u.body))}</p>`).join('');
    return [
      '<entry>',
      `<title>${xml(item.name)}</title>`,
      `<id>${xml(item.id)}</id>`,
      `<link rel="alternate" href="${xml(summary.page.url)}/incidents/${xml(item.id)}"/>`,
      `<updated>${item.updated_at}</updated>`,
      // The parts it affects, as Azure's feed names them (one category each).
      ...((item.components as Array<{ name: string }> | undefined) ?? []).map((c) => `<category term="${xml(c.name)}"/>`),
      `<content type="html"><![CDATA[${body}]]></content>`,
      '</entry>',
    ].join('');
  });
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>${xml(summary.page.url)}</id><title>${xml(summary.page.name)} Incident History</title><updated>${summary.page.updated_at}</updated><link rel="alternate" href="${xml(summary.page.url)}"/>${entries.join('')}</feed>`;
}

/** The page's document in `format`, from its Statuspage summary. */
export function renderDocument(format: ProviderFormat, summary: Json, cachetVersion: 2 | 3 = 2): string {
  const page = summary as unknown as Summary;
  switch (format) {
    case 'statuspage':
      return JSON.stringify(summary);
    case 'incidentio':
      return JSON.stringify(incidentIo(page));
    case 'instatus':
      return JSON.stringify(instatus(page));
    case 'statusio':
      return JSON.stringify(statusIo(page));
    case 'cachet':
      return JSON.stringify(cachetVersion === 3 ? cachet3(page) : cachet(page));
    case 'feed':
      return atom(page);
  }
}
