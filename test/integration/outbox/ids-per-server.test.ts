import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import type { OutboxAccountsPort } from '../../../electron/core/outbox/statuspal/targets';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox } from './support/harness';

/*
 * Two servers hand out the same ids: the US and EU servers, or two custom servers, each have an incident 42.
 * A create on server B whose answer was lost after it committed is looked up on B; an incident of B's that
 * has the id of an incident this outbox created on server A is still B's own, and is adopted, not sent again.
 */

const started: StatusPageSimulator[] = [];
let home: ReturnType<typeof makeTempDir> | undefined;
let outbox: OutboxService | undefined;
afterEach(async () => {
  await outbox?.stop({ abortAfterMs: 0 });
  outbox = undefined;
  for (const sim of started.splice(0)) await sim.close();
  home?.remove();
  home = undefined;
});

async function sim(): Promise<StatusPageSimulator> {
  const one = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  started.push(one);
  return one;
}

const create = (accountId: string, title: string) => ({
  kind: 'statuspal' as const,
  accountId,
  operation: 'createIncident',
  input: { subdomain: 'acme', incident: { type: 'major', title, updates: [{ type: 'issue', description: 'Investigating' }] } },
});

describe('claimed ids are per server and page', () => {
  it('a create on B answered by a reset after commit adopts B’s incident even though A has one with the same id', async () => {
    const [a, b] = [await sim(), await sim()];
    const accounts: OutboxAccountsPort = {
      account: (id) => (id === 'a' ? { id, region: 'custom', baseUrl: a.baseUrl } : id === 'b' ? { id, region: 'custom', baseUrl: b.baseUrl } : null),
      apiKey: async (id) => (id === 'a' ? a.keys.demoReadWrite : id === 'b' ? b.keys.demoReadWrite : null),
    };
    home = makeTempDir('statusdesk-ids-per-server-');
    outbox = await openTestOutbox(home.dir, accounts);

    const onA = await outbox.enqueue(create('a', 'US outage'));
    expect(await outbox.flush({ timeoutMs: 60_000 })).toMatchObject({ sent: 1, failed: 0 });
    const idOnA = outbox.get(onA.id)!.result!.id;

    // B commits its create and the answer is lost: the outbox must look it up on B.
    b.setFaults({ method: ['POST'], times: 1, dropAfterCommitRate: 1 });
    const onB = await outbox.enqueue(create('b', 'EU outage'));
    expect(await outbox.flush({ timeoutMs: 60_000 })).toMatchObject({ failed: 0 });
    const createdOnB = b.writeLog({ op: 'incidents.create' });
    expect(createdOnB).toHaveLength(1);
    // The two servers handed out the same id: that is the case this test is about.
    expect(createdOnB[0]!.resultId).toBe(idOnA);
    expect(outbox.get(onB.id)).toMatchObject({ state: 'sent', result: { id: idOnA } });
    expect(a.writeLog({ op: 'incidents.create' })).toHaveLength(1);
  });
});
