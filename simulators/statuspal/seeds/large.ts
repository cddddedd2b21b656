import { refreshLive } from '../derived';
import type { Page } from '../model';
import { createAccessGroup } from '../resources/access-groups';
import { createIncident } from '../resources/incidents';
import { addMembership } from '../resources/members';
import { addMetric } from '../resources/metrics';
import { createService } from '../resources/services';
import { createSubscription } from '../resources/subscriptions';
import { createWebhook } from '../resources/webhooks';
import type { Store } from '../store';
import { DEMO_ORG_ID } from './base';

/*
 * A large company's page, for the scale e2e tests and the large-page bench: page `acme` of
 * organization 1 (the demo keys work on it), with every count a parameter, so its baseline is the same
 * page with ten of each. Deterministic: the same counts and clock give the same page.
 *
 * - services: a 3-level tree (areas › regions › components); components are named "<word> <nnn>", the
 *   number unique, so a few typed digits find one; areas and regions carry no digits.
 * - subscriptions (oldest first): email on a few domains, SMS (+41 / +1 / +44), chat hooks, in turn.
 * - incidents: past ones every 6 hours back from now, each with `updatesPerIncident` updates (the last
 *   one resolved); maintenances: 90 % completed in the past, the rest upcoming.
 * - metrics 1..n with `metricDays` days of 5-minute points each (the API cannot read them back; they make
 *   the page as heavy as a real one for the simulator).
 */

export interface LargeSeedCounts {
  services: number;
  subscriptions: number;
  webhooks: number;
  accessGroups: number;
  /** Page members; the organization gets as many (besides the base seed's three). */
  members: number;
  incidents: number;
  updatesPerIncident: number;
  maintenances: number;
  metrics: number;
  metricDays: number;
}

/** The page of the issue. */
export const LARGE_PAGE: LargeSeedCounts = {
  services: 400,
  subscriptions: 20_000,
  webhooks: 200,
  accessGroups: 50,
  members: 300,
  incidents: 5_000,
  updatesPerIncident: 4,
  maintenances: 100,
  metrics: 10,
  metricDays: 30,
};

/** Its 10-item copy: the baseline every large-page ratio is taken against. */
export const SMALL_COPY: LargeSeedCounts = {
  services: 10,
  subscriptions: 10,
  webhooks: 10,
  accessGroups: 10,
  members: 10,
  incidents: 10,
  updatesPerIncident: 4,
  maintenances: 10,
  metrics: 1,
  metricDays: 1,
};

const LARGE_SUBDOMAIN = 'acme';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const AREAS = ['Payments', 'Storefront', 'Identity', 'Messaging', 'Search', 'Analytics', 'Storage', 'Compute', 'Networking', 'Support'];
const REGIONS = ['EU West', 'EU Central', 'US East', 'US West', 'Asia Pacific'];
const WORDS = ['Gateway', 'Ledger', 'Worker', 'Scheduler', 'Index', 'Cache', 'Queue', 'Router', 'Vault', 'Renderer', 'Mailer', 'Importer'];
const DOMAINS = ['example.com', 'example.org', 'corp.example', 'mail.example.net'];
const COUNTRY_CODES = ['+41', '+1', '+44'];
const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
const EVENTS = ['incident.created', 'incident.updated', 'incident.deleted', 'service.monitored_status.updated'];

/** "Ledger 217": the component's word and its number, three digits or more. */
export function componentName(index: number): string {
  return `${WORDS[index % WORDS.length]} ${String(index + 1).padStart(3, '0')}`;
}

/** Letters only, for areas past the named ten ("Area B"), so digits typed find components alone. */
function areaName(index: number): string {
  if (index < AREAS.length) return AREAS[index]!;
  let name = '';
  for (let n = index - AREAS.length; ; n = Math.floor(n / 26) - 1) {
    name = String.fromCharCode(65 + (n % 26)) + name;
    if (n < 26) break;
  }
  return `Area ${name}`;
}

export function seedLarge(store: Store, now: number, wanted: Partial<LargeSeedCounts> = {}): Page {
  const counts: LargeSeedCounts = { ...LARGE_PAGE, ...wanted };
  const page = store.newPage({
    subdomain: LARGE_SUBDOMAIN,
    orgId: DEMO_ORG_ID,
    name: 'Acme',
    url: 'status.acme.example',
    timeZone: 'Europe/Zurich',
    now,
    extra: { default_lang: 'en' },
  });
  page.incidentTypes.set('performance', 'minor');
  const leaves = seedServices(store, page, counts.services, now);
  seedSubscriptions(store, page, counts.subscriptions, now);
  for (let i = 0; i < counts.webhooks; i++) {
    createWebhook(store, page, { url: `https://hooks.example.com/statuspage/${i + 1}`, events: EVENTS.slice(0, 1 + (i % EVENTS.length)) }, now);
  }
  for (let i = 0; i < counts.accessGroups; i++) {
    const sees = leaves.length ? [leaves[i % leaves.length]!, leaves[(i * 7 + 3) % leaves.length]!] : [];
    createAccessGroup(store, page, { name: `Customer tier ${i + 1}`, service_ids: [...new Set(sees)] }, now);
  }
  const org = store.orgs.get(DEMO_ORG_ID)!;
  for (let i = 0; i < counts.members; i++) {
    const person = { email: `member${i + 1}@acme.example`, name: `Member ${i + 1}`, role: ROLES[i % ROLES.length] };
    addMembership(store, page.members, person, ROLES, now);
    addMembership(store, org.members, { ...person, email: `staff${i + 1}@acme.example` }, [...ROLES, 'billing'], now);
  }
  seedIncidents(store, page, counts, leaves, now);
  for (let m = 0; m < counts.metrics; m++) {
    const metric = addMetric(store, page, `Response time ${m + 1} (ms)`);
    const points = counts.metricDays * 24 * 12;
    const start = Math.floor((now - counts.metricDays * DAY) / 1000);
    for (let p = 0; p < points; p++) metric.entries.push({ time: start + p * 300, value: 100 + ((p * 37 + m * 11) % 90) });
  }
  return page;
}

