import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { escapeHtml, readBody, redirect, sendHtml, sendJson } from './http-helpers';
import { PKCE_VALUE, s256Challenge } from './pkce';
import type { SimulatorRequest } from './request-log';
import type { SimulatorState } from './state';

type Entry = Omit<SimulatorRequest, 'seq' | 'at'>;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Parameters worth asserting on; the code challenge and state values are left out of the log. */
const LOGGED_AUTH_PARAMS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'access_type', 'prompt', 'code_challenge_method'];

function loopbackRedirect(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && LOOPBACK.has(url.hostname) && url.hash === '' ? url : null;
  } catch {
    return null;
  }
}

function errorPage(response: http.ServerResponse, title: string, detail: string): void {
  sendHtml(response, 400, `<!doctype html><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>`);
}

function backTo(redirectUri: URL, values: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(values)) if (value !== null) url.searchParams.set(key, value);
  return url.toString();
}

/** Approves or refuses one checked authorization request by redirecting to its loopback URI. */
function decide(state: SimulatorState, response: http.ServerResponse, params: URLSearchParams, allow: boolean): number {
  const redirectUri = loopbackRedirect(params.get('redirect_uri'))!;
  const stateParam = params.get('state');
  if (!allow) {
    redirect(response, backTo(redirectUri, { error: 'access_denied', state: stateParam }));
    return 302;
  }
  const scope = params.get('scope') ?? '';
  const code = state.tokens.issueCode({
    clientId: params.get('client_id')!,
    redirectUri: params.get('redirect_uri')!,
    codeChallenge: params.get('code_challenge')!,
    scope,
    offline: params.get('access_type') === 'offline',
  });
  redirect(response, backTo(redirectUri, { code, scope, state: stateParam }));
  return 302;
}

/** GET /o/oauth2/v2/auth: checks the request like Google does, then the consent screen decides. */
export function handleAuthorize(state: SimulatorState, request: http.IncomingMessage, response: http.ServerResponse, url: URL): void {
  const params = url.searchParams;
  const authParams: Record<string, string> = {};
  for (const key of LOGGED_AUTH_PARAMS) {
    const value = params.get(key);
    if (value !== null) authParams[key] = value;
  }
  authParams['state'] = params.has('state') ? 'present' : 'absent';
  authParams['code_challenge'] = params.has('code_challenge') ? 'present' : 'absent';
  const log = (status: number, error?: string) =>
    state.log({ endpoint: 'authorize', method: request.method ?? '', path: url.pathname, status, bodyBytes: 0, authParams, ...(error ? { error } : {}) });

  // Errors about the client or the redirect URI are never sent to that URI (RFC 6749 §4.1.2.1).
  if (!state.clients.has(params.get('client_id') ?? '')) {
    errorPage(response, 'Error 401: invalid_client', 'The OAuth client was not found.');
    return log(400, 'invalid_client');
  }
  const redirectUri = loopbackRedirect(params.get('redirect_uri'));
  if (!redirectUri) {
    errorPage(response, 'Error 400: redirect_uri_mismatch', 'Desktop clients must redirect to a loopback address (http://127.0.0.1:<port>/...).');
    return log(400, 'redirect_uri_mismatch');
  }
  const refuse = (error: string, description: string) => {
    redirect(response, backTo(redirectUri, { error, error_description: description, state: params.get('state') }));
    log(302, error);
  };
  if (params.get('response_type') !== 'code') return refuse('unsupported_response_type', 'response_type must be code');
  if (!params.get('scope')) return refuse('invalid_request', 'Missing required parameter: scope');
  if (!PKCE_VALUE.test(params.get('code_challenge') ?? '')) return refuse('invalid_request', 'Missing or malformed code_challenge');
  if (params.get('code_challenge_method') !== 'S256') return refuse('invalid_request', 'code_challenge_method must be S256');
  if (!params.get('state')) return refuse('invalid_request', 'Missing required parameter: state');

  if (state.authorization === 'page') {
    const id = randomBytes(12).toString('base64url');
    state.pendingConsents.set(id, new URLSearchParams(params));
    const link = (allow: boolean) => `/o/oauth2/v2/decide?request=${id}&decision=${allow ? 'allow' : 'deny'}`;
    sendHtml(
      response,
      200,
      `<!doctype html><title>Fake Google consent</title><h1>Statusdesk simulator wants to manage your cloud operations</h1>` +
        `<p>Scope: ${escapeHtml(params.get('scope') ?? '')}</p><p><a id="allow" href="${link(true)}">Allow</a> <a id="deny" href="${link(false)}">Deny</a></p>`,
    );
    return log(200);
  }
  log(decide(state, response, params, state.authorization === 'approve'));
}

/** GET /o/oauth2/v2/decide: the click on the consent page of mode 'page'. */
export function handleDecision(state: SimulatorState, request: http.IncomingMessage, response: http.ServerResponse, url: URL): void {
  const id = url.searchParams.get('request') ?? '';
  const params = state.pendingConsents.get(id);
  const log = (status: number, error?: string) =>
    state.log({ endpoint: 'authorize', method: request.method ?? '', path: url.pathname, status, bodyBytes: 0, ...(error ? { error } : {}) });
  if (!params) {
    errorPage(response, 'Error 400: invalid_request', 'This consent request is unknown or already answered.');
    return log(400, 'unknown_request');
  }
  state.pendingConsents.delete(id);
  log(decide(state, response, params, url.searchParams.get('decision') === 'allow'));
}

