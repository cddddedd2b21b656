import { z } from 'zod';

/**
 * The `operations` section of the settings file. Every field is optional: an absent field follows the
 * built-in default, so a default that changes in a later version reaches users who never touched it.
 * The OAuth client secret of an installed app is not confidential (Google says so), but it is still never
 * sent to the window: the view only says whether one is set.
 */
export const operationsSettingsSchema = z.object({
  baseUrl: z.string().max(2048).optional(),
  oauthClientId: z.string().max(512).optional(),
  oauthClientSecret: z.string().max(512).optional(),
  authUrl: z.string().max(2048).optional(),
  tokenUrl: z.string().max(2048).optional(),
  revokeUrl: z.string().max(2048).optional(),
  /** The user chose Application Default Credentials as a token source. */
  useAdc: z.boolean().optional(),
});
export type OperationsSettings = z.infer<typeof operationsSettingsSchema>;

const endpointsSchema = z.object({
  baseUrl: z.string(),
  authUrl: z.string(),
  tokenUrl: z.string(),
  revokeUrl: z.string(),
});

/** What the window sees: effective values, the defaults beside them, and no secret. */
export const operationsSettingsViewSchema = endpointsSchema.extend({
  clientId: z.string().nullable(),
  clientSecretSet: z.boolean(),
  defaults: endpointsSchema,
  /** What the change did that the user should be told (a sign-in removed because its addresses moved). */
  notice: z.string().optional(),
});
export type OperationsSettingsView = z.infer<typeof operationsSettingsViewSchema>;

const field = (max: number) => z.string().max(max).nullable().optional();

/** A change: a field left out is kept, null (or an empty string) goes back to the default. */
export const operationsSettingsChangeSchema = z.object({
  baseUrl: field(2048),
  clientId: field(512),
  clientSecret: field(512),
  authUrl: field(2048),
  tokenUrl: field(2048),
  revokeUrl: field(2048),
});
export type OperationsSettingsChange = z.infer<typeof operationsSettingsChangeSchema>;
