import { JSON_CONTENT_TYPE, type Json, type SimSummary, type SimulatorShape } from './simulator-shape';

/** Cachet's components list: 2.x at `/api/v1/components`, or 3's JSON:API at `/api/components` only. */

const CACHET_STATUS: Readonly<Record<string, [number, string]>> = {
  operational: [1, 'Operational'],
  under_maintenance: [1, 'Operational'],
  degraded_performance: [2, 'Performance Issues'],
  partial_outage: [3, 'Partial Outage'],
  major_outage: [4, 'Major Outage'],
};

function cachet(summary: SimSummary): Json {
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
function cachet3(summary: SimSummary): Json {
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

export const cachetShape: SimulatorShape = {
  contentType: JSON_CONTENT_TYPE,
  render: (summary, page) => JSON.stringify(page.cachetVersion === 3 ? cachet3(summary) : cachet(summary)),
  // Cachet 3 moved its API from /api/v1 to /api, and answers only there (the record's second address).
  answersAt: (page) => (page.cachetVersion === 3 ? 1 : 0),
};
