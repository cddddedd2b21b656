import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../electron/core/app-core';
import { startOperationsSimulator, type OperationsSimulator } from '../../simulators/operations';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../simulators/statuspal';
import { startTranslationSimulator, type TranslationSimulator } from '../../simulators/translation';
import type { KeychainSecretStore } from '../../electron/core/vault/keychain-store';
import { secretNames } from '../../electron/core/vault/key-vault';
import type { Result } from '../../shared/ipc/define';
import { fakeBrowser } from '../integration/operations/support/browser';
import { filesContaining } from '../integration/operations/support/disk-scan';
import { makeTempDir } from '../support/temp-dir';
import { dispatch, openCore, testKeychain } from './support/app';

/*
 * Secret leaks: the app is driven through IPC, as the window drives it, with known secrets — a status page
 * API key (and a wrong one), a translation key (and a wrong one), Google refresh and access tokens from a
 * real sign-in (and their refresh after expiry), and pasted tokens (a good and a bad one) — through
 * success and failure paths: connection tests, a watched page of the account, reads, queued writes sent by
 * the outbox, translations, health, operations forgotten, sign-out. Then every file in the data folder,
 * every log line, every IPC answer, every event pushed to the window, every notification and tray state is
 * searched for each secret, as is and base64- or URL-encoded: zero hits.
 */

const OP = (id: string) => `projects/demo/locations/global/operations/${id}`;
const unique = (label: string) => `${label}-${randomBytes(9).toString('hex')}`;

const STATUS_KEY = unique('sdk-leakcheck-status');
const WRONG_STATUS_KEY = unique('sdk-leakcheck-wrong');
const TRANSLATION_KEY = unique('tk-leakcheck');
const WRONG_TRANSLATION_KEY = unique('tk-leakcheck-wrong');
const BOGUS_PASTED_TOKEN = unique('ya29.leakcheck-bogus');

let statusSim: StatusPageSimulator;
let translationSim: TranslationSimulator;
let operationsSim: OperationsSimulator;
let keychain: KeychainSecretStore;
let temp: ReturnType<typeof makeTempDir>;
let core: AppCore;
const logs: string[] = [];
const answers: Array<{ channel: string; result: Result<unknown> }> = [];
const pushed: Array<{ channel: string; payload: unknown }> = [];
const desktop: unknown[] = [];
const accountIds: string[] = [];

/** One IPC call; its answer is kept for the search. */
async function call(channel: string, payload?: unknown): Promise<Result<unknown>> {
  const result = await dispatch(core, channel, payload);
  answers.push({ channel, result });
  return result;
}

