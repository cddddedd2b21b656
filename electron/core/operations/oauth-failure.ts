import { AppError } from '@shared/errors';
import { oneSafeLine } from '@core/security/redact';

/**
 * Turns a google-auth-library (gaxios) failure into an AppError. Only the status and the OAuth `error` /
 * `error_description` fields are read: the raw error holds the request (a refresh token in its body, a
 * token in the revoke URL), so it is never passed on, not even as `cause`.
 */
export function oauthFailure(error: unknown, what: string, secrets: Array<string | undefined> = [], unknownMessage?: string): AppError {
  if (error instanceof AppError) return error;
  const record = (error && typeof error === 'object' ? error : {}) as {
    response?: { status?: unknown; data?: unknown };
    code?: unknown;
    name?: unknown;
  };
  const status = typeof record.response?.status === 'number' ? record.response.status : undefined;
  if (status === undefined) {
    const code = typeof record.code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(record.code) ? record.code : undefined;
    if (record.name === 'TimeoutError' || code === 'ETIMEDOUT') return new AppError('timeout', `${what}: the sign-in server did not answer in time.`);
    if (code !== undefined || isGaxiosError(error)) {
      return new AppError('network', `${what}: the sign-in server could not be reached${code ? ` (${code})` : ''}.`);
    }
    // Not an exchange with a server: the library refused the credentials it was given.
    return new AppError('unauthorized', unknownMessage ?? `${what}: the credentials could not produce an access token.`);
  }
  const data = (record.response?.data && typeof record.response.data === 'object' ? record.response.data : {}) as Record<string, unknown>;
  const oauthError = typeof data['error'] === 'string' ? oneSafeLine(data['error'], secrets) : undefined;
  const description = typeof data['error_description'] === 'string' ? oneSafeLine(data['error_description'], secrets) : undefined;
  const said = [oauthError, description].filter(Boolean).join(': ') || `HTTP ${status}`;
  if (oauthError === 'invalid_grant') {
    // The common cause for a new setup: a consent screen in "Testing" makes Google expire refresh tokens after 7 days.
    return new AppError(
      'unauthorized',
      `${what}: Google no longer accepts this sign-in (${said}). Sign in again. If this happens every week, your OAuth consent screen is in Testing, where Google expires sign-ins after 7 days: publish it (In production) to keep them. It also happens after access was removed at https://myaccount.google.com/permissions or the password was changed.`,
      { status },
    );
  }
  if (oauthError === 'invalid_request' && /client_secret/i.test(description ?? '')) {
    return new AppError(
      'unauthorized',
      `${what}: Google requires the OAuth client secret (${said}). Enter the Desktop-app client's secret in the service settings.`,
      { status },
    );
  }
  if (oauthError === 'invalid_client' || oauthError === 'unauthorized_client') {
    return new AppError('unauthorized', `${what}: the app's OAuth client was refused (${said}). Check the client id and secret.`, { status });
  }
  const code = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : status === 429 ? 'rate_limited' : 'http';
  return new AppError(code, `${what}: the sign-in server refused (${said}).`, { status });
}

/** gaxios marks its errors with a symbol; the name is a fallback for duplicated copies of the package. */
function isGaxiosError(error: unknown): boolean {
  return !!error && typeof error === 'object' && ((error as { name?: unknown }).name === 'GaxiosError' || 'config' in error);
}
