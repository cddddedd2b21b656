import { describe, expect, it } from 'vitest';
import { ProviderNotUnderstoodError } from '../../../../shared/monitor/provider/not-understood';
import { PROVIDER_FORMATS, type ProviderFormat } from '../../../../shared/monitor/provider/provider-format';
import { readProviderPage } from '../../../../shared/monitor/provider/read-provider-page';
import { pageSnapshotSchema, type PageSnapshot } from '../../../../shared/monitor/snapshot';
import { sample, sampleJson } from './published-samples';

/* Each format on published answers (test/fixtures/providers/<format>/README.md names the sources). */

const read = (format: ProviderFormat, file: string, url: string, now = Date.now()): PageSnapshot =>
  pageSnapshotSchema.parse(JSON.parse(JSON.stringify(readProviderPage(sample(format, file), { url, format }, now))));

describe('Instatus', () => {
  it("reads the documentation's example: HASISSUES with a major outage and a maintenance not started", () => {
    const page = read('instatus', 'instatus-docs-example.json', 'https://instat.us', Date.parse('2022-06-11T18:00:00Z'));
    expect(page).toMatchObject({ name: 'Instatus', url: 'https://instat.us', level: 'major', hasStatusType: true, currentType: 'hasissues' });
    expect(page.incidents).toEqual([
      expect.objectContaining({
        title: "We're facing an issue with our API",
        type: 'majoroutage',
        level: 'major',
        startsAt: '2022-06-11T18:55:50.000Z',
        url: 'https://testing-widget.instatus.com/incident/cl4a8n3070721qtmzvts760c4',
        resolved: false,
      }),
    ]);
    expect(page.upcomingMaintenances).toEqual([
      expect.objectContaining({ title: 'Database maintenance', startsAt: '2022-06-11T18:55:54.000Z', endsAt: '2022-06-11T19:55:54.000Z' }),
    ]);
    expect(page.maintenances).toEqual([]);
  });

  it('a page that says UP beside an open incident is worded by the incident, as its level is', () => {
    const docs = sampleJson('instatus', 'instatus-docs-example.json') as { page: Record<string, unknown>; activeIncidents: Array<Record<string, unknown>> };
    docs.page.status = 'UP';
    docs.activeIncidents[0]!.impact = 'MINOROUTAGE';
    const page = readProviderPage(JSON.stringify(docs), { url: 'https://instat.us', format: 'instatus' }, Date.parse('2022-06-11T18:00:00Z'));
    expect(page).toMatchObject({ level: 'minor', currentType: 'minoroutage', hasStatusType: false });
  });

  it("reads Manychat's summary that says UP beside an identified incident as that incident's level", () => {
    expect(read('instatus', 'manychat-2026-08-03.json', 'https://status.manychat.com')).toMatchObject({
      name: 'Manychat',
      level: 'minor',
      currentType: 'degradedperformance',
      hasStatusType: false,
      incidents: [expect.objectContaining({ title: 'Delays and failures in Follow to DM … on Instagram', level: 'minor', resolved: false })],
    });
  });

  it("reads Perplexity's healthy live summary as operational", () => {
    expect(read('instatus', 'perplexity-up.json', 'https://status.perplexity.com')).toMatchObject({
      name: 'Perplexity',
      level: 'operational',
      currentType: null,
      incidents: [],
    });
  });
});

describe('Statuspage', () => {
  it("reads GitHub's summary during the outage of 2 Apr 2020: major, one open incident, the components out", () => {
    const page = read('statuspage', 'github-2020-04-02-outage.json', 'https://www.githubstatus.com');
    expect(page).toMatchObject({ name: 'GitHub', level: 'major', currentType: 'major', hasStatusType: true });
    expect(page.incidents).toEqual([
      expect.objectContaining({ title: 'Incident on 2020-04-02 20:20 UTC', level: 'major', resolved: false, startsAt: '2020-04-02T20:20:54.005Z' }),
    ]);
    expect(page.incidents[0]!.latestUpdate).toMatchObject({ type: 'investigating', description: 'We are investigating reports of service unavailability.' });
    expect(page.services.filter((s) => s.level !== 'operational').map((s) => [s.name, s.level])).toEqual([
      ['Git Operations', 'major'],
      ['API Requests', 'major'],
      ['Webhooks', 'major'],
      ['Issues, PRs, Projects', 'major'],
      ['GitHub Actions', 'major'],
      ['GitHub Packages', 'major'],
    ]);
  });
});

