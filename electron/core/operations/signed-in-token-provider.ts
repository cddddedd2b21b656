import type { Credentials, OAuth2Client } from 'google-auth-library';
import { AppError } from '@shared/errors';
import type { TokenSource } from '@shared/operations/token-source';
import { secretNames, type KeyVault } from '@core/vault/key-vault';
import { createOAuth2Client, type GoogleOAuthConfig } from './oauth-config';
import { oauthFailure } from './oauth-failure';
import { checkBoundDestination, signInBinding } from './token-destination';
import { checkAccessToken, type AccessTokenProvider } from './token-provider';

/**
 * Tokens of the user who signed in with Google: the refresh token comes from the vault (OS keychain), the
 * access token lives only in this object's memory and is renewed when it expires.
 */
export class SignedInTokenProvider implements AccessTokenProvider {
  readonly #config: GoogleOAuthConfig;
  readonly #vault: KeyVault;
  readonly #eagerRefreshMs: number | undefined;
  #client: Promise<{ client: OAuth2Client; refreshToken: string }> | null = null;

  constructor(options: { config: GoogleOAuthConfig; vault: KeyVault; eagerRefreshMs?: number }) {
    this.#config = options.config;
    this.#vault = options.vault;
    this.#eagerRefreshMs = options.eagerRefreshMs;
  }

  #make(credentials: Credentials): OAuth2Client {
    const client = createOAuth2Client(this.#config, { credentials });
    // Set on the instance: the constructor option ignores 0.
    if (this.#eagerRefreshMs !== undefined) client.eagerRefreshThresholdMillis = this.#eagerRefreshMs;
    return client;
  }

  /** The access token goes to the service address bound at sign-in only. */
  async checkDestination(url: string): Promise<void> {
    const binding = await this.#vault.bindingOf(secretNames.googleRefreshToken());
    if (binding === undefined) throw new AppError('unauthorized', 'Not signed in with Google. Sign in first.');
    checkBoundDestination('Google sign-in', binding, { url, clientId: this.#config.clientId });
  }

  #ensure(): Promise<{ client: OAuth2Client; refreshToken: string }> {
    // Released for the token endpoint and client the refresh token was issued for, or not at all.
    this.#client ??= this.#vault
      .release(secretNames.googleRefreshToken(), { url: this.#config.tokenUrl, clientId: this.#config.clientId }, { unbound: signInBinding(this.#config) })
      .then(
        (refreshToken) => {
          if (!refreshToken) {
            this.#client = null;
            throw new AppError('unauthorized', 'Not signed in with Google. Sign in first.');
          }
          return { client: this.#make({ refresh_token: refreshToken }), refreshToken };
        },
        (error: unknown) => {
          this.#client = null;
          throw error;
        },
      );
    return this.#client;
  }

  async getAccessToken(): Promise<string> {
    const { client, refreshToken } = await this.#ensure();
    try {
      const { token } = await client.getAccessToken();
      return checkAccessToken(token, 'Google sign-in');
    } catch (error) {
      throw oauthFailure(error, 'Renewing the Google access token', [refreshToken, this.#config.clientSecret]);
    }
  }

  async refresh(): Promise<string> {
    const { client, refreshToken } = await this.#ensure();
    try {
      const { credentials } = await client.refreshAccessToken();
      return checkAccessToken(credentials.access_token, 'Google sign-in');
    } catch (error) {
      throw oauthFailure(error, 'Renewing the Google access token', [refreshToken, this.#config.clientSecret]);
    }
  }

  /** After a sign-in: use the tokens just received, so the first call needs no refresh. */
  adopt(credentials: Credentials & { refresh_token: string }): void {
    this.#client = Promise.resolve({ client: this.#make(credentials), refreshToken: credentials.refresh_token });
  }

  /** After a sign-out: forget the in-memory tokens. */
  clear(): void {
    this.#client = null;
  }

  describe(): TokenSource {
    return { kind: 'google-sign-in' };
  }
}
