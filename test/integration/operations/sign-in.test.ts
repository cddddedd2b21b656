import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OperationsClient } from '../../../electron/core/operations/operations-client';
import { GoogleSignInService, type SignInServiceOptions } from '../../../electron/core/operations/sign-in-service';
import { startOperationsSimulator, type OperationsSimulator } from '../../../simulators/operations';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { AppError } from '../../../shared/errors';
import { CLOUD_PLATFORM_SCOPE } from '../../../shared/operations/token-source';
import { fakeBrowser } from './support/browser';
import { filesContaining } from './support/disk-scan';
import { decodeSecret } from '../../../electron/core/vault/secret-binding';

// The real Secret Service (scripts/with-keyring.sh), under a service name of this run only.
const keychain = new KeychainSecretStore({ service: `Statusdesk-test-${randomUUID()}` });
const refreshTokenName = secretNames.googleRefreshToken();
const op = (id: string) => `projects/demo-project/locations/europe-west1/operations/${id}`;

let sim: OperationsSimulator;
let vault: KeyVault;
beforeEach(async () => {
  sim = await startOperationsSimulator({ operations: [op('one'), op('two'), op('three')] });
  vault = new KeyVault(keychain);
});
afterEach(async () => {
  await keychain.delete(refreshTokenName);
  await sim.close();
});

