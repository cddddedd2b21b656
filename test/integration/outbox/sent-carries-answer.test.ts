import { afterEach, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../shared/accounts/account';
import type { OutboxChange } from '../../../shared/outbox/status';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { invoke, openCore, testKeychain } from '../../reliability/support/app';
import { makeTempDir } from '../../support/temp-dir';
import type { AppCore } from '../../../electron/core/app-core';

/* The window hears a sent write with the server's answer the outbox kept: it need not read the item again. */

let sim: StatusPageSimulator | undefined;
let core: AppCore | undefined;
let home: ReturnType<typeof makeTempDir> | undefined;
afterEach(async () => {
  await core?.dispose();
  await sim?.close();
  home?.remove();
});

describe('a sent write pushed to the window', () => {
  it("carries the server's answer: the created incident, as a read of it would give", async () => {
    sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    home = makeTempDir('statusdesk-sent-answer-');
    core = openCore(home.dir, { keychain: testKeychain() });
    const pushed: OutboxChange[] = [];
    core.events.connect((channel, payload) => {
      if (channel === 'outbox.onChange') pushed.push(payload as OutboxChange);
    });
    await core.start();
    const account = await invoke<AccountView>(core, 'accounts.add', {
      name: 'Acme',
      region: 'custom',
      baseUrl: sim.baseUrl,
      subdomain: 'acme',
      organizationId: '1',
      apiKey: sim.keys.demoReadWrite,
    });
    await invoke(core, 'outbox.enqueue', {
      accountId: account.id,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'Slow checkout', updates: [{ type: 'issue', description: 'Looking' }] } },
    });
    await invoke(core, 'outbox.flush');

    const sent = pushed.find((change) => change.type === 'entry' && change.entry.state === 'sent');
    expect(sent?.type === 'entry' && sent.answer).toMatchObject({ id: sent?.type === 'entry' ? sent.entry.result?.id : -1, title: 'Slow checkout' });
    const read = await invoke<{ item: { title: string } }>(core, 'statuspal.read', {
      accountId: account.id,
      operation: 'getIncident',
      input: { subdomain: 'acme', incidentId: sent?.type === 'entry' ? sent.entry.result?.id : -1 },
    });
    expect(sent?.type === 'entry' && sent.answer).toEqual(read.item);
  });
});
