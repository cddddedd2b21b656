import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_RESPONSE_BYTES } from '../../../electron/core/http/bounded-response';
import { networkCodeOf } from '../../../electron/core/http/network-failure';
import { nodeHttpFetch } from '../../../electron/core/http/node-http-fetch';
import { timedExchange } from '../../../electron/core/http/timed-exchange';
import { httpGetText } from '../../../electron/core/http/get-text';
import { createProviderFetcher } from '../../../electron/core/monitor/provider-fetcher';
import { isPrivateAddress } from '../../../electron/core/http/address-policy';
import { SlidingWindowRateLimiter } from '../../../electron/core/statuspal-client/rate-limiter';
import { AdcTokenProvider } from '../../../electron/core/operations/adc-token-provider';
import { createOAuth2Client, resolveOAuthConfig } from '../../../electron/core/operations/oauth-config';
import { OperationsFeature } from '../../../electron/core/operations/operations-feature';
import { isGoogleDestination } from '../../../electron/core/operations/token-destination';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { envAccountId } from '../../../electron/core/outbox/statuspal/targets';
import { handOffWrite } from '../../../electron/core/outbox/outbox-handoff';
import { AppCore } from '../../../electron/core/app-core';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { memoryKeychain } from '../../support/memory-keychain';
import { windowWriteSchema, outboxEnqueueManyInputSchema } from '../../../shared/outbox/requests';
import { outboxChannels } from '../../../shared/ipc/channels/outbox';
import { makeTempDir } from '../../support/temp-dir';
import { outboundFetch } from '../../../electron/core/http/outbound';
import { StatusPageClient } from '../../../electron/core/statuspal-client/client';
import { TranslationClient } from '../../../electron/core/translation/client';
import { OperationsClient } from '../../../electron/core/operations/operations-client';
import { createOperationsProbe } from '../../../electron/core/operations/service-probe';
import { PastedTokenProvider } from '../../../electron/core/operations/pasted-token-provider';
import { startServer, type TestServer } from '../statuspal-client/helpers/http-server';

/*
 * Side doors a secret or an unbounded answer could take past the one place that checks it: redirects in Google
 * sign-in and Application Default Credentials (gaxios follows 20 by default and re-sends a POST body on 307),
 * answers of any size, and a window that names the server a write goes to.
 */

const ORIGIN = 'app://statusdesk';
const sender = { url: `${ORIGIN}/index.html`, isMainFrame: true };
const servers: TestServer[] = [];
const temps: Array<ReturnType<typeof makeTempDir>> = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const server of servers.splice(0)) await server.close();
  for (const temp of temps.splice(0)) temp.remove();
});

async function server(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const started = await startServer(handler);
  servers.push(started);
  return started;
}

/** What `gcloud auth application-default login` writes, in a folder of its own. */
function adcFile(): { temp: ReturnType<typeof makeTempDir>; file: string } {
  const temp = makeTempDir('statusdesk-adc-');
  temps.push(temp);
  const file = path.join(temp.dir, 'adc.json');
  const credentials = { type: 'authorized_user', client_id: 'gcloud-client', client_secret: 'gcloud-secret', refresh_token: '1//adc-refresh' };
  fs.writeFileSync(file, JSON.stringify(credentials));
  return { temp, file };
}

