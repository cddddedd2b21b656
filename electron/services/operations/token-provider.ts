import { AppError } from '../../../shared/errors';
import type { TokenSource } from '../../../shared/operations/token-source';

/**
 * Where the client gets its OAuth access token. `refresh()` is called once after a 401: it must return a
 * different, fresh token or throw an AppError that tells the user what to do.
 */
export interface AccessTokenProvider {
  getAccessToken(): Promise<string>;
  refresh(): Promise<string>;
  describe(): TokenSource;
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
