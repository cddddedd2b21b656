import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppCore } from '../../../electron/core/app-core';
import type { AppCoreOptions } from '../../../electron/core/app-core-options';
import { createFileLogger } from '../../../electron/core/logging/app-logger';
import { CoreLog } from '../../../electron/core/logging/core-log';
import { redactLogLine } from '../../../electron/core/logging/log-redaction';
import { KnownSecrets } from '../../../electron/core/security/known-secrets';
import { startStatusPageSimulator } from '../../../simulators/statuspal';
import { DemoKeychain } from '../../../electron/core/vault/demo-keychain';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { SessionSecretStore } from '../../../electron/core/vault/secret-store';
import { makeTempDir } from '../../support/temp-dir';

/*
 * The app's log, written by the real core against the simulator, as the main process wires
 * it (electron/main/app-log.ts and start-core.ts): what it says about starting, settings, pages, outbox
 * writes, the keychain, IPC refusals and the window's errors, and what it never says (a key, a body).
 */

const ORIGIN = 'app://statusdesk';
const frame = { url: `${ORIGIN}/index.html`, isMainFrame: true };
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function appWithLog(ports: AppCoreOptions['ports'] = undefined) {
  const home = makeTempDir('statusdesk-app-log-');
  cleanup.push(() => home.remove());
  const secrets = new KnownSecrets();
  const redact = (line: string) => redactLogLine(line, secrets);
  const logger = createFileLogger({ dataDir: home.dir, fileName: 'main.log', redact, level: 'debug' });
  const log = new CoreLog({ logger, redact });
  log.started('Statusdesk test', { node: process.versions.node });
  const core = new AppCore({
    dataDir: home.dir,
    vault: new KeyVault(new DemoKeychain(), new SessionSecretStore()),
    secrets,
    version: 'test',
    appOrigins: [ORIGIN],
    coreLog: log,
    monitorTuning: { startSpreadMs: 0, jitterRatio: 0, staleAfterFailures: 2, backoffBaseMs: 1, backoffMaxMs: 1 },
    ...(ports ? { ports } : {}),
  });
  cleanup.push(() => core.dispose());
  const ask = async <T = unknown>(channel: string, request?: unknown): Promise<T> => {
    const result = await core.dispatcher.dispatch(channel, request, frame);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  const text = async () => {
    await logger.flush();
    return fs.readFileSync(path.join(home.dir, 'logs', 'main.log'), 'utf8');
  };
  return { core, ask, text, home };
}

describe('the main log', () => {
  it('says what the app did, in lines a person can read, and never a key or a body', async () => {
    const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    cleanup.push(() => sim.close());
    const key = sim.keys.demoReadWrite;
    const { core, ask, text } = await appWithLog();
    await core.start();

    const account = await ask<{ id: string }>('accounts.add', { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', apiKey: key });
    // The account's page is watched as it is added; polled only when asked here.
    const [watched] = await ask<Array<{ id: string; accountId?: string }>>('monitor.pages');
    expect(watched).toMatchObject({ accountId: account.id });
    const page = await ask<{ id: string }>('monitor.updatePage', { id: watched!.id, intervalSec: 86_400 });
    await ask('monitor.pollNow', { pageId: page.id });
    await ask('notifications.setPrefs', { minSeverity: 'major' });
    await ask('outbox.enqueue', {
      accountId: account.id,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'Title of a logged write' } },
    });
    await ask('outbox.flush');
    // A page that stops answering, then answers again.
    sim.addFault({ pathPrefix: '/status_pages/acme/summary', errorRates: { '500': 1 }, times: 2 });
    await ask('monitor.pollNow', { pageId: page.id });
    await ask('monitor.pollNow', { pageId: page.id });
    await vi.waitFor(async () => expect(await text()).toMatch(/monitor: page .* is stale/));
    await ask('monitor.pollNow', { pageId: page.id });
    // Refused IPC, and a window error that quotes a key someone pasted.
    await core.dispatcher.dispatch('monitor.addPage', { region: 'mars' }, frame);
    await core.dispatcher.dispatch('app.info', undefined, { url: 'https://evil.example/', isMainFrame: true });
    await ask('diagnostics.reportRendererError', { kind: 'unhandledrejection', message: `Error: bad key ${key}` });

    const log = await vi.waitFor(async () => {
      const now = await text();
      expect(now).toMatch(/answers again/);
      return now;
    });
    const lines = log.trim().split('\n');
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z (error|warn |info |debug) \S/);
    expect(log).toMatch(/info {2}Statusdesk test started: node /);
    expect(log).toMatch(/keychain: available \(/);
    expect(log).toMatch(/settings changed: accounts \(1 added\)/);
    expect(log).toMatch(/settings changed: .*watchedPages \(1 added\)/);
    expect(log).toMatch(/settings changed: notifications\.minSeverity/);
    expect(log).toMatch(/outbox: [0-9a-f-]{36} statuspal createIncident: pending/);
    expect(log).toMatch(/outbox: [0-9a-f-]{36} statuspal createIncident: in_flight → sent \(server id \d+\)/);
    expect(log).toMatch(/warn {2}monitor: page Acme \(acme\) is stale after 2 failed poll\(s\): /);
    expect(log).toMatch(/info {2}monitor: page Acme \(acme\) answers again/);
    expect(log).toMatch(/warn {2}ipc monitor\.addPage: refused \(invalid_input\)/);
    expect(log).toMatch(/warn {2}ipc app\.info: refused \(untrusted_sender\)/);
    expect(log).toMatch(/error window: unhandledrejection: Error: bad key \[redacted\]/);
    // Never a key, a title the user wrote, or a body the server sent.
    expect(log).not.toContain(key);
    expect(log).not.toContain('Title of a logged write');
    expect(log).not.toMatch(/"incident"|"components"|"services"|\{"/);
  });

  it('Copy diagnostics: versions, counts, hosts only, the last errors; no key', async () => {
    const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    cleanup.push(() => sim.close());
    const { core, ask, home } = await appWithLog();
    await core.start();
    const key = sim.keys.demoReadWrite;
    await ask('accounts.add', { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', apiKey: key });
    const [watched] = await ask<Array<{ id: string }>>('monitor.pages');
    await ask('monitor.updatePage', { id: watched!.id, intervalSec: 86_400 });
    await ask('diagnostics.reportRendererError', { kind: 'error', message: `fetch ${sim.baseUrl}/status_pages/acme/summary failed with ${key}` });
    const { copied, text } = await ask<{ copied: boolean; text: string }>('diagnostics.copy');
    expect(copied).toBe(false); // no clipboard outside Electron: the text is still given
    expect(text).toContain(`Data folder: ${home.dir}`);
    expect(text).toMatch(/^Pages: 1 own, 0 providers, \d stale$/m);
    expect(text).toContain(`Accounts: 1 (servers: ${new URL(sim.baseUrl).host})`);
    expect(text).toMatch(/^Keychain: available \(/m);
    expect(text).toMatch(/^Outbox: pending 0, in_flight 0, failed 0, conflicts 0/m);
    expect(text).toMatch(/Error in the window: fetch 127\.0\.0\.1:\d+ failed with \[redacted\]/);
    expect(text).not.toContain(key);
    expect(text).not.toContain('/status_pages/');
  });

  it('Copy diagnostics lists a failure the window was shown (a read the server could not answer), not "none"', async () => {
    const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    cleanup.push(() => sim.close());
    const { core, ask } = await appWithLog();
    await core.start();
    const account = await ask<{ id: string }>('accounts.add', {
      name: 'Acme',
      region: 'custom',
      baseUrl: sim.baseUrl,
      subdomain: 'acme',
      apiKey: sim.keys.demoReadWrite,
    });
    await sim.goOffline();
    const read = await core.dispatcher.dispatch('statuspal.read', { accountId: account.id, operation: 'listIncidents', input: { subdomain: 'acme' } }, frame);
    expect(read.ok).toBe(false);
    const { text } = await ask<{ copied: boolean; text: string }>('diagnostics.copy');
    const said = read.ok ? '' : read.error.message;
    expect(text).not.toMatch(/Last errors:\s*none/);
    expect(text).toContain(said);
  });

  it("Copy diagnostics waits for the clipboard (Electron's is asynchronous) and says so when it refuses", async () => {
    const copiedTexts: string[] = [];
    const accepting = await appWithLog({ copyText: async (text) => void copiedTexts.push(text) });
    await accepting.core.start();
    const accepted = await accepting.ask<{ copied: boolean; text: string }>('diagnostics.copy');
    expect(accepted.copied).toBe(true);
    expect(copiedTexts).toEqual([accepted.text]);

    const refusing = await appWithLog({ copyText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) });
    await refusing.core.start();
    const refused = await refusing.ask<{ copied: boolean; text: string }>('diagnostics.copy');
    expect(refused.copied).toBe(false);
    expect(refused.text).toMatch(/^Data folder: /m);
    expect(await refusing.text()).toMatch(/warn {2}diagnostics: the clipboard refused the text: NotAllowedError/);
  });
});