/** A server that would capture whatever reaches it, and one that redirects everything there with `status`. */
async function redirectingTo(status: number): Promise<{ capture: TestServer; redirector: TestServer }> {
  const capture = await server((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"stolen","expires_in":3600}'));
  const redirector = await server((req, res) => res.writeHead(status, { location: `${capture.origin}${req.url}` }).end());
  return { capture, redirector };
}

function oauthConfig(origin: string) {
  return resolveOAuthConfig({
    clientId: 'client-1.apps.googleusercontent.com',
    clientSecret: 'GOCSPX-client-secret',
    tokenUrl: `${origin}/token`,
    revokeUrl: `${origin}/revoke`,
    apiBaseUrl: origin,
    requestTimeoutMs: 10_000,
  });
}

describe('Google sign-in follows no redirect with a secret', () => {
  it.each([307, 308, 302])('a refresh answered %i sends the refresh token and client secret nowhere else', async (status) => {
    const { capture, redirector } = await redirectingTo(status);
    const client = createOAuth2Client(oauthConfig(redirector.origin), { credentials: { refresh_token: '1//refresh-token-value' } });
    await expect(client.refreshAccessToken()).rejects.toThrow();
    expect(redirector.requests).toHaveLength(1);
    expect(redirector.requests[0]!.body).toContain('refresh_token');
    expect(capture.requests).toEqual([]);
  });

  it.each([301, 302])('a revoke answered %i is not "revoked", and the token goes nowhere else', async (status) => {
    const { capture, redirector } = await redirectingTo(status);
    const client = createOAuth2Client(oauthConfig(redirector.origin));
    await expect(client.revokeToken('1//refresh-token-value')).rejects.toThrow();
    expect(capture.requests).toEqual([]);
  });

  it('Application Default Credentials: a token endpoint answering 307 keeps the file’s secrets at that one origin', async () => {
    const { capture, redirector } = await redirectingTo(307);
    const { file } = adcFile();
    const provider = new AdcTokenProvider({
      detection: { found: true, path: file, origin: 'GOOGLE_APPLICATION_CREDENTIALS', type: 'authorized_user', secrets: [] },
      tokenUrl: `${redirector.origin}/token`,
    });
    await expect(provider.getAccessToken()).rejects.toThrow();
    expect(redirector.requests.length).toBeGreaterThan(0);
    expect(capture.requests).toEqual([]);
  });
});

describe('every answer is read no further than 8 MiB', () => {
  /** A server that sends `megabytes` of body (or gzip of it), counting what it managed to write. */
  async function bigAnswer(megabytes: number, gzip = false) {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    return server((_req, res) => {
      if (gzip) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(megabytes * 1024 * 1024, 'a')));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const more = (): void => {
        while (sent < megabytes) {
          sent++;
          if (!res.write(chunk)) {
            res.once('drain', more);
            return;
          }
        }
        res.end();
      };
      res.on('error', () => undefined);
      more();
    });
  }

  /** How the three API clients' exchange failed for `url`, or null when it did not. */
  function exchangeFailure(url: string): Promise<{ kind: string; error?: unknown } | null> {
    return timedExchange(fetch, url, { method: 'GET' }, { timeoutMs: 20_000, fail: (f) => Object.assign(new Error('failed'), { failure: f }) }).then(
      () => null,
      (error: { failure: { kind: string; error?: unknown } }) => error.failure,
    );
  }

  it('the three API clients’ exchange stops at the cap and says why', async () => {
    const big = await bigAnswer(64);
    const failure = await exchangeFailure(`${big.origin}/summary`);
    expect(failure?.kind).toBe('network');
    expect(networkCodeOf(failure?.error)).toBe('ERESPONSE_TOO_LARGE');
  });

  it('a gzip bomb is stopped at the cap after decompression', async () => {
    const bomb = await bigAnswer(40, true);
    expect(networkCodeOf((await exchangeFailure(`${bomb.origin}/x`))?.error)).toBe('ERESPONSE_TOO_LARGE');
  });

  it('the command line’s transport and the watched-page fetcher stop at the same cap', async () => {
    const big = await bigAnswer(32);
    await expect(nodeHttpFetch(`${big.origin}/x`)).rejects.toMatchObject({ code: 'ERESPONSE_TOO_LARGE' });
    await expect(
      httpGetText(`${big.origin}/x`, { headers: {}, timeoutMs: 20_000, publicOnly: false }, { operation: 'summary', method: 'GET', path: '/x', kind: 'read' }),
    ).rejects.toThrow(new RegExp(`larger than ${MAX_RESPONSE_BYTES}`));
  });

  it('an answer under the cap is read whole', async () => {
    const small = await bigAnswer(2);
    const answer = await timedExchange(fetch, `${small.origin}/x`, { method: 'GET' }, { timeoutMs: 20_000, fail: () => new Error('failed') });
    expect(answer.text).toHaveLength(2 * 1024 * 1024);
  });
});

