import { z } from 'zod';

/*
 * The public status page format many providers serve at `<page URL>/api/v2/summary.json` (the
 * Atlassian Statuspage public API, also served by other hosted products at the same path). Only
 * the fields the monitor reads, each nullable and optional: providers differ in what they omit,
 * and a missing field must not cost the whole page. Unknown enum values stay strings (mapped with
 * a fallback in provider-levels.ts) for the same reason. Ids are strings in this format.
 */

const text = z.string().nullish();
const id = z.union([z.string().min(1), z.number().transform(String)]);
const list = <T extends z.ZodType>(item: T) => z.array(item).nullish();

export const COMPONENT_STATUSES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance'] as const;
export const INCIDENT_IMPACTS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const;
export const STATUS_INDICATORS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const;

const providerPageSchema = z.object({
  id: text,
  name: text,
  url: text,
  time_zone: text,
  updated_at: text,
});

export const providerComponentSchema = z.object({
  id,
  name: text,
  status: text,
  position: z.number().nullish(),
  /** A group holds the components whose `group_id` names it. */
  group: z.boolean().nullish(),
  group_id: text,
  components: list(z.string()),
  only_show_if_degraded: z.boolean().nullish(),
});

const providerUpdateSchema = z.object({
  id,
  status: text,
  body: text,
  created_at: text,
  display_at: text,
  updated_at: text,
});

export const providerIncidentSchema = z.object({
  id,
  name: text,
  status: text,
  impact: text,
  shortlink: text,
  created_at: text,
  started_at: text,
  updated_at: text,
  resolved_at: text,
  monitoring_at: text,
  /** Scheduled maintenances only. */
  scheduled_for: text,
  scheduled_until: text,
  incident_updates: list(providerUpdateSchema),
  components: list(z.object({ id }).loose()),
});

export const providerSummarySchema = z.object({
  /** Some pages' summaries have been seen without it (then the address names the page). */
  page: providerPageSchema.nullish().transform((page) => page ?? {}),
  status: z.object({ indicator: text, description: text }).nullish(),
  components: list(providerComponentSchema),
  incidents: list(providerIncidentSchema),
  scheduled_maintenances: list(providerIncidentSchema),
});

export type ProviderSummary = z.infer<typeof providerSummarySchema>;
export type ProviderComponent = z.infer<typeof providerComponentSchema>;
export type ProviderIncident = z.infer<typeof providerIncidentSchema>;
