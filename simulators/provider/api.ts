import type { ComponentStatus, Impact, IncidentStatus, MaintenanceStatus, ProviderPageSeed } from './model';

export interface ProviderFaults {
  /** Added before every answer, in ms. */
  latencyMs?: number;
  /** HTTP status → probability, e.g. { 500: 0.1, 503: 0.05 } (503 and 429 carry Retry-After: 1). */
  errorRates?: Partial<Record<number, number>>;
  /** The connection is destroyed without an answer. */
  resetRate?: number;
  /** A 200 whose body is cut short (not JSON). */
  malformedRate?: number;
  /** A 200 HTML page instead of the JSON (a captive portal, a wrong address). */
  htmlRate?: number;
  /** Probability of no answer at all until the client gives up. */
  hangRate?: number;
  /** One-shot faults for the next requests, in order. */
  next?: ProviderOneShotFault[];
}

export type ProviderOneShotFault =
  | { kind: 'status'; status: number }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'html' }
  /** A 200 labelled gzip whose bytes are not (a broken proxy). */
  | { kind: 'badGzip' }
  | { kind: 'hang' }
  | { kind: 'latency'; ms: number };

/** Which validators the pages send: both (default), one of them, or none (every poll costs a body). */
export type ValidatorMode = 'both' | 'etag' | 'last-modified' | 'none';

export interface ProviderSimulatorOptions {
  /** Default 0 (a free port). Always 127.0.0.1. */
  port?: number;
  /** 'demo': DEMO_PROVIDERS; 'formats': those and FORMAT_DEMO_PROVIDERS (one page per other format); 'empty': none; or your own. */
  seed?: 'demo' | 'formats' | 'empty' | readonly ProviderPageSeed[];
  validators?: ValidatorMode;
  /** gzip a 200's body when the client accepts it; default true. */
  compression?: boolean;
  faults?: ProviderFaults;
  /** Seed of the fault draws. */
  faultSeed?: number;
  /** The clock of `updated_at`, incident times and Last-Modified; default Date.now. */
  now?: () => number;
}

export interface ProviderStats {
  requests: number;
  /** 200 answers with a summary body. */
  full: number;
  /** 304 answers. */
  notModified: number;
  /** Answers of a fault (status, reset, malformed, html, hang). */
  faulted: number;
  /** Body bytes sent, as sent (gzipped when it was; headers not counted). */
  bodyBytes: number;
  /** Bytes on the wire (status line, headers and body) of the 304 answers, and of the 200 answers' headers alone. */
  notModifiedWireBytes: number;
  fullHeaderWireBytes: number;
  /** Per page slug: requests. */
  perPage: Record<string, number>;
}

export interface OpenIncidentInput {
  page: string;
  name: string;
  impact?: Impact;
  status?: IncidentStatus;
  components?: Array<{ name: string; status: ComponentStatus }>;
  body: string;
}

export interface ProviderSimulator {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /**
   * The address the user gives Statusdesk: `<origin>/pages/<slug>` (the document below it, by format), or for
   * status.io and feed pages the document's own address.
   */
  pageUrl(slug: string): string;
  pages(): string[];
  addPage(seed: ProviderPageSeed): string;
  /** Opens an incident (and sets its components' statuses); returns the incident id. */
  openIncident(input: OpenIncidentInput): string;
  addUpdate(input: { page: string; incidentId: string; status: IncidentStatus; body: string }): void;
  /** A `resolved` update, components back to operational; the incident leaves the summary (as on real pages). */
  resolveIncident(input: { page: string; incidentId: string; body: string }): void;
  setComponentStatus(input: { page: string; component: string; status: ComponentStatus }): void;
  scheduleMaintenance(input: { page: string; name: string; startsAt: Date; endsAt: Date; components?: string[]; body: string }): string;
  setMaintenanceStatus(input: { page: string; maintenanceId: string; status: MaintenanceStatus; body?: string }): void;
  /** The Statuspage summary of a page (the model every format is rendered from). */
  summary(slug: string): unknown;
  /** The page's document in its own format, as served now. */
  document(slug: string): string;
  setValidators(mode: ValidatorMode): void;
  setFaults(faults: ProviderFaults): void;
  stats(): ProviderStats;
  resetStats(): void;
  close(): Promise<void>;
}