describe('every client’s default way out is the one transport', () => {
  it('the Status Page, translation and operations clients and the probe follow no redirect: the key stays at its origin', async () => {
    const { capture, redirector } = await redirectingTo(307);
    const asked = () => redirector.requests.length;
    const statuspage = new StatusPageClient({ region: { baseUrl: `${redirector.origin}/api/v2` }, apiKey: 'sp-key', retry: { retries: 0 } });
    await expect(statuspage.hello()).rejects.toThrow();
    expect(asked()).toBe(1);
    const translation = new TranslationClient({ baseUrl: redirector.origin, retry: { retries: 0 } });
    await expect(
      translation.translate({ l_from: 'de', l_to: 'en', words: [{ w: 'Hallo', t: 1 }], request_url: 'https://example.com/' }, 'tr-key'),
    ).rejects.toThrow();
    expect(asked()).toBe(2);
    const operations = new OperationsClient({ baseUrl: redirector.origin, tokenProvider: new PastedTokenProvider('ya29.pasted', redirector.origin) });
    const [forgotten] = await operations.forgetMany([`projects/p/locations/l/operations/op-1`]);
    expect(forgotten, JSON.stringify(forgotten)).toMatchObject({ outcome: 'failed' });
    expect(asked()).toBe(3);
    expect(await createOperationsProbe()(redirector.origin, new AbortController().signal)).toBe(true);
    expect(asked()).toBe(4);
    expect(capture.requests).toEqual([]);
  });

  it('outboundFetch stops a body at the cap', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const big = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const more = (): void => {
        while (sent++ < 24) if (!res.write(chunk)) return void res.once('drain', more);
        res.end();
      };
      res.on('error', () => undefined);
      more();
    });
    const response = await outboundFetch(`${big.origin}/x`, {});
    await expect(response.text()).rejects.toMatchObject({ code: 'ERESPONSE_TOO_LARGE' });
  });
});