function service(overrides: Partial<SignInServiceOptions> = {}) {
  return new GoogleSignInService({
    oauth: {
      clientId: sim.oauth.clientId,
      clientSecret: sim.oauth.clientSecret!,
      authUrl: sim.oauth.authUrl,
      tokenUrl: sim.oauth.tokenUrl,
      revokeUrl: sim.oauth.revokeUrl,
    },
    vault,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a failure');
}

async function isClosed(url: string): Promise<boolean> {
  return fetch(url).then(
    () => false,
    () => true,
  );
}

const redirectUriOf = (authUrl: string) => new URL(authUrl).searchParams.get('redirect_uri')!;

describe('Google sign-in (loopback + PKCE) against the fake OAuth server', () => {
  it('signs in, keeps the refresh token in the keychain and the access token in memory only', async () => {
    const signIn = service();
    const browser = fakeBrowser();
    await expect(signIn.signIn({ openExternal: browser.openExternal })).resolves.toEqual({ storage: 'keychain', scopes: [CLOUD_PLATFORM_SCOPE] });

    // What the app asked the authorization server for.
    const [authorize] = sim.requests('authorize');
    expect(authorize!.status).toBe(302);
    expect(authorize!.authParams).toMatchObject({
      client_id: sim.oauth.clientId,
      response_type: 'code',
      scope: CLOUD_PLATFORM_SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
      code_challenge: 'present',
      state: 'present',
      redirect_uri: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/callback$/),
    });
    // The fake server checked the verifier against the challenge.
    expect(sim.requests('token')).toMatchObject([{ grantType: 'authorization_code', pkce: 'verified', status: 200 }]);
    const page = await browser.visits.page!;
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/You can close this tab/);

    // The refresh token is in the real keychain; the loopback server is gone.
    // Kept with what it is bound to: its token, revoke and service addresses and its client.
    const stored = decodeSecret((await keychain.get(refreshTokenName))!).secret;
    expect(stored).toMatch(/^1\/\/sim-/);
    expect(sim.tokenStatus(stored!)).toBe('active');
    await expect(signIn.status()).resolves.toEqual({ signedIn: true, storage: 'keychain' });
    expect(await isClosed(redirectUriOf(browser.visits.authUrl!))).toBe(true);

    // The adopted access token works at once: no extra token request.
    const client = new OperationsClient({ baseUrl: sim.baseUrl, tokenProvider: signIn.tokenProvider });
    await expect(client.forget(op('one'))).resolves.toMatchObject({ outcome: 'forgotten', attempts: 1 });
    expect(sim.requests('token')).toHaveLength(1);

    // An access token the server no longer takes: 401, refresh at the token endpoint, success.
    sim.expireAllTokens();
    await expect(client.forget(op('two'))).resolves.toMatchObject({ outcome: 'forgotten', attempts: 2 });
    expect(sim.requests('token').map((r) => r.grantType)).toEqual(['authorization_code', 'refresh_token']);

    // Neither token is written anywhere in clear in the throw-away HOME (keyring files included).
    if (process.env['STATUSDESK_IN_KEYRING'] === '1' && process.env['HOME']) {
      const accessTokens = sim.issuedSecrets().filter((secret) => secret.startsWith('ya29.'));
      expect(accessTokens.length).toBeGreaterThanOrEqual(2);
      expect(filesContaining(process.env['HOME'], [...accessTokens, stored!])).toEqual([]);
    }
  });

  it('refreshes an expired access token on its own (short lifetime)', async () => {
    sim.setAccessTokenLifetime(1);
    const signIn = service({ eagerRefreshMs: 0 });
    await signIn.signIn({ openExternal: fakeBrowser().openExternal });
    const first = await signIn.tokenProvider.getAccessToken();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = await signIn.tokenProvider.getAccessToken();
    expect(second).not.toBe(first);
    expect(sim.tokenStatus(second)).toBe('active');
    expect(sim.requests('token').map((r) => r.grantType)).toEqual(['authorization_code', 'refresh_token']);
  });

  it('works with a consent page the user clicks', async () => {
    sim.setAuthorization('page');
    await expect(service().signIn({ openExternal: fakeBrowser().openExternal })).resolves.toMatchObject({ storage: 'keychain' });
  });

  it('refuses an answer with a mismatched state and saves nothing', async () => {
    const browser = fakeBrowser({ tamper: (callback) => callback.searchParams.set('state', 'forged-state') });
    const error = await failure(service().signIn({ openExternal: browser.openExternal }));
    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(/state mismatch/);
    const page = await browser.visits.page!;
    expect(page.status).toBe(400);
    expect(page.text).toMatch(/does not match/);
    expect(sim.requests('token')).toEqual([]);
    await expect(keychain.get(refreshTokenName)).resolves.toBeNull();
  });

  it('reports a declined consent as cancelled', async () => {
    sim.setAuthorization('deny');
    const error = await failure(service().signIn({ openExternal: fakeBrowser().openExternal }));
    expect(error).toMatchObject({ code: 'cancelled', message: expect.stringMatching(/declined/) });
    await expect(keychain.get(refreshTokenName)).resolves.toBeNull();
  });

  it('times out when the browser never comes back, and closes the loopback port', async () => {
    let authUrl = '';
    const error = await failure(service().signIn({ openExternal: (url) => void (authUrl = url), timeoutMs: 200 }));
    expect(error.code).toBe('timeout');
    expect(await isClosed(redirectUriOf(authUrl))).toBe(true);
  });

  it('can be cancelled while waiting, and a new sign-in can start afterwards', async () => {
    const signIn = service();
    const controller = new AbortController();
    let authUrl = '';
    const waiting = signIn.signIn({
      openExternal: (url) => {
        authUrl = url;
        setTimeout(() => controller.abort(), 20);
      },
      signal: controller.signal,
    });
    // Only one sign-in at a time.
    expect((await failure(signIn.signIn({ openExternal: () => undefined }))).code).toBe('conflict');
    expect((await failure(waiting)).code).toBe('cancelled');
    expect(await isClosed(redirectUriOf(authUrl))).toBe(true);
    await expect(signIn.signIn({ openExternal: fakeBrowser().openExternal })).resolves.toMatchObject({ storage: 'keychain' });
  });

  it('fails plainly when the browser cannot be opened', async () => {
    const error = await failure(
      service().signIn({
        openExternal: () => {
          throw new Error('no browser');
        },
      }),
    );
    expect(error).toMatchObject({ code: 'internal', message: expect.stringMatching(/browser could not be opened/) });
  });

  it('signs out: revokes at the server and deletes the keychain entry', async () => {
    const signIn = service();
    await signIn.signIn({ openExternal: fakeBrowser().openExternal });
    const refreshToken = decodeSecret((await keychain.get(refreshTokenName))!).secret;
    const accessToken = await signIn.tokenProvider.getAccessToken();

    await expect(signIn.signOut()).resolves.toMatchObject({ hadToken: true, revoked: true });
    expect(sim.requests('revoke')).toMatchObject([{ status: 200, path: '/revoke' }]);
    expect(sim.tokenStatus(refreshToken)).toBe('revoked');
    expect(sim.tokenStatus(accessToken)).toBe('revoked');
    await expect(keychain.get(refreshTokenName)).resolves.toBeNull();
    await expect(signIn.status()).resolves.toEqual({ signedIn: false, storage: 'none' });
    await expect(signIn.tokenProvider.getAccessToken()).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/Not signed in/) });
    await expect(signIn.signOut()).resolves.toMatchObject({ hadToken: false, revoked: false });
  });

  it('still signs out locally when the revoke fails, and says so', async () => {
    const signIn = service();
    await signIn.signIn({ openExternal: fakeBrowser().openExternal });
    const refreshToken = decodeSecret((await keychain.get(refreshTokenName))!).secret;
    sim.setRevokeFailure(400);
    const result = await signIn.signOut();
    expect(result).toMatchObject({ hadToken: true, revoked: false, revokeError: expect.stringMatching(/server_error/) });
    expect(result.message).toMatch(/could not be asked to revoke/);
    for (const secret of sim.issuedSecrets()) expect(JSON.stringify(result)).not.toContain(secret);
    expect(sim.tokenStatus(refreshToken)).toBe('active');
    await expect(keychain.get(refreshTokenName)).resolves.toBeNull();
  });

  it('tells the user to sign in again when the saved sign-in was revoked elsewhere', async () => {
    const signIn = service();
    await signIn.signIn({ openExternal: fakeBrowser().openExternal });
    const refreshToken = decodeSecret((await keychain.get(refreshTokenName))!).secret;
    await fetch(`${sim.oauth.revokeUrl}?token=${encodeURIComponent(refreshToken)}`, { method: 'POST' });
    const client = new OperationsClient({ baseUrl: sim.baseUrl, tokenProvider: signIn.tokenProvider });
    const [result] = await client.forgetMany([op('three')]);
    expect(result).toMatchObject({ outcome: 'failed', code: 'unauthorized', message: expect.stringMatching(/invalid_grant.*Sign in again/) });
    expect(result!.message).not.toContain(refreshToken);
  });
});
