import { z } from 'zod';
import { keyStorageSchema } from '../accounts/account';

/**
 * Where the app's access token comes from, in this order of precedence: a Google sign-in, then Application
 * Default Credentials (when the user chose them), then a token pasted for this session.
 */
const OPERATIONS_AUTH_SOURCES = ['google-sign-in', 'application-default', 'pasted', 'none'] as const;

/** Never a token: only which sources exist and which one is used. */
export const operationsAuthStatusSchema = z.object({
  active: z.enum(OPERATIONS_AUTH_SOURCES),
  /** The identity of the active source, when known without a network call (a service account's email). */
  account: z.string().optional(),
  signIn: z.object({
    /** An OAuth client id and its secret are set (Google requires both), so "Sign in with Google" can work. */
    configured: z.boolean(),
    signedIn: z.boolean(),
    /** Where the refresh token is kept: the OS keychain, or memory for this session. */
    storage: keyStorageSchema,
    /** A sign-in is waiting for the browser. */
    pending: z.boolean(),
  }),
  adc: z.object({
    enabled: z.boolean(),
    found: z.boolean(),
    path: z.string().optional(),
    account: z.string().optional(),
    /** Why none were found. */
    reason: z.string().optional(),
  }),
  /** A token was pasted for this session (it is kept in the main process's memory only). */
  pasted: z.boolean(),
});
export type OperationsAuthStatus = z.infer<typeof operationsAuthStatusSchema>;

export const signOutResultSchema = z.object({
  message: z.string(),
  revoked: z.boolean(),
  status: operationsAuthStatusSchema,
});
