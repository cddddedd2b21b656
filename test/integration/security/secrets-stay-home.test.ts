import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindingFor } from '../../../electron/core/vault/secret-binding';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { startOperationsSimulator, type OperationsSimulator } from '../../../simulators/operations';
import { startStatusPageSimulator } from '../../../simulators/statuspal';
import { startTranslationSimulator } from '../../../simulators/translation';
import { makeTempDir } from '../../support/temp-dir';
import { boot, invoke, invokeOk, quitAndWait, watchUncaught } from '../../unit/main/support/boot';
import { resetFake } from '../../unit/main/support/fake-electron';

// The window must not be able to send a stored secret anywhere it was not entered for. The real
// composition root on the Electron fake, the real keyring, the real simulators; every address a secret goes
// to is moved, through the same IPC calls the window makes, to a capture server on loopback, and every call
// that would use the secret is made. The capture server must receive no secret at all.
vi.mock('electron', async () => (await import('../../unit/main/support/fake-electron')).electronModule);

interface Captured {
  method: string;
  url: string;
  text: string;
}

async function startCapture(): Promise<{ url: string; requests: Captured[]; close: () => Promise<void> }> {
  const requests: Captured[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', text: `${request.url}\n${JSON.stringify(request.headers)}\n${body}` });
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"captured"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback server in front of `target` that records each request's path and Authorization header. */
async function startRecordingProxy(
  target: string,
): Promise<{ url: string; seen: Array<{ path: string; authorization: string | undefined }>; close: () => Promise<void> }> {
  const seen: Array<{ path: string; authorization: string | undefined }> = [];
  const server = createServer((request, response) => {
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'connection')) as Record<string, string>;
    void fetch(`${new URL(target).origin}${request.url}`, { method: request.method ?? 'GET', headers })
      .then(async (answer) =>
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text()),
      )
      .catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/v2`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const TRANSLATION_KEY = 'translation-key-stays-home-4242';
let temp: ReturnType<typeof makeTempDir>;
let uncaught: ReturnType<typeof watchUncaught>;
const undo: Array<() => Promise<void> | void> = [];
beforeEach(() => {
  temp = makeTempDir();
  vi.stubEnv('STATUSDESK_HOME', temp.dir);
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  vi.stubEnv('STATUSDESK_DEMO', '');
  resetFake();
  uncaught = watchUncaught();
});
afterEach(async () => {
  try {
    await quitAndWait();
    for (const step of undo.splice(0).reverse()) await step();
  } finally {
    uncaught.stop();
    vi.unstubAllEnvs();
    temp.remove();
  }
  expect(uncaught.errors).toEqual([]);
});

async function started<T extends { close: () => Promise<void> }>(server: Promise<T>): Promise<T> {
  const running = await server;
  undo.push(() => running.close());
  return running;
}

/** What a completed Google sign-in leaves in the keychain: the refresh token, bound to its addresses and client. */
async function signedIn(ops: OperationsSimulator): Promise<string> {
  const token = ops.issueRefreshToken();
  await new KeyVault(new KeychainSecretStore()).set(secretNames.googleRefreshToken(), token, {
    binding: bindingFor([ops.oauth.tokenUrl, ops.oauth.revokeUrl, ops.baseUrl], ops.oauth.clientId),
  });
  return token;
}

describe('secrets stay with the host they were entered for', () => {
  it('moving any address of a secret (IPC, as the window can) sends that secret nowhere', async () => {
    const capture = await started(startCapture());
    const sim = await started(startStatusPageSimulator({ seed: 'demo', rateLimit: false, control: false }));
    const translator = await started(startTranslationSimulator({ key: TRANSLATION_KEY }));
    const op = (id: string) => `projects/demo-project/locations/europe-west1/operations/${id}`;
    const ops = await started(startOperationsSimulator({ operations: ['a', 'b', 'c'].map(op) }));
    await boot();
    undo.push(async () => {
      // The app's own entries in the shared test keyring: none may outlive the test.
      const vault = new KeyVault(new KeychainSecretStore());
      await vault.delete(secretNames.googleRefreshToken());
      await vault.delete(secretNames.translationKey());
    });

    // An address that receives a secret is https, or http on this computer only: one rule for all three.
    const refused = { ok: false, error: { code: 'invalid_input' } };
    expect(await invoke('accounts.add', { name: 'Plain', region: 'custom', baseUrl: 'http://api.example.com/api/v2', subdomain: 'acme' })).toMatchObject(
      refused,
    );
    expect(await invoke('translation.setSettings', { baseUrl: 'http://api.example.com' })).toMatchObject(refused);
    expect(await invoke('operations.setSettings', { tokenUrl: 'http://oauth.example.com/token' })).toMatchObject(refused);

    // Everything set up as a user would, and working.
    const apiKey = sim.keys.demoReadWrite;
    const account = await invokeOk<{ id: string }>('accounts.add', { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', apiKey });
    undo.push(() => void new KeyVault(new KeychainSecretStore()).delete(secretNames.statusPageKey(account.id)));
    // The account's page is watched as it is added.
    const page = (await invokeOk<Array<{ id: string; accountId?: string }>>('monitor.pages')).find((watched) => watched.accountId === account.id)!;
    await invokeOk('translation.setSettings', { baseUrl: translator.baseUrl });
    await invokeOk('translation.setKey', { key: TRANSLATION_KEY });
    expect(await invokeOk('translation.translate', { from: 'en', to: 'de', texts: ['Database outage'] })).toMatchObject({ untranslated: [] });
    const { clientId, clientSecret, authUrl, tokenUrl, revokeUrl } = ops.oauth;
    await invokeOk('operations.setSettings', { baseUrl: ops.baseUrl, clientId, clientSecret, authUrl, tokenUrl, revokeUrl });
    const refreshTokens = [await signedIn(ops)];
    expect(await invokeOk('operations.forget', { names: [op('a')] })).toMatchObject({ results: [{ outcome: 'forgotten' }] });

    // The status page key: the account moved to the capture server. The key is removed, and no call sends it.
    const moved = await invokeOk<{ key: { storage: string }; notice?: string }>('accounts.update', { id: account.id, baseUrl: `${capture.url}/api/v2` });
    expect(moved.key.storage).toBe('none');
    expect(moved.notice).toMatch(/API key was removed/);
    await invoke('accounts.testConnection', { id: account.id });
    await invoke('monitor.pollNow', { pageId: page.id });
    await invoke('statuspal.read', { accountId: account.id, operation: 'listIncidents', input: { subdomain: 'acme' } });
    await invoke('outbox.enqueue', {
      accountId: account.id,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'x' } },
    });
    await invoke('outbox.flush');
    // The page followed its account (item 3): it polls the capture server now, without a key.
    expect(capture.requests.some((r) => r.url.includes('/status_pages/acme/summary'))).toBe(true);
    // A region change removes the key just the same.
    await invokeOk('accounts.update', { id: account.id, baseUrl: sim.baseUrl, apiKey });
    expect(await invokeOk('accounts.update', { id: account.id, region: 'eu' })).toMatchObject({ key: { storage: 'none' } });

    // The translation key: the service moved. The key is removed, and translating sends nothing.
    const translation = await invokeOk<{ notice?: string }>('translation.setSettings', { baseUrl: capture.url });
    expect(translation.notice).toMatch(/translation key was removed/);
    await invoke('translation.translate', { from: 'en', to: 'de', texts: ['Another outage'] });

    // The refresh token and client secret: each operations address and the client id moved in turn.
    for (const change of [
      { tokenUrl: `${capture.url}/token` },
      { revokeUrl: `${capture.url}/revoke` },
      { baseUrl: capture.url },
      { clientId: 'another-client' },
    ]) {
      await invokeOk('operations.setSettings', { baseUrl: ops.baseUrl, clientId, clientSecret, authUrl, tokenUrl, revokeUrl });
      refreshTokens.push(await signedIn(ops));
      const saved = await invokeOk<{ notice?: string }>('operations.setSettings', change);
      expect(saved.notice, JSON.stringify(change)).toMatch(/sign-in was removed/);
      await invoke('operations.forget', { names: [op('b')] });
      await invoke('operations.signOut');
    }
    // Still signed in when the move comes from a window that also re-enters the client secret: nothing leaves either.
    await invokeOk('operations.setSettings', { baseUrl: ops.baseUrl, clientId, clientSecret, authUrl, tokenUrl, revokeUrl });
    refreshTokens.push(await signedIn(ops));
    await invokeOk('operations.pasteToken', { token: ops.issueAccessToken() });
    await invokeOk('operations.setSettings', { tokenUrl: `${capture.url}/token` });
    await invoke('operations.forget', { names: [op('c')] });

    const secrets = [apiKey, TRANSLATION_KEY, clientSecret, ...refreshTokens];
    for (const request of capture.requests) {
      for (const secret of secrets) expect(request.text, `${request.method} ${request.url}`).not.toContain(secret);
      expect(request.text).not.toMatch(/authorization/i);
    }
  });

  it('a watched page follows its account to its new server, with the key entered for that server', async () => {
    const firstSim = await started(startStatusPageSimulator({ seed: 'demo', rateLimit: false, control: false }));
    const secondSim = await started(startStatusPageSimulator({ seed: 'demo', rateLimit: false, control: false }));
    const first = await started(startRecordingProxy(firstSim.baseUrl));
    const second = await started(startRecordingProxy(secondSim.baseUrl));
    const key = firstSim.keys.demoReadWrite;
    await boot();
    const account = await invokeOk<{ id: string }>('accounts.add', {
      name: 'Acme',
      region: 'custom',
      baseUrl: first.url,
      subdomain: 'acme',
      apiKey: key,
    });
    undo.push(() => void new KeyVault(new KeychainSecretStore()).delete(secretNames.statusPageKey(account.id)));
    const page = (await invokeOk<Array<{ id: string; accountId?: string }>>('monitor.pages')).find((watched) => watched.accountId === account.id)!;
    await invokeOk('monitor.pollNow', { pageId: page.id });
    const summaries = (proxy: { seen: Array<{ path: string; authorization: string | undefined }> }) =>
      proxy.seen.filter((r) => r.path.endsWith('/status_pages/acme/summary'));
    const before = summaries(first).length;
    expect(before).toBeGreaterThan(0);
    expect(summaries(first).every((r) => r.authorization === key)).toBe(true);

    // Moved without a key: polled on the new server, without one; the old server hears nothing more.
    await invokeOk('accounts.update', { id: account.id, baseUrl: second.url });
    await invokeOk('monitor.pollNow', { pageId: page.id });
    expect(summaries(second).length).toBeGreaterThan(0);
    expect(summaries(second).every((r) => r.authorization === undefined)).toBe(true);
    // The key entered again, for the new server: sent there.
    await invokeOk('accounts.update', { id: account.id, apiKey: key });
    await invokeOk('monitor.pollNow', { pageId: page.id });
    expect(summaries(second).at(-1)!.authorization).toBe(key);
    expect(summaries(first)).toHaveLength(before);
    expect(await invokeOk('monitor.pages')).toMatchObject([{ id: page.id, region: 'custom', baseUrl: second.url, accountId: account.id }]);
  });

  it("the demo keeps its keys in memory: it never shows, uses or deletes a key of the user's keychain", async () => {
    const vault = new KeyVault(new KeychainSecretStore());
    await vault.set(secretNames.translationKey(), TRANSLATION_KEY, { binding: bindingFor(['https://api.weglot.com']) });
    undo.push(() => void vault.delete(secretNames.translationKey()));
    vi.stubEnv('STATUSDESK_DEMO', '1');
    await boot();
    expect(await invokeOk('app.info')).toMatchObject({ vault: { keychainAvailable: true, backend: expect.stringMatching(/Demo mode/) } });
    expect(await invokeOk('translation.keyStatus')).toMatchObject({ stored: false, lastFour: null });
    await invokeOk('translation.removeKey');
    await invokeOk('translation.setKey', { key: 'demo-session-key-0001' });
    expect(await invokeOk('translation.keyStatus')).toMatchObject({ stored: true, lastFour: '0001' });
    await quitAndWait();
    // The user's own key is still there, untouched.
    expect(await vault.release(secretNames.translationKey(), { url: 'https://api.weglot.com' })).toBe(TRANSLATION_KEY);
  });
});