describe('status.io', () => {
  it("reads GitLab's page: components with their containers, all operational, an upcoming maintenance", () => {
    const page = read('statusio', 'gitlab-2023-06-29.json', 'https://api.status.io/1.0/status/5b36dc6502d06804c08349f7');
    expect(page.level).toBe('operational');
    expect(page.services).toHaveLength(17);
    expect(page.services[0]).toMatchObject({ name: 'Website', level: 'operational', children: [expect.objectContaining({ name: 'Google Compute Engine' })] });
    expect(page.upcomingMaintenances).toEqual([
      expect.objectContaining({ title: 'CI Cluster PostgreSQL 14 Upgrade', startsAt: '2023-07-08T14:00:00.000Z', endsAt: '2023-07-08T19:00:00.000Z' }),
    ]);
    expect(page.upcomingMaintenances[0]!.serviceIds.length).toBeGreaterThan(0);
  });

  it("reads GitLab's healthy page of 1 Jul 2026: 23 components, nothing open", () => {
    const page = read('statusio', 'gitlab-2026-07-01.json', 'https://api.status.io/1.0/status/5b36dc6502d06804c08349f7');
    expect(page).toMatchObject({ level: 'operational', currentType: null, incidents: [], maintenances: [], upcomingMaintenances: [] });
    expect(page.services).toHaveLength(23);
    expect(page.services[0]).toMatchObject({ name: 'Website', children: [expect.objectContaining({ name: 'Google Compute Engine' })] });
  });

  it("reads the documentation's example, and a component in disruption as major", () => {
    const page = read('statusio', 'statusio-docs-example.json', 'https://api.status.io/1.0/status/example');
    expect(page).toMatchObject({
      level: 'operational',
      services: [expect.objectContaining({ name: 'Website', children: [expect.anything(), expect.anything()] })],
    });
    const disrupted = sample('statusio', 'gitlab-2023-06-29.json').replace(
      '"status": "Operational",\n        "status_code": 100',
      '"status": "Service Disruption",\n        "status_code": 500',
    );
    const gitlab = readProviderPage(disrupted, { url: 'https://api.status.io/1.0/status/x', format: 'statusio' });
    expect(gitlab.services[0]).toMatchObject({ name: 'Website', level: 'major', currentType: 'Service Disruption' });
    expect(gitlab.level).toBe('major');
  });
});

describe('Cachet', () => {
  it("reads Cachet's documented 1.x answer: a major outage among the components", () => {
    const page = read('cachet', 'cachet-docs-components.json', 'https://status.cachethq.io');
    expect(page.services.map((s) => [s.name, s.level, s.currentType])).toEqual([
      ['Example Component', 'operational', null],
      ['Second Example Components', 'major', 'major outage'],
    ]);
    expect(page.level).toBe('major');
  });

  it('reads a Cachet 3 answer (cachethq/core): status 6 is under maintenance, the page in maintenance', () => {
    const page = read('cachet', 'cachet3-components.json', 'https://status.example.com/status');
    expect(page.services.map((s) => [s.name, s.level, s.currentType])).toEqual([
      ['Website', 'operational', null],
      ['API', 'scheduled', 'under maintenance'],
    ]);
    expect(page).toMatchObject({ level: 'scheduled', currentType: 'under maintenance' });
  });

  it("reads the Cachet 3 demo's component as published (v3.cachethq.io), and its status 6 as maintenance", () => {
    const page = read('cachet', 'cachet3-demo-component-2026-03-04.json', 'https://v3.cachethq.io');
    expect(page.services.map((s) => [s.name, s.level, s.currentType])).toEqual([['Cachet Website', 'operational', null]]);
    expect(page.level).toBe('operational');
    // cachethq/core's English label for ComponentStatusEnum::under_maintenance (6).
    const maintained = sample('cachet', 'cachet3-demo-component-2026-03-04.json').replace(
      '{ "human": "Operational", "value": 1 }',
      '{ "human": "Under maintenance", "value": 6 }',
    );
    expect(readProviderPage(maintained, { url: 'https://v3.cachethq.io', format: 'cachet' })).toMatchObject({
      level: 'scheduled',
      currentType: 'under maintenance',
    });
  });

  it("an answer of Cachet 3's incidents (its documentation's example) is not understood as components", () => {
    expect(() => readProviderPage(sample('cachet', 'cachet3-docs-incidents.json'), { url: 'https://v3.cachethq.io', format: 'cachet' })).toThrow(
      /^Not understood as .*: .*incidents/,
    );
  });

  it("reads Yoti's 2.x answer: seven components, all operational", () => {
    const page = read('cachet', 'yoti-components.json', 'https://status.yoti.com');
    expect(page.services).toHaveLength(7);
    expect(page).toMatchObject({ level: 'operational', currentType: null });
  });
});

