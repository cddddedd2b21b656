import { z } from 'zod';
import { httpUrlSchemaWith } from '../validation/http-url';

/** Where an account's API lives: one of the two hosted regions, or a custom base URL (self-hosted, tests). */
const REGIONS = ['us', 'eu', 'custom'] as const;
export const regionSchema = z.enum(REGIONS);
export type Region = z.infer<typeof regionSchema>;

const subdomainSchema = z
  .string()
  .trim()
  .min(1, 'Enter the page subdomain.')
  .max(100, 'The subdomain is too long.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'A subdomain has only letters, digits, "-" and "_".');

const organizationIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9]+$/, 'The organization id is a number.')
  .max(20);

export const httpUrlSchema = httpUrlSchemaWith('Enter a full http(s) address, for example https://status.example.com/api/v2.');

/**
 * A custom server's base address, as the window gives it: https, or http on this computer only, with nothing
 * after the path (regions.ts baseUrlProblem, secret-destination.ts). One rule whether a key is sent there (an
 * account) or not (a public own page): a page the window names is never read over plain http across a network.
 */
export const serverBaseUrlSchema = httpUrlSchemaWith(
  'Enter a full https address, for example https://status.example.com/api/v2 (plain http only on this computer).',
  { receivesSecret: true, bare: true },
);

const apiKeySchema = z
  .string()
  .trim()
  .min(8, 'That API key is too short.')
  .max(512, 'That API key is too long.')
  .regex(/^[\x21-\x7e]+$/, 'An API key has no spaces or special characters.');

const accountFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Give the account a name.').max(80),
  region: regionSchema,
  baseUrl: httpUrlSchema.optional(),
  subdomain: subdomainSchema,
  organizationId: organizationIdSchema.optional(),
});

function requireBaseUrlForCustom<T extends { region?: Region; baseUrl?: string | undefined }>(value: T, ctx: z.RefinementCtx): void {
  if (value.region === 'custom' && !value.baseUrl) {
    ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'A custom region needs a base URL.' });
  }
}

/** What the renderer sends to create an account. The key goes straight to the vault. */
export const accountInputSchema = accountFieldsSchema
  .extend({
    baseUrl: serverBaseUrlSchema.optional(),
    apiKey: apiKeySchema.optional(),
    /** Only honoured when the OS keychain is unavailable: keep the key in memory until the app quits. */
    sessionOnlyKey: z.boolean().optional(),
  })
  .superRefine(requireBaseUrlForCustom);
export type AccountInput = z.input<typeof accountInputSchema>;

/** An edit: every field optional; `apiKey: null` removes the stored key. */
export const accountUpdateSchema = accountFieldsSchema
  .partial()
  .extend({
    baseUrl: serverBaseUrlSchema.optional(),
    id: z.string().uuid(),
    apiKey: apiKeySchema.nullable().optional(),
    sessionOnlyKey: z.boolean().optional(),
  })
  .superRefine(requireBaseUrlForCustom);
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

/** What is stored in the settings file: never the key. */
export const accountRecordSchema = accountFieldsSchema.extend({
  id: z.string().uuid(),
  createdAt: z.string(),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

export const keyStorageSchema = z.enum(['keychain', 'session', 'none']);
export type KeyStorage = z.infer<typeof keyStorageSchema>;

/** What the renderer may know about an account: whether a key exists and its last four characters. */
export const accountViewSchema = accountRecordSchema.extend({
  key: z.object({
    storage: keyStorageSchema,
    lastFour: z.string().max(4).nullable(),
  }),
  /** Something the change did that the user should be told (the key removed because the address moved). */
  notice: z.string().optional(),
});
export type AccountView = z.infer<typeof accountViewSchema>;

export const CONNECTION_FAILURES = [
  'unreachable',
  'not_an_api', // something answered, but not this API
  'wrong_key',
  'forbidden',
  'unknown_page',
  'unknown_organization',
  'rate_limited',
  'server_error',
  'no_key',
] as const;

export const connectionCheckSchema = z.object({
  ok: z.boolean(),
  failure: z.enum(CONNECTION_FAILURES).optional(),
  message: z.string(),
  steps: z.array(
    z.object({
      name: z.string(),
      ok: z.boolean(),
      detail: z.string(),
    }),
  ),
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

/**
 * Settings checks an account before saving it: the server, the page and the key it would use. Editing, `id`
 * names the account whose stored key is tried when no new key is given (`apiKey: null`: the key is removed).
 */
export const accountCheckSchema = accountFieldsSchema
  .omit({ name: true })
  .extend({
    id: z.string().uuid().optional(),
    baseUrl: serverBaseUrlSchema.optional(),
    apiKey: apiKeySchema.nullable().optional(),
  })
  .superRefine(requireBaseUrlForCustom);
export type AccountCheckInput = z.input<typeof accountCheckSchema>;