async function readForm(request: http.IncomingMessage): Promise<{ form: URLSearchParams; bytes: number }> {
  const body = await readBody(request);
  const text = body.toString('utf8');
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      return { form: new URLSearchParams(Object.entries(json).map(([k, v]) => [k, String(v)])), bytes: body.length };
    } catch {
      return { form: new URLSearchParams(), bytes: body.length };
    }
  }
  return { form: new URLSearchParams(text), bytes: body.length };
}

/** Client credentials from the form or an HTTP Basic header. */
function clientCredentials(request: http.IncomingMessage, form: URLSearchParams): { id: string; secret: string | null } {
  const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
  }
  return { id: form.get('client_id') ?? '', secret: form.get('client_secret') };
}

/** POST /token: authorization_code (with a real PKCE check) and refresh_token grants. */
export async function handleToken(state: SimulatorState, request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
  const { form, bytes } = await readForm(request);
  const grantType = form.get('grant_type') ?? '';
  const base: Entry = { endpoint: 'token', method: request.method ?? '', path: url.pathname, status: 0, bodyBytes: bytes, grantType };
  const fail = (status: number, error: string, description: string, extra: Partial<Entry> = {}) => {
    sendJson(response, status, { error, error_description: description });
    state.log({ ...base, ...extra, status, error });
  };
  if (request.method !== 'POST') return fail(405, 'invalid_request', 'Use POST.');

  const credentials = clientCredentials(request, form);
  const client = state.clients.get(credentials.id);
  if (!client) return fail(401, 'invalid_client', 'The OAuth client was not found.');
  // As Google's token endpoint answers a Desktop-app client that leaves its (non-confidential) secret out.
  if (!credentials.secret) return fail(400, 'invalid_request', 'client_secret is missing.');
  if (credentials.secret !== client.clientSecret) return fail(401, 'invalid_client', 'Unauthorized');

  if (grantType === 'authorization_code') {
    const record = state.tokens.redeemCode(form.get('code') ?? '');
    if (!record || record.clientId !== client.clientId) return fail(400, 'invalid_grant', 'Malformed auth code.');
    if (record.used) return fail(400, 'invalid_grant', 'Code was already redeemed.');
    if (form.get('redirect_uri') !== record.redirectUri) return fail(400, 'redirect_uri_mismatch', 'Bad Request');
    const verifier = form.get('code_verifier');
    if (!verifier || !PKCE_VALUE.test(verifier)) return fail(400, 'invalid_grant', 'Missing code verifier.', { pkce: 'missing' });
    if (s256Challenge(verifier) !== record.codeChallenge) return fail(400, 'invalid_grant', 'Invalid code verifier.', { pkce: 'mismatch' });
    const refreshToken = record.offline ? state.tokens.issueRefresh({ clientId: client.clientId, scope: record.scope }) : undefined;
    const access = state.tokens.issueAccess({ clientId: client.clientId, scope: record.scope, ...(refreshToken ? { refreshToken } : {}) });
    sendJson(response, 200, {
      access_token: access.token,
      expires_in: access.expiresIn,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: record.scope,
      token_type: 'Bearer',
    });
    return state.log({ ...base, status: 200, pkce: 'verified' });
  }

  if (grantType === 'refresh_token') {
    const refreshToken = form.get('refresh_token') ?? '';
    const record = state.tokens.refreshRecord(refreshToken);
    if (!record || record.revoked || record.clientId !== client.clientId) return fail(400, 'invalid_grant', 'Token has been expired or revoked.');
    const access = state.tokens.issueAccess({ clientId: client.clientId, scope: record.scope, refreshToken });
    sendJson(response, 200, { access_token: access.token, expires_in: access.expiresIn, scope: record.scope, token_type: 'Bearer' });
    return state.log({ ...base, status: 200 });
  }

  fail(400, 'unsupported_grant_type', 'Invalid grant_type.');
}

/** POST /revoke: the token in the query (as google-auth-library sends it) or in a form body. */
export async function handleRevoke(state: SimulatorState, request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
  const { form, bytes } = await readForm(request);
  const base: Entry = { endpoint: 'revoke', method: request.method ?? '', path: url.pathname, status: 0, bodyBytes: bytes };
  const fail = (status: number, error: string, description: string, extra: Partial<Entry> = {}) => {
    sendJson(response, status, { error, error_description: description });
    state.log({ ...base, ...extra, status, error });
  };
  if (request.method !== 'POST') return fail(405, 'invalid_request', 'Use POST.');
  if (state.revokeFailure !== null) return fail(state.revokeFailure, 'server_error', 'Revocation failed.', { fault: `revoke ${state.revokeFailure}` });
  const token = url.searchParams.get('token') ?? form.get('token');
  if (!token) return fail(400, 'invalid_request', 'Missing required parameter: token');
  if (state.tokens.status(token) !== 'active' && state.tokens.status(token) !== 'expired') {
    return fail(400, 'invalid_token', 'Token expired or revoked');
  }
  state.tokens.revoke(token);
  sendJson(response, 200, {});
  state.log({ ...base, status: 200 });
}
