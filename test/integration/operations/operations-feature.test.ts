import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../../electron/core/app-core';
import { OperationsFeature } from '../../../electron/core/operations/operations-feature';
import { OPERATIONS_HISTORY_FILE } from '../../../electron/core/operations/operations-history';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startOperationsSimulator, type OperationsSimulator } from '../../../simulators/operations';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { AppError } from '../../../shared/errors';
import { makeTempDir } from '../../support/temp-dir';
import { fakeBrowser } from './support/browser';

const op = (id: string) => `projects/demo/locations/global/operations/${id}`;
const APP = 'app://statusdesk';
const main = { url: `${APP}/index.html`, isMainFrame: true };

// The real Secret Service (scripts/with-keyring.sh), under a service name of this run only.
const keychain = new KeychainSecretStore({ service: `Statusdesk-test-${randomUUID()}` });

let sim: OperationsSimulator;
let temp: ReturnType<typeof makeTempDir>;
let problems: string[];
beforeEach(async () => {
  sim = await startOperationsSimulator({ operations: ['a', 'b', 'c', 'd'].map(op) });
  temp = makeTempDir('statusdesk-ops-feature-');
  problems = [];
});
afterEach(async () => {
  await keychain.delete(secretNames.googleRefreshToken());
  await sim.close();
  temp.remove();
});

function feature(options: { openExternal?: (url: string) => Promise<unknown>; home?: string; dataDir?: string } = {}) {
  const dataDir = path.join(temp.dir, options.dataDir ?? 'data');
  const settings = new SettingsStore(dataDir);
  const operations = new OperationsFeature({
    settings,
    vault: new KeyVault(keychain),
    dataDir,
    openExternal: () => options.openExternal,
    reportProblem: (message) => problems.push(message),
    env: { HOME: options.home ?? path.join(temp.dir, 'empty-home') },
    // ADC go to Google's token endpoint unless code names another; the settings' token endpoint never counts.
    adcTokenUrl: sim.oauth.tokenUrl,
  });
  return { operations, settings };
}

function oauthSettings() {
  return {
    clientId: sim.oauth.clientId,
    clientSecret: sim.oauth.clientSecret!,
    authUrl: sim.oauth.authUrl,
    tokenUrl: sim.oauth.tokenUrl,
    revokeUrl: sim.oauth.revokeUrl,
  };
}

