import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationIntent } from '../../../shared/monitor/notification-intent';
import type { AccountView } from '../../../shared/accounts/account';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { invoke, openCore, testKeychain } from '../../reliability/support/app';
import { makeTempDir } from '../../support/temp-dir';
import type { AppCore } from '../../../electron/core/app-core';

/*
 * The user's own writes from this app (sent through the outbox) do not notify them back when
 * the next poll shows them; what someone else does on the same page (or the same incident) still does.
 */

let sim: StatusPageSimulator | undefined;
let core: AppCore | undefined;
let home: ReturnType<typeof makeTempDir> | undefined;
afterEach(async () => {
  await core?.dispose();
  await sim?.close();
  home?.remove();
});

describe('notifications of the user own writes', () => {
  it('an incident and an update written here are not notified; one opened by someone else is', async () => {
    sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    home = makeTempDir('statusdesk-own-writes-');
    const notified: NotificationIntent[] = [];
    core = openCore(home.dir, { keychain: testKeychain(), ports: { notify: (intent) => notified.push(intent) } });
    await core.start();
    const account = await invoke<AccountView>(core, 'accounts.add', {
      name: 'Acme',
      region: 'custom',
      baseUrl: sim.baseUrl,
      subdomain: 'acme',
      organizationId: '1',
      apiKey: sim.keys.demoReadWrite,
    });
    // The account's page is watched as it is added; polled only when asked here.
    const [watched] = await invoke<Array<{ id: string }>>(core, 'monitor.pages');
    await invoke(core, 'monitor.updatePage', { id: watched!.id, intervalSec: 86_400 });
    await invoke(core, 'monitor.pollNow');

    // Ours: created and updated through the outbox, as the window does.
    const { tempId } = await invoke<{ tempId: string }>(core, 'outbox.enqueue', {
      accountId: account.id,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'major', title: 'Checkout down', updates: [{ type: 'issue', description: 'Investigating' }] } },
    });
    await invoke(core, 'outbox.flush');
    await invoke(core, 'monitor.pollNow');
    await invoke(core, 'outbox.enqueue', {
      accountId: account.id,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: tempId, update: { type: 'monitoring', description: 'A fix is out' } },
    });
    await invoke(core, 'outbox.flush');
    await invoke(core, 'monitor.pollNow');
    expect(notified.map((n) => n.title)).toEqual([]);

    // Theirs: someone else opens an incident on the same page.
    sim.openIncident({ page: 'acme', title: 'Elevated errors', type: 'major', message: 'Looking into it' });
    await invoke(core, 'monitor.pollNow');
    expect(notified).toHaveLength(1);
    expect(`${notified[0]!.title} ${notified[0]!.body}`).toContain('Elevated errors');
  });
});
