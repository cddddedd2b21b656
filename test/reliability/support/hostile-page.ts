/*
 * A status page whose every text a page owner (or an attacker who took the account) can write carries a
 * script payload: page and service names, incident and maintenance titles, update descriptions and their
 * description_html, notice titles and texts, and the incident and notice links. Each payload, if it ever
 * ran, would add its id to `window.__xss` and open an alert dialog.
 */

const hook = (id: string) => `window.__xss=(window.__xss||[]).concat('${id}');alert('${id}')`;

/** Markup that runs script when inserted as HTML, by as many routes as are common. */
export function htmlPayloads(prefix: string): string[] {
  const p = (n: number) => hook(`${prefix}${n}`);
  return [
    `<img src=x onerror="${p(1)}">`,
    `<script>${p(2)}</script>`,
    `<a href="javascript:${p(3)}">details</a>`,
    `<svg onload="${p(4)}"><circle r="5"></circle></svg>`,
    `<svg><script>${p(5)}</script></svg>`,
    `<iframe srcdoc="<script>parent.${p(6)}</script>"></iframe>`,
    `<details open ontoggle="${p(7)}">more</details>`,
    `<math><mtext><table><mglyph><style><img src=x onerror="${p(8)}"></style></mglyph></table></mtext></math>`,
    `<a href="&#106;avascript:${p(9)}">encoded</a>`,
    `<form><button formaction="javascript:${p(10)}">go</button></form>`,
    `<object data="javascript:${p(11)}"></object><embed src="javascript:${p(11)}">`,
    `<body onload="${p(12)}">`,
    `"><img src=x onerror="${p(13)}">`,
    `<div style="animation-name:spin" onanimationstart="${p(14)}"></div>`,
    `<input autofocus onfocus="${p(15)}">`,
    `<a href=" JaVaScRiPt:${p(16)}">mixed case</a>`,
    `<base href="javascript:${p(17)}//"><a href="x">base</a>`,
    `<meta http-equiv="refresh" content="0;url=javascript:${p(18)}">`,
  ];
}

/** A javascript: link where the API returns a URL. */
export const JS_URL = `javascript:${hook('url')}`;

const ts = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 19);

export function hostileSummary(subdomain: string): Record<string, unknown> {
  const html = htmlPayloads('h');
  const text = htmlPayloads('t');
  const update = (id: number, i: number) => ({
    id,
    type: i === 0 ? 'issue' : 'update',
    description: text[i % text.length],
    description_html: `<p>Update ${i}</p>${html[i % html.length]}`,
    posted_at: ts((20 - i) * 60_000),
    inserted_at: ts((20 - i) * 60_000),
    updated_at: ts((20 - i) * 60_000),
  });
  return {
    status_page: { name: `Evil ${text[0]}`, url: 'example.com', subdomain, time_zone: 'Etc/UTC', current_incident_type: 'major' },
    current_status_type: 'major',
    services: [
      {
        id: 9001,
        name: `Web ${text[1]}`,
        current_incident_type: 'major',
        children: [{ id: 9002, name: `API ${text[3]}`, current_incident_type: 'major', children: [] }],
      },
      { id: 9003, name: text[12], current_incident_type: null, children: [] },
    ],
    incidents: [
      {
        id: 9101,
        title: `Outage ${text[0]}`,
        type: 'major',
        url: JS_URL,
        starts_at: ts(30 * 60_000),
        ends_at: null,
        service_ids: [9002],
        inserted_at: ts(30 * 60_000),
        updated_at: ts(60_000),
        // One update per payload, so the detail view renders every one as HTML.
        updates: html.map((_, i) => update(9200 + i, i)).reverse(),
      },
    ],
    maintenances: [
      {
        id: 9102,
        title: `Maintenance ${text[2]}`,
        type: 'scheduled',
        url: JS_URL,
        starts_at: ts(10 * 60_000),
        ends_at: ts(-60 * 60_000),
        service_ids: [9003],
        inserted_at: ts(10 * 60_000),
        updated_at: ts(10 * 60_000),
        updates: [update(9300, 3)],
      },
    ],
    upcoming_maintenances: [
      {
        id: 9103,
        title: `Upcoming ${text[5]}`,
        type: 'scheduled',
        url: JS_URL,
        starts_at: ts(-24 * 60 * 60_000),
        ends_at: ts(-25 * 60 * 60_000),
        service_ids: [9003],
        inserted_at: ts(60 * 60_000),
        updated_at: ts(60 * 60_000),
        updates: [update(9301, 6)],
      },
    ],
    info_notices: [
      {
        id: 9104,
        title: `Notice ${text[7]}`,
        url: JS_URL,
        service_ids: [],
        featured_from: ts(60 * 60_000),
        featured_until: null,
        inserted_at: ts(60 * 60_000),
        updated_at: ts(60 * 60_000),
        updates: [update(9302, 9)],
      },
    ],
  };
}
