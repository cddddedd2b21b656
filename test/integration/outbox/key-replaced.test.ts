import { afterEach, beforeAll, afterAll, describe, expect, it, vi } from 'vitest';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { AppCore } from '../../../electron/core/app-core';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { memoryKeychain } from '../../support/memory-keychain';
import { makeTempDir } from '../../support/temp-dir';

/*
 * A revoked key, then fixed. Five queued writes failed with a clear 401, but after the key was
 * replaced they stayed failed, and only `outbox retry <id>`, one at a time, sent them. Now the writes refused for
 * the key go back to waiting when the account's key is replaced (AccountsService → AppCore → the outbox), their
 * message says so, and Retry all sends every failed write again. Through the window's IPC, on the real core.
 */

const ORIGIN = 'app://statusdesk';
const sender = { url: `${ORIGIN}/index.html`, isMainFrame: true };

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir> | undefined;
let core: AppCore | undefined;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await sim.reset();
  home?.remove();
  home = undefined;
});

async function ask<T>(channel: string, request?: unknown): Promise<T> {
  const result = await core!.dispatcher.dispatch(channel, request, sender);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

const created = () => sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as { incident: { title: string } }).incident.title);
const states = async () => (await ask<OutboxEntryView[]>('outbox.list')).map((e) => e.state);

async function queueCreates(accountId: string, titles: string[]): Promise<void> {
  for (const title of titles) {
    await ask('outbox.enqueue', { accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title } } });
  }
}

describe('writes refused for the key', () => {
  it('fail saying what to do, and go back to waiting (and out) when the account key is replaced in Settings', async () => {
    home = makeTempDir('statusdesk-key-replaced-');
    core = new AppCore({ dataDir: home.dir, vault: new KeyVault(memoryKeychain()), version: 'test', appOrigins: [ORIGIN] });
    const account = await ask<{ id: string }>('accounts.add', {
      name: 'Acme',
      region: 'custom',
      baseUrl: sim.baseUrl,
      subdomain: 'acme',
      apiKey: 'a-key-the-server-revoked-0000',
    });
    const titles = ['One', 'Two', 'Three', 'Four', 'Five'];
    await queueCreates(account.id, titles);
    await ask('outbox.flush');
    const failed = await ask<OutboxEntryView[]>('outbox.list');
    expect(failed.map((e) => [e.state, e.lastError?.status])).toEqual(titles.map(() => ['failed', 401]));
    for (const entry of failed) expect(entry.lastError!.message).toMatch(/\(401\); replace the key in Settings and it is sent again$/);
    expect(created()).toEqual([]);

    await ask('accounts.update', { id: account.id, apiKey: sim.keys.demoReadWrite });
    await vi.waitFor(async () => expect(await states()).toEqual(titles.map(() => 'sent')), { timeout: 10_000 });
    expect(created()).toEqual(titles);
  });

  it('Retry all sends every failed write again, as it is', async () => {
    home = makeTempDir('statusdesk-key-replaced-');
    core = new AppCore({ dataDir: home.dir, vault: new KeyVault(memoryKeychain()), version: 'test', appOrigins: [ORIGIN] });
    const account = await ask<{ id: string }>('accounts.add', {
      name: 'Acme',
      region: 'custom',
      baseUrl: sim.baseUrl,
      subdomain: 'acme',
      apiKey: sim.keys.demoReadWrite,
    });
    // Refused twice by a server having a bad moment (400), then accepted.
    sim.setFaults({ method: 'POST', errorRates: { 400: 1 }, times: 2 });
    await queueCreates(account.id, ['Alpha', 'Beta']);
    await ask('outbox.flush');
    expect(await states()).toEqual(['failed', 'failed']);

    const retried = await ask<OutboxEntryView[]>('outbox.retryAll');
    expect(retried.map((e) => e.state)).toEqual(['pending', 'pending']);
    await vi.waitFor(async () => expect(await states()).toEqual(['sent', 'sent']), { timeout: 10_000 });
    expect(created()).toEqual(['Alpha', 'Beta']);
    expect(await ask<OutboxEntryView[]>('outbox.retryAll')).toEqual([]);
  });
});