async function ok<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await call(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

async function fails(channel: string, payload?: unknown): Promise<string> {
  const result = await call(channel, payload);
  expect(result.ok, `${channel} should fail`).toBe(false);
  return result.ok ? '' : result.error.code;
}

beforeAll(async () => {
  statusSim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  statusSim.addKey({ kind: 'org', orgId: 1, access: 'write', key: STATUS_KEY });
  translationSim = await startTranslationSimulator({ key: TRANSLATION_KEY });
  operationsSim = await startOperationsSimulator({ operations: ['a', 'b', 'c', 'd', 'e', 'f'].map(OP) });
  keychain = testKeychain();
  temp = makeTempDir('statusdesk-leaks-');
  const browser = fakeBrowser();
  core = openCore(temp.dir, {
    keychain,
    log: (line) => logs.push(line),
    ports: { openExternal: browser.openExternal, notify: (intent) => desktop.push(intent), setTray: (model) => desktop.push(model) },
  });
  core.events.connect((channel, payload) => pushed.push({ channel, payload }));
  await core.start();
});

afterAll(async () => {
  await core?.dispose();
  for (const name of [secretNames.translationKey(), secretNames.googleRefreshToken(), ...accountIds.map((id) => secretNames.statusPageKey(id))]) {
    await keychain.delete(name).catch(() => false);
  }
  await statusSim?.close();
  await translationSim?.close();
  await operationsSim?.close();
  temp?.remove();
});

describe('secret leaks', () => {
  it('no key or token the app handled appears in its files, logs, IPC answers, pushed events or desktop calls', async () => {
    // Status page: a wrong key first (401 on the connection test), then the right one.
    const account = await ok<{ id: string }>('accounts.add', {
      name: 'Acme',
      region: 'custom',
      baseUrl: statusSim.baseUrl,
      subdomain: 'acme',
      organizationId: '1',
      apiKey: WRONG_STATUS_KEY,
    });
    accountIds.push(account.id);
    expect(await ok<{ ok: boolean }>('accounts.testConnection', { id: account.id })).toMatchObject({ ok: false });
    expect(await fails('statuspal.read', { accountId: account.id, operation: 'getStatusPage', input: { organizationId: 1, subdomain: 'acme' } })).not.toBe(
      'invalid_input',
    );
    await ok('accounts.update', { id: account.id, apiKey: STATUS_KEY });
    expect(await ok<{ ok: boolean }>('accounts.testConnection', { id: account.id })).toMatchObject({ ok: true });
    await ok('statuspal.read', { accountId: account.id, operation: 'listSubscriptions', input: { subdomain: 'acme' } });
    await ok('accounts.list');
    // The account brought its page; polled only when asked here.
    const [own] = await ok<Array<{ id: string }>>('monitor.pages');
    const page = await ok<{ id: string }>('monitor.updatePage', { id: own!.id, intervalSec: 86_400 });
    await ok('monitor.pollNow');
    const incident = statusSim.openIncident({ page: 'acme', type: 'major', title: 'Leak check outage', services: [2] });
    await ok('monitor.pollNow');
    await ok('monitor.incident', { pageId: page.id, incidentId: incident.id });
    await ok('monitor.snapshot');
    await ok('monitor.history');
    // A write through the outbox, sent with the account's key.
    await ok('outbox.enqueue', {
      accountId: account.id,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'Leak check write' } },
    });
    await ok('outbox.flush');
    await ok('outbox.list');
    expect(
      statusSim
        .writeLog({ pathPrefix: '/status_pages/acme/incidents' })
        .some((w) => (w.body as { incident?: { title?: string } }).incident?.title === 'Leak check write'),
    ).toBe(true);

    // Translation: a wrong key, then the right one; health and languages.
    await ok('translation.setSettings', { baseUrl: translationSim.baseUrl });
    await ok('translation.setKey', { key: WRONG_TRANSLATION_KEY });
    await fails('translation.translate', { from: 'en', to: 'de', texts: ['We are investigating.'] });
    await ok('translation.setKey', { key: TRANSLATION_KEY });
    await ok('translation.keyStatus');
    await ok('translation.translate', { from: 'en', to: 'de', texts: ['We are investigating.', 'A fix is deployed.'] });
    await ok('translation.health');
    await ok('translation.languages', { refresh: true });
    await ok('translation.history');

    // Google: sign in (refresh token to the keychain, access token in memory), forget, expire, refresh, sign out.
    await ok('operations.setSettings', {
      baseUrl: operationsSim.baseUrl,
      clientId: operationsSim.oauth.clientId,
      clientSecret: operationsSim.oauth.clientSecret!,
      authUrl: operationsSim.oauth.authUrl,
      tokenUrl: operationsSim.oauth.tokenUrl,
      revokeUrl: operationsSim.oauth.revokeUrl,
    });
    await ok('operations.signIn');
    await ok('operations.forget', { names: [OP('a'), OP('b')] });
    operationsSim.expireAllTokens();
    await ok('operations.forget', { names: [OP('c')] });
    await ok('operations.authStatus');
    await ok('operations.signOut');

    // Pasted tokens: a bogus one (refused by the service), then a good one.
    await ok('operations.pasteToken', { token: BOGUS_PASTED_TOKEN });
    await ok('operations.forget', { names: [OP('d')] });
    const pasted = operationsSim.issueAccessToken();
    await ok('operations.pasteToken', { token: pasted });
    await ok('operations.forget', { names: [OP('e')] });
    await ok('operations.history');
    await ok('operations.authStatus');
    await ok('app.info');
    expect(operationsSim.operations()).toEqual([OP('d'), OP('f')]);

    await core.dispose(); // flush what is pending to disk before the search
    const secrets = [STATUS_KEY, WRONG_STATUS_KEY, TRANSLATION_KEY, WRONG_TRANSLATION_KEY, BOGUS_PASTED_TOKEN, pasted, ...operationsSim.issuedSecrets()];
    expect(operationsSim.issuedSecrets().length).toBeGreaterThanOrEqual(4); // code, access, refresh, refreshed access
    const needles = secrets.flatMap((s) => [s, Buffer.from(s).toString('base64'), encodeURIComponent(s)]);

    const haystacks: Record<string, string> = {
      logs: logs.join('\n'),
      answers: JSON.stringify(answers),
      pushed: JSON.stringify(pushed),
      desktop: JSON.stringify(desktop),
    };
    for (const [where, text] of Object.entries(haystacks)) {
      for (const needle of needles) expect(text.includes(needle), `a secret in ${where}`).toBe(false);
    }
    expect(filesContaining(temp.dir, needles)).toEqual([]);
    // The search looked at something: the app wrote its files, logged, answered and pushed.
    expect(filesContaining(temp.dir, ['Leak check outage', 'We are investigating.']).length).toBeGreaterThanOrEqual(2);
    expect(answers.length).toBeGreaterThan(30);
    expect(pushed.length).toBeGreaterThan(5);
  }, 120_000);
});
