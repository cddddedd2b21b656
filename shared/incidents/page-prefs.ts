import { z } from 'zod';
import { languageCodeSchema } from '../translation/language';

/** The most a page keeps: enough for every routine, small enough that the file stays a glance to read. */
export const MAX_TEMPLATES_PER_PAGE = 100;
export const MAX_REMEMBERED_LANGUAGES = 40;

/** The page an account writes to: templates belong to it, not to the account's name. */
export const pageRefSchema = z.object({
  accountId: z.string().min(1).max(200),
  subdomain: z.string().min(1).max(200),
});

export const templateNameSchema = z.string().trim().min(1, 'Give the template a name.').max(80, 'Keep the name under 80 characters.');

/** What a template fills in the New incident editor. */
export const templateContentSchema = z.object({
  title: z.string().max(255),
  type: z.string().max(100),
  serviceIds: z.array(z.number().int()).max(1_000),
  message: z.string().max(10_000),
});

export const incidentTemplateSchema = templateContentSchema.extend({
  id: z.string().min(1).max(100),
  name: templateNameSchema,
});

/** What the app remembers about writing incidents on one page. */
export const pagePrefsSchema = z.object({
  templates: z.array(incidentTemplateSchema).max(MAX_TEMPLATES_PER_PAGE),
  /** The languages last translated into on this page, for "Translate into…" next time. */
  languages: z.array(languageCodeSchema).max(MAX_REMEMBERED_LANGUAGES),
});

export type PageRef = z.infer<typeof pageRefSchema>;
export type TemplateContent = z.infer<typeof templateContentSchema>;
export type IncidentTemplate = z.infer<typeof incidentTemplateSchema>;
export type PagePrefs = z.infer<typeof pagePrefsSchema>;
