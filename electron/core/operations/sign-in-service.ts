import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CodeChallengeMethod, type Credentials } from 'google-auth-library';
import type { KeyStorage } from '@shared/accounts/account';
import { AppError } from '@shared/errors';
import { secretNames, type KeyVault } from '@core/vault/key-vault';
import { callbackPage } from './callback-page';
import { startLoopbackReceiver, type CallbackRequest } from './loopback-receiver';
import { createOAuth2Client, resolveOAuthConfig, type GoogleOAuthConfig, type GoogleOAuthSettings } from './oauth-config';
import { oauthFailure } from './oauth-failure';
import { signInBinding } from './token-destination';
import { SignedInTokenProvider } from './signed-in-token-provider';

interface SignInOptions {
  /** Opens the URL in the system browser (Electron's shell.openExternal in the app); never an embedded window. */
  openExternal: (url: string) => Promise<unknown> | unknown;
  signal?: AbortSignal;
  /** How long to wait for the browser. Default: the service's (5 minutes). */
  timeoutMs?: number;
  /** Keep the refresh token for this session only (when the user chose so, or there is no keychain). */
  sessionOnly?: boolean;
}

interface SignInResult {
  storage: KeyStorage;
  scopes: string[];
}

interface SignOutResult {
  /** There was a saved sign-in. */
  hadToken: boolean;
  /** Google confirmed the revocation. */
  revoked: boolean;
  /** Why revoking failed, when it did (the local sign-in is deleted anyway). */
  revokeError?: string;
  message: string;
}

export interface SignInServiceOptions {
  oauth: GoogleOAuthSettings;
  vault: KeyVault;
  timeoutMs?: number;
  /** Passed to the token provider; tests with short-lived tokens set 0. */
  eagerRefreshMs?: number;
  loopbackHost?: string;
}

const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Google sign-in for installed apps: the system browser, a loopback redirect and PKCE (RFC 8252). The refresh
 * token goes to the vault (OS keychain); the access token stays in memory in `tokenProvider`.
 */
export class GoogleSignInService {
  readonly config: GoogleOAuthConfig;
  readonly tokenProvider: SignedInTokenProvider;
  readonly #vault: KeyVault;
  readonly #timeoutMs: number;
  readonly #loopbackHost: string;
  #busy = false;

  constructor(options: SignInServiceOptions) {
    this.config = resolveOAuthConfig(options.oauth);
    this.#vault = options.vault;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS;
    this.#loopbackHost = options.loopbackHost ?? '127.0.0.1';
    this.tokenProvider = new SignedInTokenProvider({
      config: this.config,
      vault: options.vault,
      ...(options.eagerRefreshMs === undefined ? {} : { eagerRefreshMs: options.eagerRefreshMs }),
    });
  }

  async status(): Promise<{ signedIn: boolean; storage: KeyStorage }> {
    const { storage } = await this.#vault.describe(secretNames.googleRefreshToken());
    return { signedIn: storage !== 'none', storage };
  }

