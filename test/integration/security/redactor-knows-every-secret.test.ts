import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../../electron/core/app-core';
import { OperationsFeature } from '../../../electron/core/operations/operations-feature';
import { KnownSecrets } from '../../../electron/core/security/known-secrets';
import { secretForms } from '../../../electron/core/security/redact';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { memoryKeychain } from '../../support/memory-keychain';
import { makeTempDir } from '../../support/temp-dir';
import { startServer, type TestServer } from '../statuspal-client/helpers/http-server';
import { startStatusPageSimulator } from '../../../simulators/statuspal';

/*
 * The secrets the app holds outside the vault (a token pasted for the session, the access tokens a token
 * source hands out, the OAuth client secret of the settings, the refresh token and client secret of an
 * Application Default Credentials file) are known to the redactor as they come in, so a server that quotes
 * them, or a window error report that carries one, never puts them in an IPC answer, a pushed event, the log or
 * the operations history.
 */

const ORIGIN = 'app://statusdesk';
const FRAME = { url: `${ORIGIN}/index.html`, isMainFrame: true };
const PASTED = 'ya29.pasted-token-0123456789abcdef';
const ADC_REFRESH = '1//adc-refresh-token-0123456789';
const ADC_CLIENT_SECRET = 'GOCSPX-adc-client-secret-0123';

const servers: TestServer[] = [];
const cleanup: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  for (const server of servers.splice(0)) await server.close();
});

async function server(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const started = await startServer(handler);
  servers.push(started);
  return started;
}

/** Where any form of `secret` (raw, URL-encoded, base64) sits in `text`, for the failure message. */
function formsIn(text: string, secret: string): string[] {
  return secretForms(secret).filter((form) => text.includes(form));
}

/**
 * A service that quotes back what it was sent: the Authorization header of a DELETE in its error message, the
 * whole form body of a token request in its error_description.
 */
async function quotingServer(): Promise<TestServer> {
  return server((req, res, received) => {
    if (req.url?.startsWith('/token')) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'invalid_grant', error_description: `refused: ${received.body}` }));
      return;
    }
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 400, status: 'INVALID_ARGUMENT', message: `bad request with ${req.headers.authorization ?? ''}` } }));
  });
}

describe('the redactor knows every secret the app holds', () => {
  it('a pasted token a server quotes and a window error report carries reaches no answer, event, log line, diagnostics or history', async () => {
    const quoting = await quotingServer();
    const home = makeTempDir('statusdesk-known-secrets-');
    cleanup.push(() => home.remove());
    const lines: string[] = [];
    const pushed: unknown[] = [];
    const answers: unknown[] = [];
    let copied = '';
    const core = new AppCore({
      dataDir: home.dir,
      vault: new KeyVault(memoryKeychain()),
      version: 'test',
      appOrigins: [ORIGIN],
      log: (line) => lines.push(line),
      ports: { copyText: (text) => void (copied = text) },
    });
    cleanup.push(() => core.dispose());
    core.events.connect((_channel, payload) => pushed.push(payload));
    await core.start();
    const call = async (channel: string, payload?: unknown) => {
      const answer = await core.dispatcher.dispatch(channel, payload, FRAME);
      answers.push(answer);
      return answer;
    };

    expect((await call('operations.setSettings', { baseUrl: quoting.origin })).ok).toBe(true);
    expect((await call('operations.pasteToken', { token: PASTED })).ok).toBe(true);
    await call('operations.forget', { names: ['projects/p/locations/global/operations/op-1'] });
    expect(quoting.requests.some((request) => request.headers.authorization === `Bearer ${PASTED}`)).toBe(true);
    await call('diagnostics.reportRendererError', { kind: 'error', message: `TypeError: the panel failed for ${PASTED}`, stack: `at forget (${PASTED})` });
    expect((await call('diagnostics.copy')).ok).toBe(true);

    const history = fs.readFileSync(path.join(home.dir, 'operations-history.json'), 'utf8');
    const seen = { answers: JSON.stringify(answers), pushed: JSON.stringify(pushed), log: lines.join('\n'), copied, history };
    // The server did quote it: the answer says the request was refused, in the server's words, without the token.
    expect(seen.answers).toMatch(/bad request with Bearer \[redacted\]/);
    for (const [where, text] of Object.entries(seen)) expect(formsIn(text, PASTED), where).toEqual([]);
  });

  it('a key a server echoes in a successful answer reaches the window redacted', async () => {
    const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    cleanup.push(() => sim.close());
    const home = makeTempDir('statusdesk-known-secrets-echo-');
    cleanup.push(() => home.remove());
    const core = new AppCore({ dataDir: home.dir, vault: new KeyVault(memoryKeychain()), version: 'test', appOrigins: [ORIGIN] });
    cleanup.push(() => core.dispose());
    await core.start();
    const key = sim.keys.demoReadWrite;
    const added = await core.dispatcher.dispatch(
      'accounts.add',
      { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', apiKey: key },
      FRAME,
    );
    expect(added.ok).toBe(true);
    const accountId = added.ok ? (added.value as { id: string }).id : '';
    // A server (or a colleague's paste) that puts the key into an incident the app then reads.
    sim.openIncident({ page: 'acme', title: `Rotated key ${key} by mistake`, type: 'minor' });
    const read = await core.dispatcher.dispatch('statuspal.read', { accountId, operation: 'listIncidents', input: { subdomain: 'acme' } }, FRAME);
    expect(read.ok).toBe(true);
    const text = JSON.stringify(read);
    expect(text).toContain('Rotated key [redacted] by mistake');
    expect(formsIn(text, key)).toEqual([]);
  });

  it('an ADC file’s refresh token and client secret, quoted URL-encoded by a token endpoint, reach neither the answer nor the history', async () => {
    const quoting = await quotingServer();
    const home = makeTempDir('statusdesk-known-secrets-adc-');
    cleanup.push(() => home.remove());
    const adcFile = path.join(home.dir, 'adc.json');
    fs.writeFileSync(
      adcFile,
      JSON.stringify({ type: 'authorized_user', client_id: 'gcloud-client', client_secret: ADC_CLIENT_SECRET, refresh_token: ADC_REFRESH }),
    );
    const settings = new SettingsStore(home.dir);
    settings.update((draft) => {
      draft.operations = { baseUrl: quoting.origin, useAdc: true };
    });
    const secrets = new KnownSecrets();
    const operations = new OperationsFeature({
      settings,
      secrets,
      vault: new KeyVault(memoryKeychain()),
      dataDir: home.dir,
      openExternal: () => undefined,
      reportProblem: () => undefined,
      env: { GOOGLE_APPLICATION_CREDENTIALS: adcFile },
      adcTokenUrl: `${quoting.origin}/token`,
      client: { attempts: 1 },
    });
    cleanup.push(() => operations.dispose());

    const answer = await operations.forgetNames(['projects/p/locations/global/operations/op-1']);
    const tokenRequest = quoting.requests.find((request) => request.url.startsWith('/token'));
    // The endpoint did get them, and quoted them back URL-encoded.
    expect(tokenRequest?.body).toContain(encodeURIComponent(ADC_REFRESH));
    const history = fs.readFileSync(path.join(home.dir, 'operations-history.json'), 'utf8');
    for (const secret of [ADC_REFRESH, ADC_CLIENT_SECRET]) {
      expect(formsIn(JSON.stringify(answer), secret), 'answer').toEqual([]);
      expect(formsIn(history, secret), 'history').toEqual([]);
    }
    expect(JSON.stringify(answer)).toMatch(/redacted/);
  });
});
