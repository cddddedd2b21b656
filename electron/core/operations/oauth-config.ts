import { OAuth2Client, type Credentials } from 'google-auth-library';
import { AppError } from '@shared/errors';
import { outboundFetch } from '@core/http/outbound';
import { CLOUD_PLATFORM_SCOPE } from '@shared/operations/token-source';
import { DEFAULT_OPERATIONS_BASE_URL, normalizeBaseUrl } from './base-url';

/** Google's endpoints for installed apps; tests point these at the simulator's fake OAuth server. */
export const GOOGLE_OAUTH_ENDPOINTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
} as const;

export interface GoogleOAuthSettings {
  /** The app's "Desktop app" OAuth client. */
  clientId: string;
  /**
   * Required: a "Desktop app" client's secret is not confidential, but Google's token endpoint refuses the
   * code exchange and refreshes without it ("client_secret is missing.").
   */
  clientSecret?: string;
  authUrl?: string;
  tokenUrl?: string;
  revokeUrl?: string;
  /** The service the access tokens are for (the operations address): a sign-in's tokens go there only. */
  apiBaseUrl?: string;
  scopes?: string[];
  /** Per request to the OAuth server. Default 30 s. */
  requestTimeoutMs?: number;
}

export interface GoogleOAuthConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  apiBaseUrl: string;
  scopes: string[];
  requestTimeoutMs: number;
}

export function resolveOAuthConfig(settings: GoogleOAuthSettings): GoogleOAuthConfig {
  const clientId = settings.clientId?.trim() ?? '';
  if (!/^[\x21-\x7e]{1,512}$/.test(clientId)) throw new AppError('invalid_input', 'The Google OAuth client id is missing or malformed.');
  const clientSecret = settings.clientSecret?.trim() ?? '';
  if (clientSecret === '') {
    throw new AppError(
      'invalid_input',
      "Google sign-in needs the client secret of your Desktop-app OAuth client as well as its id: Google's token endpoint refuses a Desktop client without it. Copy it from Google Cloud console → APIs & Services → Credentials (see docs/operations.md).",
    );
  }
  if (!/^[\x21-\x7e]{1,512}$/.test(clientSecret)) throw new AppError('invalid_input', 'The Google OAuth client secret is malformed.');
  return {
    clientId,
    clientSecret,
    authUrl: normalizeBaseUrl(settings.authUrl ?? GOOGLE_OAUTH_ENDPOINTS.authUrl, 'The authorization endpoint'),
    tokenUrl: normalizeBaseUrl(settings.tokenUrl ?? GOOGLE_OAUTH_ENDPOINTS.tokenUrl, 'The token endpoint'),
    revokeUrl: normalizeBaseUrl(settings.revokeUrl ?? GOOGLE_OAUTH_ENDPOINTS.revokeUrl, 'The revoke endpoint'),
    apiBaseUrl: normalizeBaseUrl(settings.apiBaseUrl ?? DEFAULT_OPERATIONS_BASE_URL, 'The service address'),
    scopes: settings.scopes && settings.scopes.length > 0 ? [...settings.scopes] : [CLOUD_PLATFORM_SCOPE],
    requestTimeoutMs: settings.requestTimeoutMs ?? 30_000,
  };
}

/**
 * An OAuth2Client on the configured endpoints, with a request timeout (gaxios has none by default), and a
 * transport that follows no redirect: gaxios' own follows up to 20 and re-sends the POST body on 307/308, which
 * would carry a refresh token and the client secret to whatever origin a token endpoint redirects to. The code
 * exchange, refreshes and the revoke all go through it; a 3xx is then a failure, so a revoke is "revoked" only
 * when the bound host itself says so.
 */
export function createOAuth2Client(config: GoogleOAuthConfig, options: { redirectUri?: string; credentials?: Credentials } = {}): OAuth2Client {
  const client = new OAuth2Client({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    ...(options.redirectUri ? { redirectUri: options.redirectUri } : {}),
    endpoints: { oauth2AuthBaseUrl: config.authUrl, oauth2TokenUrl: config.tokenUrl, oauth2RevokeUrl: config.revokeUrl },
    transporterOptions: { timeout: config.requestTimeoutMs, fetchImplementation: outboundFetch },
  });
  if (options.credentials) client.setCredentials(options.credentials);
  return client;
}