  async signIn(options: SignInOptions): Promise<SignInResult> {
    if (this.#busy) throw new AppError('conflict', 'A Google sign-in is already waiting for the browser.');
    if (options.signal?.aborted) throw new AppError('cancelled', 'Sign-in was cancelled.');
    this.#busy = true;
    const receiver = await startLoopbackReceiver({ host: this.#loopbackHost }).catch(() => {
      this.#busy = false;
      throw new AppError('internal', 'Could not open a loopback port for the sign-in redirect.');
    });
    try {
      const client = createOAuth2Client(this.config, { redirectUri: receiver.redirectUri });
      const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
      const state = randomBytes(32).toString('base64url');
      const url = client.generateAuthUrl({
        access_type: 'offline',
        // Google returns a refresh token only on consent; without it a second sign-in would come back without one.
        prompt: 'consent',
        scope: this.config.scopes,
        code_challenge: codeChallenge!,
        code_challenge_method: CodeChallengeMethod.S256,
        state,
      });

      // Not awaited before waiting: a browser (or a test) may finish the redirect before openExternal returns.
      const opened = Promise.resolve()
        .then(() => options.openExternal(url))
        .then(
          () => new Promise<never>(() => {}),
          () => {
            throw new AppError('internal', 'The system browser could not be opened for the sign-in.');
          },
        );
      const callback = await this.#within(Promise.race([receiver.next(), opened]), options);
      return await this.#complete(callback, { state, codeVerifier, client, sessionOnly: options.sessionOnly ?? false });
    } finally {
      await receiver.close();
      this.#busy = false;
    }
  }

  async #complete(
    callback: CallbackRequest,
    flow: { state: string; codeVerifier: string; client: ReturnType<typeof createOAuth2Client>; sessionOnly: boolean },
  ): Promise<SignInResult> {
    const fail = async (error: AppError, pageText: string): Promise<never> => {
      await callback.respond(callbackPage('failure', pageText));
      throw error;
    };
    const { params } = callback;
    const returnedState = params.get('state') ?? '';
    if (!sameText(returnedState, flow.state)) {
      return fail(
        new AppError('unauthorized', 'The browser answer did not belong to the sign-in Statusdesk started (state mismatch); nothing was saved. Try again.'),
        'This answer does not match the sign-in Statusdesk started. Nothing was saved.',
      );
    }
    const denied = params.get('error');
    if (denied !== null) {
      const declined = denied === 'access_denied';
      return fail(
        new AppError(
          declined ? 'cancelled' : 'unauthorized',
          declined ? 'Sign-in was declined in the browser.' : `Google refused the sign-in (${denied.slice(0, 100)}).`,
        ),
        declined ? 'Access was not granted.' : 'Google refused the sign-in.',
      );
    }
    const code = params.get('code');
    if (!code) return fail(new AppError('invalid_response', 'The browser answer had no authorization code.'), 'No authorization code arrived.');

    let tokens: Credentials;
    try {
      ({ tokens } = await flow.client.getToken({ code, codeVerifier: flow.codeVerifier }));
    } catch (error) {
      return fail(
        oauthFailure(error, 'Exchanging the sign-in code', [code, flow.codeVerifier, this.config.clientSecret]),
        'The sign-in could not be completed.',
      );
    }
    const refreshToken = tokens.refresh_token;
    if (!refreshToken) {
      return fail(new AppError('invalid_response', 'Google did not return a refresh token; sign in again.'), 'The sign-in could not be completed.');
    }
    const granted = (tokens.scope ?? this.config.scopes.join(' ')).split(' ');
    const missing = this.config.scopes.filter((scope) => !granted.includes(scope));
    if (missing.length > 0) {
      // The user unticked the access Statusdesk needs: keep nothing and give back what was granted.
      await flow.client.revokeToken(refreshToken).catch(() => undefined);
      return fail(
        new AppError('forbidden', `The sign-in did not grant the access needed to manage operations (${missing.join(', ')}).`),
        'The access Statusdesk needs was not granted. Nothing was saved.',
      );
    }

    let storage: KeyStorage;
    try {
      storage = await this.#vault.set(secretNames.googleRefreshToken(), refreshToken, { binding: signInBinding(this.config), sessionOnly: flow.sessionOnly });
    } catch (error) {
      await flow.client.revokeToken(refreshToken).catch(() => undefined);
      const appError = error instanceof AppError ? error : new AppError('keychain_unavailable', 'The sign-in could not be saved in the OS keychain.');
      return fail(appError, 'The sign-in could not be saved on this computer.');
    }
    this.tokenProvider.adopt({ ...tokens, refresh_token: refreshToken });
    await callback.respond(callbackPage('success', 'Statusdesk now has access to manage your Google Cloud operations.'));
    return { storage, scopes: granted };
  }

  /** Waits for the browser within the timeout, or until the caller cancels. */
  #within<T>(promise: Promise<T>, options: SignInOptions): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const signal = options.signal;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => finish(() => reject(new AppError('cancelled', 'Sign-in was cancelled.')));
      const timer = setTimeout(
        () => finish(() => reject(new AppError('timeout', `No answer from the browser within ${Math.round(timeoutMs / 1000)} s; sign-in stopped.`))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        settle();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      promise.then(
        (value) => finish(() => resolve(value)),
        (error: unknown) => finish(() => reject(error)),
      );
    });
  }

  /** Revokes the saved sign-in at Google (best effort) and deletes it from the vault. */
  async signOut(): Promise<SignOutResult> {
    const name = secretNames.googleRefreshToken();
    this.tokenProvider.clear();
    let refreshToken: string | null;
    try {
      refreshToken = await this.#vault.release(name, { url: this.config.revokeUrl, clientId: this.config.clientId }, { unbound: signInBinding(this.config) });
    } catch (error) {
      // The revoke address or client changed since the sign-in: the token is not sent there, only deleted.
      if (!(error instanceof AppError && error.code === 'forbidden')) throw error;
      await this.#vault.delete(name);
      return {
        hadToken: true,
        revoked: false,
        revokeError: error.message,
        message: `Signed out on this computer. Google was not asked to revoke access because the sign-in was made with other addresses; you can remove access at https://myaccount.google.com/permissions.`,
      };
    }
    if (!refreshToken) {
      await this.#vault.delete(name);
      return { hadToken: false, revoked: false, message: 'Not signed in with Google.' };
    }
    let revokeError: string | undefined;
    try {
      // Revoking the refresh token also ends every access token issued from it.
      await createOAuth2Client(this.config).revokeToken(refreshToken);
    } catch (error) {
      revokeError = oauthFailure(error, 'Revoking the Google sign-in', [refreshToken, this.config.clientSecret]).message;
    }
    await this.#vault.delete(name);
    return revokeError === undefined
      ? { hadToken: true, revoked: true, message: 'Signed out: Google access was revoked and the saved sign-in deleted.' }
      : {
          hadToken: true,
          revoked: false,
          revokeError,
          message: `Signed out on this computer, but Google could not be asked to revoke access (${revokeError}). You can remove access at https://myaccount.google.com/permissions.`,
        };
  }
}
