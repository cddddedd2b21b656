import type { SimProviderPage } from '../model';

/*
 * How the simulator serves a page in one format: the document rendered from the page's Statuspage summary
 * (store.ts), so one change to a page shows in every format. Shapes follow the published samples in
 * test/fixtures/providers/<format>/. One file per format, keyed by the format registry's ids (index.ts).
 */

export type Json = Record<string, unknown>;

/** The Statuspage summary every shape is rendered from, as store.ts builds it. */
export interface SimSummary {
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

export interface SimulatorShape {
  readonly contentType: string;
  /** The page's document in this format. */
  render(summary: SimSummary, page: SimProviderPage): string;
  /** The address Statusdesk is given, from the page's folder `<origin>/pages/<slug>`; default: the folder. */
  pageAddress?(folder: string, page: SimProviderPage): string;
  /** Which of the format record's document addresses the page answers at; default the first. */
  answersAt?(page: SimProviderPage): number;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
