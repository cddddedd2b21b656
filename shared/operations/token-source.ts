import { z } from 'zod';

/** Where the access token for the operations service comes from. */
export const TOKEN_SOURCE_KINDS = ['pasted', 'environment', 'application-default', 'google-sign-in'] as const;

export const tokenSourceSchema = z.object({
  kind: z.enum(TOKEN_SOURCE_KINDS),
  /** A label for the identity when one is known without a network call (e.g. a service account email). */
  account: z.string().optional(),
});

export type TokenSourceKind = (typeof TOKEN_SOURCE_KINDS)[number];
export type TokenSource = z.infer<typeof tokenSourceSchema>;

/** The scope the delete method needs (spec: full cloud platform access). */
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
