import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, simAccounts, until, flushOnceReachable } from './support/harness';
import { shareSimulator } from './support/shared-simulator';

/*
 * The look-up after a lost answer judges look-alikes by when they were stored against our send. Two ways it
 * adopted a colleague's identical incident made while ours waited offline:
 *   the window started at the attempt refused at queue time (it never reached the server), so an incident made
 *   a minute later counted as stored after our send;
 *   our POST carried the moment it was written (starts_at, the update's posted_at), the look-up compared without it.
 * Time moves on both clocks at once (the computer's and the server's), so nothing waits for it.
 */

const INCIDENTS = '/status_pages/acme/incidents';
let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
let outbox: OutboxService | undefined;

shareSimulator((started) => (sim = started));
afterEach(async () => {
  await outbox?.stop({ abortAfterMs: 0 });
  outbox = undefined;
  home.remove();
});

/** The computer's clock, its time since boot and the server's clock, moved forward together. */
function travel() {
  let shiftMs = 0;
  const now = () => Date.now() + shiftMs;
  const start = now();
  return {
    now,
    bootClock: () => ({ boot: 'this-boot', uptimeMs: 1_000_000 + (now() - start) }),
    forward(ms: number) {
      shiftMs += ms;
      sim.setClock(sim.now().getTime() + ms);
    },
  };
}

async function openAt(clock: ReturnType<typeof travel>): Promise<{ accountId: string; outbox: OutboxService }> {
  const { accountId, accounts } = simAccounts(sim);
  outbox = await openTestOutbox(home.dir, accounts, { now: clock.now, bootClock: clock.bootClock, requestTimeoutMs: 1_000 });
  outbox.start();
  return { accountId, outbox };
}

const created = () => sim.writeLog({ op: 'incidents.create' });

/** Queues the create while the server refuses connections, and waits until that first attempt was refused. */
async function queueRefused(target: OutboxService, accountId: string, incident: Record<string, unknown>): Promise<string> {
  await sim.goOffline({ mode: 'refuse' });
  const { id } = await target.enqueue({ kind: 'statuspal', accountId, operation: 'createIncident', input: { subdomain: 'acme', incident } });
  await until(() => (target.get(id)?.attempts ?? 0) >= 1 && target.get(id)?.state === 'pending', 'the refused first attempt');
  return id;
}

describe('the look-up of a create that waited offline', () => {
  it('a look-alike made after the refused attempt but before ours reached the server is put to the user, not adopted', async () => {
    home = makeTempDir('statusdesk-window-');
    const clock = travel();
    const { accountId, outbox } = await openAt(clock);
    const startsAt = new Date(Math.floor((clock.now() - 600_000) / 1000) * 1000).toISOString();
    const id = await queueRefused(outbox, accountId, { type: 'minor', title: 'Checkout down', service_ids: [2], starts_at: startsAt });
    clock.forward(60_000);
    // A colleague posts the same incident on the web dashboard a minute later.
    const theirs = sim.openIncident({ page: 'acme', type: 'minor', title: 'Checkout down', services: [2], startsAt });
    clock.forward(60_000);
    sim.clearWriteLog();
    sim.setFaults({ method: 'POST', pathPrefix: INCIDENTS, times: 1, resetRate: 1 });
    await sim.goOnline();
    await flushOnceReachable(outbox);
    expect(outbox.get(id)).toMatchObject({ state: 'needs_look', lookup: { reason: 'before_send', candidates: [{ id: theirs.id }] } });
    expect(created()).toHaveLength(0);
  });

  it('a look-alike stored after our send but starting when it was posted is not ours: ours carried its own moment', async () => {
    home = makeTempDir('statusdesk-window-');
    const clock = travel();
    const { accountId, outbox } = await openAt(clock);
    const incident = { type: 'minor', title: 'Checkout down', service_ids: [2], updates: [{ type: 'issue', description: 'Investigating' }] };
    const id = await queueRefused(outbox, accountId, incident);
    clock.forward(120_000);
    sim.clearWriteLog();
    sim.setFaults([
      { method: 'POST', pathPrefix: INCIDENTS, times: 1, resetRate: 1 },
      // The colleague's incident lands just before the look-up's list is answered; the server stamps its times.
      { method: 'GET', pathPrefix: INCIDENTS, times: 1, secondWriter: { path: INCIDENTS, body: { incident } } },
    ]);
    await sim.goOnline();
    await flushOnceReachable(outbox);
    expect(outbox.get(id)?.state).toBe('sent');
    expect(created()).toHaveLength(1);
    expect(outbox.get(id)?.result?.id).toBe(created()[0]!.resultId);
  });
});
