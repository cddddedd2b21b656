import type { ProviderFormat } from '@shared/monitor/provider/provider-format';

/*
 * The provider simulator's state: pages kept in the public Statuspage model (and served in their
 * own format: shapes/), changed through the
 * control methods (never over HTTP). Each change bumps the page's version and `updated_at`; the
 * server renders a version once and answers conditional requests from its validators.
 */

export type ComponentStatus = 'operational' | 'degraded_performance' | 'partial_outage' | 'major_outage' | 'under_maintenance';
export type Impact = 'none' | 'minor' | 'major' | 'critical' | 'maintenance';
export type IncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved' | 'postmortem';
export type MaintenanceStatus = 'scheduled' | 'in_progress' | 'verifying' | 'completed';

export interface SimComponent {
  id: string;
  name: string;
  status: ComponentStatus;
  position: number;
  group: boolean;
  group_id: string | null;
}

export interface SimUpdate {
  id: string;
  status: string;
  body: string;
  created_at: string;
  display_at: string;
  updated_at: string;
}

export interface SimIncident {
  id: string;
  name: string;
  status: IncidentStatus | MaintenanceStatus;
  impact: Impact;
  created_at: string;
  started_at: string;
  updated_at: string;
  resolved_at: string | null;
  scheduled_for?: string;
  scheduled_until?: string;
  componentIds: string[];
  updates: SimUpdate[];
}

export interface SimProviderPage {
  slug: string;
  format: ProviderFormat;
  cachetVersion: 2 | 3;
  id: string;
  name: string;
  timeZone: string;
  components: SimComponent[];
  incidents: SimIncident[];
  maintenances: SimIncident[];
  version: number;
  updatedAt: string;
}

/** The seed of one page: components as a flat list, groups listing their children by name. */
export interface ProviderPageSeed {
  slug: string;
  name: string;
  /** How the page is served; default statuspage. */
  format?: ProviderFormat;
  /** A Cachet page's version: 2 (default) serves `/api/v1/components`, 3 (cachethq/core) `/api/components` only. */
  cachetVersion?: 2 | 3;
  /** A name alone is a component; `{ group, children }` a group of components. */
  components: Array<string | { group: string; children: string[] }>;
}

/** The demo seed: fictional providers (no real provider's data). */
export const DEMO_PROVIDERS: readonly ProviderPageSeed[] = [
  { slug: 'nimbus-cloud', name: 'Nimbus Cloud', components: [{ group: 'Compute', children: ['Virtual machines', 'Object storage'] }, 'DNS', 'Public API'] },
  { slug: 'parcel-cdn', name: 'Parcel CDN', components: ['Edge network', 'Purge API', 'Dashboard'] },
  { slug: 'payflow', name: 'PayFlow Payments', components: [{ group: 'Payments', children: ['Card payments', 'Payouts'] }, 'Webhooks'] },
];

/** One fictional page per format beyond Statuspage (seed 'formats' serves them beside the demo ones). */
export const FORMAT_DEMO_PROVIDERS: readonly ProviderPageSeed[] = [
  { slug: 'relay-ai', name: 'Relay AI', format: 'incidentio', components: ['Chat API', 'Embeddings', 'Console'] },
  { slug: 'hatch-hosting', name: 'Hatch Hosting', format: 'instatus', components: ['Deploys', 'Edge'] },
  { slug: 'ledger-git', name: 'Ledger Git', format: 'statusio', components: [{ group: 'Website', children: ['EU', 'US'] }, 'Git operations'] },
  { slug: 'openlane-mail', name: 'Openlane Mail', format: 'cachet', components: ['SMTP relay', 'Webmail'] },
  { slug: 'stratus-cloud', name: 'Stratus Cloud', format: 'feed', components: ['Compute', 'Storage'] },
];