/** What `gcloud auth application-default login` writes, issued by the fake OAuth server. */
function writeAdc(home: string) {
  const file = path.join(home, '.config', 'gcloud', 'application_default_credentials.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    JSON.stringify({ type: 'authorized_user', client_id: sim.oauth.clientId, client_secret: sim.oauth.clientSecret, refresh_token: sim.issueRefreshToken() }),
  );
  return file;
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

describe('operations feature', () => {
  it('uses the token sources in order: Google sign-in, then ADC, then a pasted token', async () => {
    const home = path.join(temp.dir, 'home');
    const adcFile = writeAdc(home);
    const { operations } = feature({ openExternal: fakeBrowser().openExternal, home });
    await operations.updateSettings({ baseUrl: sim.baseUrl, ...oauthSettings() });

    await expect(operations.status()).resolves.toMatchObject({ active: 'none', adc: { enabled: false, found: true, path: adcFile }, pasted: false });
    expect((await failure(operations.forgetNames([op('a')]))).message).toMatch(/No access token/);
    expect(sim.requests('delete')).toEqual([]);

    const pasted = sim.issueAccessToken();
    await expect(operations.pasteToken(pasted)).resolves.toMatchObject({ active: 'pasted', pasted: true });
    await expect(operations.forgetNames([op('a')])).resolves.toMatchObject([{ outcome: 'forgotten' }]);

    await expect(operations.useAdc(true)).resolves.toMatchObject({ active: 'application-default', adc: { enabled: true } });
    await expect(operations.forgetNames([op('b')])).resolves.toMatchObject([{ outcome: 'forgotten' }]);
    expect(sim.requests('token').map((r) => r.grantType)).toEqual(['refresh_token']);

    const signedIn = await operations.signIn();
    expect(signedIn).toMatchObject({ active: 'google-sign-in', signIn: { configured: true, signedIn: true, storage: 'keychain', pending: false } });
    await expect(operations.forgetNames([op('c')])).resolves.toMatchObject([{ outcome: 'forgotten' }]);

    expect(operations.historyEntries().map((e) => [e.name, e.source])).toEqual([
      [op('c'), 'google-sign-in'],
      [op('b'), 'application-default'],
      [op('a'), 'pasted'],
    ]);

    const out = await operations.signOut();
    expect(out).toMatchObject({ revoked: true, status: { active: 'application-default' } });
    await expect(operations.useAdc(false)).resolves.toMatchObject({ active: 'pasted' });
    await expect(operations.clearPastedToken()).resolves.toMatchObject({ active: 'none' });
    // Nothing in any status holds a token or code.
    const statuses = JSON.stringify([signedIn, out, await operations.status()]);
    for (const secret of sim.issuedSecrets()) expect(statuses).not.toContain(secret);
  });

  it('refuses to sign in without a browser or a client id, and can cancel a sign-in waiting for the browser', async () => {
    const headless = feature({ dataDir: 'headless' });
    await headless.operations.updateSettings(oauthSettings());
    expect(await failure(headless.operations.signIn())).toMatchObject({ code: 'unsupported' });

    let opened: string | undefined;
    const { operations } = feature({ openExternal: async (url) => void (opened = url) });
    expect(await failure(operations.signIn())).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/client id/) });
    await operations.updateSettings(oauthSettings());
    const pending = operations.signIn();
    await expect.poll(() => opened).toMatch(new RegExp(`^${sim.oauth.authUrl}\\?`));
    await expect(operations.status()).resolves.toMatchObject({ signIn: { pending: true } });
    expect(operations.auth.cancelSignIn()).toBe(true);
    expect(await failure(pending)).toMatchObject({ code: 'cancelled' });
    await expect(operations.status()).resolves.toMatchObject({ active: 'none', signIn: { pending: false, signedIn: false } });
  });

  it('checks settings, keeps defaults as absent, and never shows the client secret', async () => {
    const { operations, settings } = feature();
    const view = await operations.updateSettings({
      baseUrl: 'https://migrationcenter.googleapis.com/',
      clientId: 'abc.apps.googleusercontent.com',
      clientSecret: 'not-shown-secret',
    });
    expect(view).toMatchObject({ baseUrl: 'https://migrationcenter.googleapis.com', clientId: 'abc.apps.googleusercontent.com', clientSecretSet: true });
    expect(JSON.stringify(view)).not.toContain('not-shown-secret');
    expect(settings.get().operations).toEqual({ oauthClientId: 'abc.apps.googleusercontent.com', oauthClientSecret: 'not-shown-secret' });

    await expect(operations.updateSettings({ baseUrl: 'http://example.com' })).rejects.toThrow(/must use https/);
    await expect(operations.updateSettings({ tokenUrl: 'not a url' })).rejects.toThrow(/The token endpoint is not a valid URL/);
    await expect(operations.updateSettings({ clientId: 'has spaces in it' })).rejects.toThrow(/client id/);
    expect(await operations.updateSettings({ clientSecret: null, clientId: '' })).toMatchObject({ clientId: null, clientSecretSet: false });
    expect(settings.get().operations).toEqual({});
    await operations.updateSettings({ baseUrl: 'http://127.0.0.1:9999' });
    expect(await operations.updateSettings({ baseUrl: null })).toMatchObject({ baseUrl: 'https://migrationcenter.googleapis.com' });
    expect(settings.get().operations).toEqual({});
  });

  it('reports a 404 for a name it forgot before as already gone, and keeps the history bounded in a file', async () => {
    const { operations } = feature();
    await operations.updateSettings({ baseUrl: sim.baseUrl });
    await operations.pasteToken(sim.issueAccessToken());
    await operations.forgetNames([op('a')]);
    const again = await operations.forgetNames([op('a'), op('zz'), 'projects/x']);
    expect(again).toMatchObject([
      { outcome: 'already_gone', message: expect.stringMatching(/^Already forgotten/) },
      { outcome: 'failed', code: 'not_found' },
      { outcome: 'failed', code: 'invalid_input' },
    ]);
    // The malformed name was never sent, so it is not history.
    expect(operations.historyEntries().map((e) => e.name)).toEqual([op('a'), op('zz'), op('a')]);
    expect(
      sim
        .requests('delete')
        .map((r) => r.name)
        .sort(),
    ).toEqual([op('a'), op('a'), op('zz')]);
    expect(operations.clearHistory()).toBe(3);
    expect(operations.historyEntries()).toEqual([]);
  });

  it('moves an unreadable history file aside and reports it', () => {
    const dataDir = path.join(temp.dir, 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, OPERATIONS_HISTORY_FILE), '{"version": 1, "entr');
    const { operations } = feature();
    expect(operations.historyEntries()).toEqual([]);
    expect(problems).toEqual([expect.stringMatching(/operations history could not be read .* moved to .*operations-history\.corrupt-/)]);
  });

  it('keeps the readable entries of a history with a damaged one, and sets the original aside', async () => {
    const { operations } = feature();
    await operations.updateSettings({ baseUrl: sim.baseUrl });
    await operations.pasteToken(sim.issueAccessToken());
    await operations.forgetNames([op('a'), op('b'), op('c')]);
    const file = path.join(temp.dir, 'data', OPERATIONS_HISTORY_FILE);
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Array<Record<string, unknown>> };
    json.entries[1]!.name = 42;
    const damaged = JSON.stringify(json);
    fs.writeFileSync(file, damaged);

    expect(operations.historyEntries().map((e) => e.name)).toEqual([op('a'), op('c')]);
    expect(problems).toEqual([
      expect.stringMatching(/1 damaged entry\. The file was moved to .*operations-history\.corrupt-.*the 2 readable entries were kept/),
    ]);
    const aside = fs.readdirSync(path.dirname(file)).filter((name) => name.startsWith('operations-history.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(path.dirname(file), aside[0]!), 'utf8')).toBe(damaged);
    // Reported once: the kept entries were written back, so the next read is clean.
    expect(operations.historyEntries()).toHaveLength(2);
    expect(problems).toHaveLength(1);
  });
});

