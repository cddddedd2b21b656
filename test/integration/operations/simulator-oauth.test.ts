import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOperationsSimulator, type OperationsSimulator } from '../../../simulators/operations';
import { CLOUD_PLATFORM_SCOPE } from '../../../shared/operations/token-source';

let sim: OperationsSimulator;
beforeEach(async () => {
  sim = await startOperationsSimulator();
});
afterEach(async () => {
  await sim.close();
});

const verifier = () => randomBytes(48).toString('base64url');
const challengeOf = (value: string) => createHash('sha256').update(value).digest('base64url');
const redirectUri = 'http://127.0.0.1:9/callback';

function authUrl(overrides: Record<string, string | null> = {}): string {
  const url = new URL(sim.oauth.authUrl);
  const params: Record<string, string | null> = {
    client_id: sim.oauth.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: CLOUD_PLATFORM_SCOPE,
    access_type: 'offline',
    code_challenge: challengeOf(verifier()),
    code_challenge_method: 'S256',
    state: 'st-1',
    ...overrides,
  };
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return url.toString();
}

async function authorize(overrides: Record<string, string | null> = {}) {
  const response = await fetch(authUrl(overrides), { redirect: 'manual' });
  const location = response.headers.get('location');
  return { status: response.status, callback: location ? new URL(location) : null };
}

function tokenRequest(fields: Record<string, string>) {
  return fetch(sim.oauth.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: sim.oauth.clientId, client_secret: sim.oauth.clientSecret!, ...fields }),
  });
}

describe('the fake OAuth server', () => {
  it('refuses a token request without the client secret, as Google does for a Desktop-app client', async () => {
    const response = await fetch(sim.oauth.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: sim.oauth.clientId, grant_type: 'refresh_token', refresh_token: sim.issueRefreshToken() }),
    });
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toEqual({ error: 'invalid_request', error_description: 'client_secret is missing.' });
    const wrong = await tokenRequest({ grant_type: 'refresh_token', refresh_token: sim.issueRefreshToken(), client_secret: 'not-the-secret' });
    expect(wrong.status).toBe(401);
    await expect(wrong.json()).resolves.toMatchObject({ error: 'invalid_client' });
  });

  it('verifies PKCE for real: a wrong verifier is refused, the right one gets tokens', async () => {
    const good = verifier();
    const { status, callback } = await authorize({ code_challenge: challengeOf(good) });
    expect(status).toBe(302);
    expect(callback!.searchParams.get('state')).toBe('st-1');
    const code = callback!.searchParams.get('code')!;

    const wrong = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier() });
    expect(wrong.status).toBe(400);
    await expect(wrong.json()).resolves.toMatchObject({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });

    const second = await authorize({ code_challenge: challengeOf(good) });
    const right = await tokenRequest({
      grant_type: 'authorization_code',
      code: second.callback!.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: good,
    });
    expect(right.status).toBe(200);
    const tokens = (await right.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: CLOUD_PLATFORM_SCOPE, expires_in: 3600 });
    expect(sim.tokenStatus(tokens['access_token'] as string)).toBe('active');
    expect(sim.tokenStatus(tokens['refresh_token'] as string)).toBe('active');
    expect(sim.requests('token').map((r) => r.pkce)).toEqual(['mismatch', 'verified']);

    // A code works once.
    const again = await tokenRequest({
      grant_type: 'authorization_code',
      code: second.callback!.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: good,
    });
    expect(again.status).toBe(400);
  });

  it('checks the client, the loopback redirect, S256 and state', async () => {
    expect((await authorize({ client_id: 'someone-else' })).status).toBe(400);
    expect((await authorize({ redirect_uri: 'https://evil.example/callback' })).status).toBe(400);
    const refusals: Array<Record<string, string | null>> = [
      { code_challenge_method: 'plain' },
      { code_challenge: null },
      { state: null },
      { response_type: 'token' },
    ];
    for (const overrides of refusals) {
      const { status, callback } = await authorize(overrides);
      expect(status).toBe(302);
      expect(callback!.searchParams.get('error')).toMatch(/invalid_request|unsupported_response_type/);
      expect(callback!.searchParams.get('code')).toBeNull();
    }
  });

  it('refuses an unknown client secret and a revoked refresh token', async () => {
    const refreshToken = sim.issueRefreshToken();
    const bad = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_secret: 'wrong' });
    expect(bad.status).toBe(401);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken })).status).toBe(200);
    const revoke = await fetch(`${sim.oauth.revokeUrl}?token=${encodeURIComponent(refreshToken)}`, { method: 'POST' });
    expect(revoke.status).toBe(200);
    const after = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(after.status).toBe(400);
    await expect(after.json()).resolves.toMatchObject({ error: 'invalid_grant' });
    expect((await fetch(`${sim.oauth.revokeUrl}?token=unknown`, { method: 'POST' })).status).toBe(400);
  });

  it('answers the delete endpoint with the standard error shape', async () => {
    const missing = await fetch(`${sim.baseUrl}/v1/projects/p/locations/l/operations/o`, { method: 'DELETE' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expect(missing.json()).resolves.toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED', details: [] } });
    const token = sim.issueAccessToken();
    const withBody = await fetch(`${sim.baseUrl}/v1/projects/p/locations/l/operations/o`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
      body: '{"x":1}',
    });
    expect(withBody.status).toBe(400);
    await expect(withBody.json()).resolves.toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect(sim.requests('delete').map((r) => [r.status, r.auth, r.bodyBytes])).toEqual([
      [401, 'missing', 0],
      [400, 'active', 7],
    ]);
  });
});
