import { z } from 'zod';
import { severitySchema } from '../monitor/severity';

/*
 * Which changes go to which destination. A change reaches a destination when at least one enabled rule of
 * that destination matches it; a destination with no rule receives nothing.
 */

const clockTimeSchema = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');

export const alertRuleSchema = z.object({
  id: z.string().min(1).max(64),
  destinationId: z.string().min(1).max(64),
  /** Watched page ids; null: every watched page, those added later included. */
  pageIds: z.array(z.string().max(200)).max(5_000).nullable().default(null),
  /** Only changes touching these services (of the pages above); empty: any service and page-wide changes. */
  services: z
    .array(z.object({ pageId: z.string().max(200), serviceId: z.number().int() }))
    .max(5_000)
    .default([]),
  /** The least severe change that is sent. */
  minSeverity: severitySchema.default('minor'),
  /** `all`: openings, every update and resolutions; `open-and-resolve`: only openings and resolutions. */
  updates: z.enum(['all', 'open-and-resolve']).default('all'),
  /**
   * In the destination's zone; `from` after `to` spans midnight. Changes below major are held during these
   * hours and sent as one digest when they end; a major change is sent at once.
   */
  quietHours: z.object({ from: clockTimeSchema, to: clockTimeSchema }).nullable().default(null),
  enabled: z.boolean().default(true),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;
export type AlertRuleInput = z.input<typeof alertRuleSchema>;
