import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { tempIdFor } from '../../../shared/outbox/temp-id';
import { AppCore } from '../../../electron/core/app-core';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { memoryKeychain } from '../../support/memory-keychain';
import { makeTempDir } from '../../support/temp-dir';

/*
 * Queue a write with its checks, the core's one use case, as the window's `outbox.enqueue` calls it on the
 * Statuspal simulator: an update of an incident the page does not have, or a create naming services it does not
 * have, is refused and nothing is kept; a temp id (its create queued) and a server that cannot be asked pass.
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

async function dispatch(channel: string, request?: unknown) {
  return core!.dispatcher.dispatch(channel, request, sender);
}

async function ask<T>(channel: string, request?: unknown): Promise<T> {
  const result = await dispatch(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

describe("the window's writes are checked before they are queued", () => {
  it('refuses an update of a missing incident and unknown services, keeps nothing; a temp id and a known incident pass', async () => {
    home = makeTempDir('statusdesk-queue-write-');
    core = new AppCore({ dataDir: home.dir, vault: new KeyVault(memoryKeychain()), version: 'test', appOrigins: [ORIGIN] });
    const account = await ask<{ id: string }>('accounts.add', {
      name: 'Acme',
      region: 'custom',
      baseUrl: sim.baseUrl,
      subdomain: 'acme',
      apiKey: sim.keys.demoReadWrite,
    });
    const write = (operation: string, input: Record<string, unknown>) =>
      dispatch('outbox.enqueue', { id: randomUUID(), accountId: account.id, operation, input: { subdomain: 'acme', ...input } });

    const missing = await write('addIncidentUpdate', { incidentId: 987654, update: { type: 'update', description: 'Still.' } });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_input', status: 404 } });
    expect(!missing.ok && missing.error.message).toBe('There is no incident #987654 on page acme (the server answered 404); nothing was sent or kept.');

    const unknown = await write('createIncident', { incident: { type: 'minor', title: 'Slow', service_ids: [987654] } });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!unknown.ok && unknown.error.message).toMatch(/^987654: not a service of acme; its services: \d+ /);
    expect(await ask<OutboxEntryView[]>('outbox.list')).toEqual([]);

    // A create queued, and an update of it by its temp id: nothing to look up yet.
    const create = await ask<{ id: string }>('outbox.enqueue', {
      id: randomUUID(),
      accountId: account.id,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'Slow', updates: [{ type: 'issue', description: 'Slow.' }] } },
    });
    expect((await write('addIncidentUpdate', { incidentId: tempIdFor(create.id), update: { type: 'update', description: 'Better.' } })).ok).toBe(true);
    await ask('outbox.flush');
    const serverId = (await ask<OutboxEntryView[]>('outbox.list')).find((e) => e.id === create.id)!.serverId!;
    expect((await write('addIncidentUpdate', { incidentId: serverId, update: { type: 'resolved', description: 'Fixed.' } })).ok).toBe(true);

    // A server that cannot be asked says nothing either way: the write is queued, and the server has the last word.
    sim.addFault({ method: 'GET', pathPrefix: '/status_pages/acme/incidents/987654', errorRates: { '503': 1 }, times: 1 });
    expect((await write('addIncidentUpdate', { incidentId: 987654, update: { type: 'update', description: 'Still.' } })).ok).toBe(true);
  });
});
