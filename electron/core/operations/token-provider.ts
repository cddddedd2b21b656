import { AppError } from '@shared/errors';
import type { TokenSource } from '@shared/operations/token-source';

/**
 * Where the client gets its OAuth access token. `refresh()` is called once after a 401: it must return a
 * different, fresh token or throw an AppError that tells the user what to do.
 */
export interface AccessTokenProvider {
  /**
   * Throws (forbidden) when the token may not be sent to `url`: called by the client right before the token
   * is attached to a request, whatever the settings say the service address is.
   */
  checkDestination(url: string): Promise<void>;
  getAccessToken(): Promise<string>;
  refresh(): Promise<string>;
  describe(): TokenSource;
  /**
   * The project billed for quota, sent as `x-goog-user-project` (as Google's auth library does for
   * Application Default Credentials that name a quota project); undefined when the source names none.
   */
  quotaProject?(): Promise<string | undefined>;
}

/** The same provider, telling `note` of every token it hands out, so the redactor knows them. */
export function notingTokens(provider: AccessTokenProvider, note: (secret: string) => void): AccessTokenProvider {
  const noted = (token: string) => {
    note(token);
    return token;
  };
  return {
    checkDestination: (url) => provider.checkDestination(url),
    getAccessToken: async () => noted(await provider.getAccessToken()),
    refresh: async () => noted(await provider.refresh()),
    describe: () => provider.describe(),
    ...(provider.quotaProject ? { quotaProject: () => provider.quotaProject!() } : {}),
  };
}

/** A project id fit for a header (visible ASCII, bounded), else undefined: the value comes from a file. */
export function checkQuotaProject(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return /^[\x21-\x7e]{1,128}$/.test(trimmed) ? trimmed : undefined;
}

/**
 * A token fit for an Authorization header: visible ASCII only. Checked here so a pasted token with a newline
 * fails with our sentence instead of a fetch error that might quote the header.
 */
export function checkAccessToken(token: unknown, source: string): string {
  if (typeof token !== 'string' || token.trim() === '') throw new AppError('unauthorized', `${source} gave no access token.`);
  const trimmed = token.trim();
  if (trimmed.length > 4096 || !/^[\x21-\x7e]+$/.test(trimmed)) {
    throw new AppError('invalid_input', `${source} is not a valid access token (it must be one line of visible characters).`);
  }
  return trimmed;
}
