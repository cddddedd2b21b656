import { AppError } from '@shared/errors';
import { originOf } from '@shared/validation/secret-destination';
import type { OperationsSettings, OperationsSettingsChange, OperationsSettingsView } from '@shared/operations/operations-settings';
import { DEFAULT_OPERATIONS_BASE_URL, normalizeBaseUrl, normalizeServiceBaseUrl } from './base-url';
import { GOOGLE_OAUTH_ENDPOINTS, type GoogleOAuthSettings } from './oauth-config';

/** The operations section with every default filled in. */
export interface ResolvedOperationsSettings {
  baseUrl: string;
  /** null while no OAuth client id is set: Google sign-in is then unavailable. */
  oauth: GoogleOAuthSettings | null;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** A token endpoint other than Google's, for ADC user credentials in tests and self-hosted setups. */
  customTokenUrl: string | undefined;
  useAdc: boolean;
}

const DEFAULTS = { baseUrl: DEFAULT_OPERATIONS_BASE_URL, ...GOOGLE_OAUTH_ENDPOINTS } as const;
const LABELS = {
  baseUrl: 'The service address',
  authUrl: 'The authorization endpoint',
  tokenUrl: 'The token endpoint',
  revokeUrl: 'The revoke endpoint',
} as const;
type UrlField = keyof typeof LABELS;

export function resolveOperationsSettings(section: OperationsSettings | undefined): ResolvedOperationsSettings {
  const current = section ?? {};
  const authUrl = current.authUrl ?? DEFAULTS.authUrl;
  const tokenUrl = current.tokenUrl ?? DEFAULTS.tokenUrl;
  const revokeUrl = current.revokeUrl ?? DEFAULTS.revokeUrl;
  return {
    baseUrl: current.baseUrl ?? DEFAULTS.baseUrl,
    oauth: current.oauthClientId
      ? {
          clientId: current.oauthClientId,
          ...(current.oauthClientSecret ? { clientSecret: current.oauthClientSecret } : {}),
          authUrl,
          tokenUrl,
          revokeUrl,
          apiBaseUrl: current.baseUrl ?? DEFAULTS.baseUrl,
        }
      : null,
    authUrl,
    tokenUrl,
    revokeUrl,
    customTokenUrl: current.tokenUrl,
    useAdc: current.useAdc ?? false,
  };
}

export function operationsSettingsView(section: OperationsSettings | undefined): OperationsSettingsView {
  const resolved = resolveOperationsSettings(section);
  return {
    baseUrl: resolved.baseUrl,
    authUrl: resolved.authUrl,
    tokenUrl: resolved.tokenUrl,
    revokeUrl: resolved.revokeUrl,
    clientId: section?.oauthClientId ?? null,
    clientSecretSet: Boolean(section?.oauthClientSecret),
    defaults: { ...DEFAULTS },
  };
}

/** One line of visible ASCII: what an OAuth client id or secret is made of. */
function checkCredentialText(value: string, label: string): string {
  if (!/^[\x21-\x7e]{1,512}$/.test(value)) throw new AppError('invalid_input', `${label} must be one line of visible characters without spaces.`);
  return value;
}

/** Empty text means "back to the default", like null. */
function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value;
  return value.trim() === '' ? null : value.trim();
}

/**
 * Applies a change from the window to the stored section. Every address is checked (https, or http on
 * loopback only); a value equal to the default is stored as absent so it follows later defaults.
 */
export function applyOperationsSettingsChange(section: OperationsSettings | undefined, change: OperationsSettingsChange): OperationsSettings {
  const next: OperationsSettings = { ...section };
  for (const field of Object.keys(LABELS) as UrlField[]) {
    const value = blankToNull(change[field]);
    if (value === undefined) continue;
    const normalized = value === null ? null : field === 'baseUrl' ? normalizeServiceBaseUrl(value, LABELS[field]) : normalizeBaseUrl(value, LABELS[field]);
    if (normalized === null || normalized === DEFAULTS[field]) delete next[field];
    else next[field] = normalized;
  }
  const clientId = blankToNull(change.clientId);
  if (clientId === null) delete next.oauthClientId;
  else if (clientId !== undefined) next.oauthClientId = checkCredentialText(clientId, 'The OAuth client id');
  // The client secret goes to the token endpoint of its client: a new endpoint or client needs it entered again.
  const tokenOrigin = (section: OperationsSettings) => originOf(section.tokenUrl ?? DEFAULTS.tokenUrl);
  if (tokenOrigin(next) !== tokenOrigin(section ?? {}) || next.oauthClientId !== section?.oauthClientId) delete next.oauthClientSecret;
  const clientSecret = blankToNull(change.clientSecret);
  if (clientSecret === null) delete next.oauthClientSecret;
  else if (clientSecret !== undefined) next.oauthClientSecret = checkCredentialText(clientSecret, 'The OAuth client secret');
  return next;
}
