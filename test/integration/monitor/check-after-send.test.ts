import { afterEach, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../shared/accounts/account';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { invoke, openCore, testKeychain } from '../../reliability/support/app';
import { makeTempDir } from '../../support/temp-dir';
import type { AppCore } from '../../../electron/core/app-core';

/*
 * After one of our writes is sent, its page is checked at once only when the write changed what the page's
 * summary shows: the server's answer to a metric point already says all that changed.
 */

let sim: StatusPageSimulator | undefined;
let core: AppCore | undefined;
let home: ReturnType<typeof makeTempDir> | undefined;
afterEach(async () => {
  await core?.dispose();
  await sim?.close();
  home?.remove();
});

describe('the page checked after a write is sent', () => {
  it('is read again after an incident, not after a metric point', async () => {
    sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    home = makeTempDir('statusdesk-check-after-send-');
    core = openCore(home.dir, { keychain: testKeychain() });
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
    await core.monitor.settled();
    const summaryReads = () => sim!.requestCount('/status_pages/acme/summary');

    const before = summaryReads();
    await invoke(core, 'outbox.enqueue', {
      accountId: account.id,
      operation: 'addMetricEntry',
      input: { subdomain: 'acme', metricId: 1, entry: { time: 1717200000, value: 3 } },
    });
    await invoke(core, 'outbox.flush');
    await core.monitor.settled();
    expect(summaryReads() - before).toBe(0);

    await invoke(core, 'outbox.enqueue', {
      accountId: account.id,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'Slow checkout', updates: [{ type: 'issue', description: 'Looking' }] } },
    });
    await invoke(core, 'outbox.flush');
    await core.monitor.settled();
    expect(summaryReads() - before).toBe(1);
  });
});