describe('the window never chooses where a write or its key goes', () => {
  const write = (accountId: string) => ({ accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title: 'x' } } });

  it('a window write naming a server or a key source is refused, alone and in a batch', () => {
    const plain = write('acme');
    expect(windowWriteSchema.safeParse(plain).success).toBe(true);
    expect(windowWriteSchema.safeParse({ ...plain, server: { baseUrl: 'http://127.0.0.1:9/api/v2', keyFrom: 'env' } }).success).toBe(false);
    expect(windowWriteSchema.safeParse({ ...plain, server: { baseUrl: 'https://other.example/api/v2', keyFrom: 'account' } }).success).toBe(false);
    expect(outboxEnqueueManyInputSchema.safeParse({ writes: [plain, { ...plain, server: { baseUrl: 'http://x', keyFrom: 'env' } }] }).success).toBe(false);
    expect(outboxChannels['outbox.enqueue'].request).toBe(windowWriteSchema);
  });

  it('over the real core: neither STATUSDESK_API_KEY nor an older unbound account key reaches a server the window or a hand-over names', async () => {
    // A server that answers like a status page API (it says hello), so the outbox would send to it if it could.
    const capture = await server((req, res) =>
      req.url?.endsWith('/hello')
        ? res.writeHead(200, { 'content-type': 'application/json' }).end('{"message":"hello"}')
        : res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":1}'),
    );
    const own = await server((_req, res) => res.writeHead(503).end());
    const home = makeTempDir('statusdesk-side-doors-');
    temps.push(home);
    const keychain = memoryKeychain();
    // A user who exported the command line's key has it in the app's environment too.
    vi.stubEnv('STATUSDESK_API_KEY', 'env-key-never-sent');
    const core = new AppCore({ dataDir: home.dir, vault: new KeyVault(keychain), version: 'test', appOrigins: [ORIGIN] });
    try {
      const call = async (channel: string, request?: unknown) =>
        (await core.dispatcher.dispatch(channel, request, sender)) as { ok: boolean; value?: { id: string }; error?: { code: string } };
      const added = await call('accounts.add', { name: 'Acme', region: 'custom', baseUrl: own.baseUrl, subdomain: 'acme', apiKey: 'account-key-0001' });
      const accountId = added.value!.id;
      // A key saved by an older version: stored bare, bound to no address.
      keychain.secrets.set(secretNames.statusPageKey(accountId), 'legacy-account-key-0002');

      for (const keyFrom of ['env', 'account'] as const) {
        const refused = await call('outbox.enqueue', { ...write(accountId), server: { baseUrl: capture.baseUrl, keyFrom } });
        expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      }
      // The command line hands writes over to the app through files: one keyed from the environment waits for a
      // command with the key, one aimed at another server with the account's key is refused by the vault.
      await call('outbox.list');
      await handOffWrite(home.dir, { id: randomUUID(), ...write(envAccountId(capture.baseUrl)), server: { baseUrl: capture.baseUrl, keyFrom: 'env' } });
      await handOffWrite(home.dir, { id: randomUUID(), ...write(accountId), server: { baseUrl: capture.baseUrl, keyFrom: 'account' } });
      await vi.waitFor(async () => expect((await call('outbox.list')).value).toHaveLength(2), { timeout: 20_000 });
      type Listed = Array<{ accountId: string; state: string; lastError?: { code: string } }>;
      await vi.waitFor(
        async () => {
          await call('outbox.flush');
          const listed = (await call('outbox.list')).value as unknown as Listed;
          expect(listed.find((entry) => entry.accountId === accountId)).toMatchObject({
            lastError: { code: expect.stringMatching(/^(forbidden|unauthorized)$/) },
          });
        },
        { timeout: 20_000 },
      );
      // Reachability probes (GET /hello, no key) may knock; nothing with a key, and no write, ever arrives.
      const seen = JSON.stringify(capture.requests);
      for (const key of ['env-key-never-sent', 'legacy-account-key-0002', 'account-key-0001']) expect(seen).not.toContain(key);
      expect(capture.requests.filter((request) => request.method !== 'GET' || request.headers.authorization !== undefined)).toEqual([]);
      // The older key is bound to the account's own server, not to the address the first request named.
      expect(JSON.parse(keychain.secrets.get(secretNames.statusPageKey(accountId))!)).toMatchObject({ origins: [new URL(own.baseUrl).origin] });
    } finally {
      await core.dispose();
    }
  });
});

