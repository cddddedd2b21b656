import { AppError } from '@shared/errors';
import { isLoopbackHost, originOf, secretDestinationProblem } from '@shared/validation/secret-destination';
import { bindingFor, checkDestination, type SecretBinding } from '@core/vault/secret-binding';
import { DEFAULT_OPERATIONS_BASE_URL } from './base-url';
import { GOOGLE_OAUTH_ENDPOINTS, type GoogleOAuthConfig } from './oauth-config';

/*
 * Where Google credentials may go. A sign-in's refresh token is bound (in the keychain, with the token) to
 * the token, revoke and service addresses and the OAuth client of the sign-in; a pasted token to the service
 * address it was pasted for. Credentials the app did not issue (Application Default Credentials, the
 * command line's STATUSDESK_ACCESS_TOKEN) were made for Google's APIs, so they go to the Google hosts the app
 * calls (its token endpoint and the operations service) or to this computer only, whatever the settings say.
 */

/** What a sign-in's refresh token is bound to: it goes to these addresses, with this client, and nowhere else. */
export function signInBinding(config: Pick<GoogleOAuthConfig, 'tokenUrl' | 'revokeUrl' | 'apiBaseUrl' | 'clientId'>): SecretBinding {
  return bindingFor([config.tokenUrl, config.revokeUrl, config.apiBaseUrl], config.clientId);
}

/** Google's hosts the app itself calls: its token endpoint and the operations service. No other *.googleapis.com. */
const GOOGLE_HOSTS_CALLED = new Set([new URL(GOOGLE_OAUTH_ENDPOINTS.tokenUrl).hostname, new URL(DEFAULT_OPERATIONS_BASE_URL).hostname]);

/** True for an address Google's own credentials may be sent to. */
export function isGoogleDestination(url: string): boolean {
  if (secretDestinationProblem(url) !== null) return false;
  const { protocol, hostname } = new URL(url);
  if (isLoopbackHost(hostname)) return true;
  return protocol === 'https:' && GOOGLE_HOSTS_CALLED.has(hostname);
}

/** Refuses to send `what` (Google credentials the app did not issue) anywhere but Google's API hosts or loopback. */
export function checkGoogleDestination(what: string, url: string): void {
  if (isGoogleDestination(url)) return;
  throw new AppError(
    'forbidden',
    `${what} ${what.endsWith('s') ? 'are' : 'is'} sent only to the Google addresses Statusdesk calls (${[...GOOGLE_HOSTS_CALLED].map((host) => `https://${host}`).join(', ')}) or to this computer, not to ${originOf(url) ?? 'that address'}.`,
  );
}

/** The check for a token bound at sign-in or paste time (null: a sign-in saved before bindings: Google only). */
export function checkBoundDestination(what: string, binding: SecretBinding | null, destination: { url: string; clientId?: string }): void {
  if (binding === null) checkGoogleDestination(what, destination.url);
  else checkDestination(what, binding, destination);
}