/** Areas › regions › components, in that order of ids; the component ids are returned. */
function seedServices(store: Store, page: Page, total: number, now: number): number[] {
  const service = (name: string, parentId: number | null, order: number) =>
    createService(store, page, { name, parentId, order, description: null, extra: {} }, now).id;
  const areaCount = Math.min(total, Math.max(1, Math.ceil(total / 40)));
  const regionCount = Math.min(total - areaCount, areaCount * REGIONS.length);
  const areas = Array.from({ length: areaCount }, (_, i) => service(areaName(i), null, i));
  const regions = Array.from({ length: regionCount }, (_, i) =>
    service(`${areaName(i % areaCount)} · ${REGIONS[Math.floor(i / areaCount) % REGIONS.length]}`, areas[i % areaCount]!, Math.floor(i / areaCount)),
  );
  const leaves: number[] = [];
  const leafCount = total - areaCount - regionCount;
  for (let i = 0; i < leafCount; i++) {
    leaves.push(service(componentName(i), regions.length ? regions[i % regions.length]! : areas[i % areaCount]!, Math.floor(i / Math.max(1, regions.length))));
  }
  return leaves;
}

function seedSubscriptions(store: Store, page: Page, total: number, now: number): void {
  for (let i = 0; i < total; i++) {
    const n = i + 1;
    const kind = i % 10;
    if (kind < 7) createSubscription(store, page, { email: `subscriber${n}@${DOMAINS[i % DOMAINS.length]}` }, now);
    else if (kind < 9) {
      createSubscription(
        store,
        page,
        { phone_country_code: COUNTRY_CODES[i % COUNTRY_CODES.length], phone_number: `79 ${String(1_000_000 + n).slice(-7)}` },
        now,
      );
    } else createSubscription(store, page, { kind: 'chat', webhook_url: `https://hooks.chat.example/services/T${n}` }, now);
  }
}

/** Past incidents every 6 hours back from now, resolved; maintenances every 3 days, the last tenth upcoming. */
function seedIncidents(store: Store, page: Page, counts: LargeSeedCounts, leaves: readonly number[], now: number): void {
  const at = (ms: number) => Math.floor(ms / 1000) * 1000;
  const affected = (i: number) => (leaves.length ? [...new Set([leaves[i % leaves.length]!, leaves[(i * 13 + 5) % leaves.length]!])] : []);
  const steps = ['issue', 'update', 'monitoring'];
  for (let i = 0; i < counts.incidents; i++) {
    const startsAt = at(now - (i + 1) * 6 * HOUR);
    const updates = Array.from({ length: counts.updatesPerIncident }, (_, u) => {
      const last = u === counts.updatesPerIncident - 1;
      return {
        type: last ? 'resolved' : steps[u % steps.length]!,
        description: last ? `Incident ${i + 1} is resolved.` : `Step ${u + 1} of incident ${i + 1}: we are looking into it.`,
        postedAt: startsAt + u * 15 * MIN,
        extra: {},
      };
    });
    const type = i % 5 === 0 ? 'major' : i % 5 === 4 ? 'performance' : 'minor';
    const incident = createIncident(
      store,
      page,
      { type, title: `${componentName(i % 340)} ${i % 2 ? 'slow' : 'errors'} (incident ${i + 1})`, serviceIds: affected(i), startsAt, updates, extra: {} },
      now,
    );
    // Resolved "now" by its last update: move the end back to when that update was posted.
    if (incident.closedAt !== null) {
      incident.endsAt = startsAt + (counts.updatesPerIncident - 1) * 15 * MIN;
      incident.closedAt = incident.endsAt;
      refreshLive(page, incident);
    }
  }
  for (let i = 0; i < counts.maintenances; i++) {
    const upcoming = i >= counts.maintenances - Math.ceil(counts.maintenances / 10);
    const startsAt = upcoming ? at(now + (i - counts.maintenances + Math.ceil(counts.maintenances / 10) + 1) * 3 * DAY) : at(now - (i + 1) * 3 * DAY - HOUR);
    createIncident(
      store,
      page,
      {
        type: 'scheduled',
        title: `Maintenance ${i + 1} of ${componentName(i % 340)}`,
        serviceIds: affected(i),
        startsAt,
        endsAt: startsAt + 2 * HOUR,
        updates: [{ type: 'scheduled', description: 'Planned work; short interruptions are possible.', postedAt: startsAt - DAY, extra: {} }],
        extra: {},
      },
      now,
    );
  }
}