describe('Application Default Credentials go only to Google', () => {
  it('the window’s token endpoint setting is not where ADC are exchanged', async () => {
    const capture = await server((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"x","expires_in":3600}'));
    const { temp, file } = adcFile();
    const settings = new SettingsStore(path.join(temp.dir, 'data'));
    const operations = new OperationsFeature({
      settings,
      vault: new KeyVault(memoryKeychain()),
      dataDir: path.join(temp.dir, 'data'),
      openExternal: () => undefined,
      reportProblem: () => undefined,
      env: { GOOGLE_APPLICATION_CREDENTIALS: file },
    });
    // What a script in the window can do: point the token endpoint at a port of its choosing, then turn ADC on.
    await operations.updateSettings({ baseUrl: capture.origin, tokenUrl: `${capture.origin}/token` });
    await operations.useAdc(true);
    await operations.forgetNames([`projects/p/locations/global/operations/x`]).catch(() => undefined);
    expect(JSON.stringify(capture.requests)).not.toContain('adc-refresh');
    expect(JSON.stringify(capture.requests)).not.toContain('gcloud-secret');
  });

  it('credentials the app did not issue go to the Google hosts it calls, not to any *.googleapis.com', () => {
    expect(isGoogleDestination('https://oauth2.googleapis.com/token')).toBe(true);
    expect(isGoogleDestination('https://migrationcenter.googleapis.com/v1/x')).toBe(true);
    expect(isGoogleDestination('https://attacker-bucket.googleapis.com/x')).toBe(false);
    expect(isGoogleDestination('https://storage.googleapis.com/evil/x')).toBe(false);
  });
});

describe('nothing a page or the window names reaches inward', () => {
  it('knows this computer and the local network from the public internet', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('a public page is never fetched from a private address, literal or resolved (a name pointing at 127.0.0.1)', async () => {
    const inside = await server((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"internal"}'));
    const port = new URL(inside.origin).port;
    const context = { operation: 'summary', method: 'GET' as const, path: '/', kind: 'read' as const };
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`]) {
      await expect(httpGetText(url, { headers: {}, timeoutMs: 10_000, publicOnly: true }, context), url).rejects.toThrow(/local network/);
    }
    expect(inside.requests).toEqual([]);
    // The same address typed by the user as this computer (local development) is fetched.
    await expect(httpGetText(`http://127.0.0.1:${port}/`, { headers: {}, timeoutMs: 10_000, publicOnly: false }, context)).resolves.toMatchObject({
      status: 200,
    });
  });

  it('a provider page fetches only what its own address allows: a disguised inward address is refused, a typed loopback page is not redirected off this computer', async () => {
    const inside = await server((req, res) =>
      req.url?.startsWith('/moved')
        ? res.writeHead(302, { location: 'http://status.example.com/api/v2/summary.json' }).end()
        : res.writeHead(200, { 'content-type': 'application/json' }).end('{"page":{}}'),
    );
    const port = new URL(inside.origin).port;
    // 0.0.0.0 is not what a user types for this computer; on Linux it leads there all the same.
    const resolvedInward = createProviderFetcher({
      pageUrl: `http://0.0.0.0:${port}`,
      rateLimiter: new SlidingWindowRateLimiter({ limit: 10, windowMs: 1000 }),
    });
    await expect(resolvedInward.fetchSummaryText('x')).rejects.toThrow(/local network/);
    expect(inside.requests).toEqual([]);
    const typed = createProviderFetcher({
      pageUrl: `http://127.0.0.1:${port}/moved`,
      rateLimiter: new SlidingWindowRateLimiter({ limit: 10, windowMs: 1000 }),
    });
    await expect(typed.fetchSummaryText('x')).rejects.toThrow(/redirect/);
  });

  it('a public own page (no account) is read only from the public internet, or from this computer when typed so', async () => {
    const inside = await server((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"internal"}'));
    const port = new URL(inside.origin).port;
    const home = makeTempDir('statusdesk-inward-');
    temps.push(home);
    const core = new AppCore({ dataDir: home.dir, vault: new KeyVault(memoryKeychain()), version: 'test', appOrigins: [ORIGIN] });
    try {
      const check = async (baseUrl: string) =>
        (await core.dispatcher.dispatch('monitor.checkPage', { region: 'custom', baseUrl, subdomain: 'acme' }, sender)) as {
          ok: boolean;
          error?: { code: string; message: string };
        };
      // Plain http across a network is refused as the address is given, with the rule in words.
      expect(await check(`http://0.0.0.0:${port}/api/v2`)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/https/) },
      });
      // 0.0.0.0 is not what a user types for this computer; on Linux it leads there all the same.
      expect(await check(`https://0.0.0.0:${port}/api/v2`)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/local network/) } });
      expect(inside.requests).toEqual([]);
      // Typed as this computer (local development), it is read.
      await check(`http://127.0.0.1:${port}/api/v2`);
      expect(inside.requests.map((request) => request.url)).toEqual(['/api/v2/status_pages/acme/summary']);
    } finally {
      await core.dispose();
    }
  });
});
