import type { Page } from '../model';
import { addMembership } from '../resources/members';
import { addMetric } from '../resources/metrics';
import { createAccessGroup } from '../resources/access-groups';
import { addIncidentUpdate, createIncident } from '../resources/incidents';
import { createNotice } from '../resources/notices';
import { createService } from '../resources/services';
import { createSubscription } from '../resources/subscriptions';
import { createWebhook } from '../resources/webhooks';
import type { Store } from '../store';
import { DEMO_ORG_ID, OTHER_ORG_ID } from './base';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * Demo data, relative to the clock at seed time:
 * - `acme` (org 1): services Web (1) > API (2), Dashboard (3); Data (4) > Database (5), Queue (6).
 *   Operational; one resolved incident two days ago, a maintenance in three days, a featured notice,
 *   three subscriptions (email, sms, chat), a webhook, an access group, metric 1.
 *   Custom types: performance → minor, info → minor, emergency-maintenance → scheduled.
 * - `acme-eu` (org 1): EU Web (7) > EU API (8); EU Data (9). An open `performance` incident on EU API.
 *   Page member eu-editor@acme.example (editor).
 * - `globex` (org 2): Portal (10). Operational.
 */
export function seedDemo(store: Store, now: number): void {
  const acme = store.newPage({
    subdomain: 'acme',
    orgId: DEMO_ORG_ID,
    name: 'Acme',
    url: 'status.acme.example',
    timeZone: 'Europe/Zurich',
    now,
    extra: { default_lang: 'en' },
  });
  customTypes(acme);
  const svc = (page: Page, id: number, name: string, parentId: number | null, description: string | null = null): void => {
    createService(store, page, { name, parentId, description, extra: {} }, now, id);
  };
  svc(acme, 1, 'Web', null, 'Public website and API');
  svc(acme, 2, 'API', 1, 'REST API');
  svc(acme, 3, 'Dashboard', 1);
  svc(acme, 4, 'Data', null);
  svc(acme, 5, 'Database', 4);
  svc(acme, 6, 'Queue', 4);

  const past = createIncident(
    store,
    acme,
    {
      type: 'major',
      title: 'Elevated API error rates',
      serviceIds: [1, 2],
      startsAt: floor(now - 2 * DAY),
      updates: [{ type: 'issue', description: 'We are seeing elevated error rates on the API.', postedAt: floor(now - 2 * DAY), extra: {} }],
      extra: {},
    },
    now,
  );
  addIncidentUpdate(
    store,
    acme,
    past,
    { type: 'resolved', description: 'Error rates are back to normal.', postedAt: floor(now - 2 * DAY + HOUR), extra: {} },
    now,
  );
  // Resolved "now" by the call above; move the record back to when it really ended.
  past.endsAt = floor(now - 2 * DAY + HOUR);
  past.closedAt = past.endsAt;

  createIncident(
    store,
    acme,
    {
      type: 'scheduled',
      title: 'Database upgrade',
      serviceIds: [4, 5],
      startsAt: floor(now + 3 * DAY),
      endsAt: floor(now + 3 * DAY + 2 * HOUR),
      updates: [{ type: 'scheduled', description: 'We will upgrade the primary database. Short interruptions are possible.', extra: {} }],
      extra: {},
    },
    now,
  );
  createNotice(
    store,
    acme,
    {
      title: 'New status page layout',
      serviceIds: [],
      featuredFrom: floor(now - HOUR),
      featuredUntil: floor(now + 7 * DAY),
      updates: [{ description: 'Our status page has a new look.', extra: {} }],
      extra: {},
    },
    now,
  );
  createSubscription(store, acme, { email: 'alice@example.com' }, now);
  createSubscription(store, acme, { phone_country_code: '+41', phone_number: '79 123 45 67' }, now);
  createSubscription(store, acme, { kind: 'chat', webhook_url: 'https://hooks.chat.example/services/T000/B000' }, now);
  createWebhook(store, acme, { url: 'https://hooks.acme.example/statuspage' }, now);
  createAccessGroup(store, acme, { name: 'Enterprise customers', service_ids: [1, 2] }, now);
  addMetric(store, acme, 'API response time (ms)', 1);

  const eu = store.newPage({
    subdomain: 'acme-eu',
    orgId: DEMO_ORG_ID,
    name: 'Acme EU',
    url: 'status-eu.acme.example',
    timeZone: 'Europe/Berlin',
    now,
    extra: { default_lang: 'en' },
  });
  customTypes(eu);
  svc(eu, 7, 'EU Web', null);
  svc(eu, 8, 'EU API', 7);
  svc(eu, 9, 'EU Data', null);
  createIncident(
    store,
    eu,
    {
      type: 'performance',
      title: 'Slow responses from the EU API',
      serviceIds: [8],
      startsAt: floor(now - 30 * MIN),
      updates: [{ type: 'issue', description: 'Some requests to the EU API are slow. We are investigating.', postedAt: floor(now - 30 * MIN), extra: {} }],
      extra: {},
    },
    now,
  );
  addMembership(store, eu.members, { email: 'eu-editor@acme.example', name: 'Erik EU', role: 'editor' }, ['viewer', 'editor', 'admin', 'owner'], now);

  const globex = store.newPage({ subdomain: 'globex', orgId: OTHER_ORG_ID, name: 'Globex', url: 'status.globex.example', now });
  svc(globex, 10, 'Portal', null);
}

function customTypes(page: Page): void {
  page.incidentTypes.set('performance', 'minor');
  page.incidentTypes.set('info', 'minor');
  page.incidentTypes.set('emergency-maintenance', 'scheduled');
}

const floor = (ms: number): number => Math.floor(ms / 1000) * 1000;