describe('operations channels through the AppCore dispatcher', () => {
  it('forgets with progress events, answers without secrets, and validates payloads', async () => {
    const core = new AppCore({ dataDir: path.join(temp.dir, 'core'), vault: new KeyVault(keychain), version: '0', appOrigins: [APP] });
    const pushed: Array<{ channel: string; payload: unknown }> = [];
    core.events.connect((channel, payload) => pushed.push({ channel, payload }));
    try {
      await expect(core.dispatcher.dispatch('operations.setSettings', { baseUrl: sim.baseUrl }, main)).resolves.toMatchObject({ ok: true });
      const token = sim.issueAccessToken();
      const pasted = await core.dispatcher.dispatch('operations.pasteToken', { token }, main);
      expect(pasted).toMatchObject({ ok: true, value: { active: 'pasted' } });
      const result = await core.dispatcher.dispatch('operations.forget', { names: [op('a'), op('b'), op('missing')], requestId: 'r1' }, main);
      expect(result).toMatchObject({
        ok: true,
        value: {
          results: [
            { name: op('a'), outcome: 'forgotten' },
            { name: op('b'), outcome: 'forgotten' },
            { name: op('missing'), outcome: 'failed', code: 'not_found' },
          ],
        },
      });
      const progress = pushed.filter((p) => p.channel === 'operations.onProgress').map((p) => p.payload as { requestId: string; done: number; total: number });
      expect(progress.map((p) => [p.requestId, p.done, p.total])).toEqual([
        ['r1', 1, 3],
        ['r1', 2, 3],
        ['r1', 3, 3],
      ]);
      await expect(core.dispatcher.dispatch('operations.history', undefined, main)).resolves.toMatchObject({ ok: true, value: { entries: { length: 3 } } });
      await expect(core.dispatcher.dispatch('operations.forget', { names: [] }, main)).resolves.toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const badToken = await core.dispatcher.dispatch('operations.pasteToken', { token: 'two\nlines-secret' }, main);
      expect(badToken).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(JSON.stringify(badToken)).not.toContain('lines-secret');
      expect(JSON.stringify([pasted, result, pushed])).not.toContain(token);
    } finally {
      await core.dispose();
    }
  });
});