describe('RSS and Atom feeds', () => {
  it("reads DatoCMS' Atom history: every entry resolved, so nothing is open", () => {
    const page = read('feed', 'datocms-history.atom', 'https://status.datocms.com/history.atom', Date.parse('2026-10-01T00:00:00Z'));
    expect(page).toMatchObject({ name: 'DatoCMS', level: 'operational', incidents: [], maintenances: [] });
  });

  it("reads LambStatus' RSS history: an open incident (Monitoring) and a scheduled maintenance; the resolved one is left out", () => {
    const page = read('feed', 'lambstatus-demo-history.rss', 'https://lambstatus.github.io/demo-status/history.rss', Date.parse('2017-10-14T06:00:00Z'));
    expect(page.name).toBe('MyService Status');
    expect(page.url).toBe('https://lambstatus.github.io/demo-status');
    expect(page.incidents).toEqual([
      expect.objectContaining({ title: 'DNS resolution issues', level: 'minor', url: 'https://lambstatus.github.io/demo-status/incidents/bqoDstalneID' }),
    ]);
    expect(page.incidents[0]!.latestUpdate).toMatchObject({ type: 'monitoring', postedAt: '2017-10-13T06:50:38.000Z' });
    expect(page.incidents[0]!.latestUpdate!.description).toMatch(/^May 13, 2017, 06:50 UTC Monitoring - We are observing normal traffic/);
    expect(page.upcomingMaintenances.map((m) => m.title)).toEqual(['Network maintenance']);
    expect(page.level).toBe('minor');
  });

  it('an entry nobody closed long ago is history, not an incident today', () => {
    const page = read('feed', 'lambstatus-demo-history.rss', 'https://lambstatus.github.io/demo-status/history.rss', Date.parse('2026-01-01T00:00:00Z'));
    expect(page).toMatchObject({ level: 'operational', incidents: [], upcomingMaintenances: [] });
  });
});

describe('an answer that is not the format', () => {
  const samples: Record<ProviderFormat, string> = {
    statuspage: sample('incidentio', 'openai-summary-2026-09-04.json'),
    incidentio: sample('incidentio', 'openai-summary-2026-09-04.json'),
    instatus: sample('instatus', 'instatus-docs-example.json'),
    statusio: sample('statusio', 'gitlab-2023-06-29.json'),
    cachet: sample('cachet', 'yoti-components.json'),
    feed: sample('feed', 'lambstatus-demo-history.rss'),
  };
  const HTML = '<!doctype html><html><head><title>Sign in</title></head><body>Sign in to the network</body></html>';

  it.each(PROVIDER_FORMATS)('%s: another format, an HTML page, or JSON of no known shape is "not understood" with the reason, never operational', (format) => {
    for (const [other, body] of Object.entries(samples)) {
      if (other === format || (format === 'incidentio' && other === 'statuspage') || (format === 'statuspage' && other === 'incidentio')) continue;
      expect(() => readProviderPage(body, { url: 'https://status.example.com', format }), `${other} read as ${format}`).toThrow(ProviderNotUnderstoodError);
    }
    expect(() => readProviderPage(HTML, { url: 'https://status.example.com', format })).toThrow(/^Not understood as .*: .*(HTML|rss or feed)/);
    expect(() => readProviderPage('{"hello":"world"}', { url: 'https://status.example.com', format })).toThrow(ProviderNotUnderstoodError);
  });
});
