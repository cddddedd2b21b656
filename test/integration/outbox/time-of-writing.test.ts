import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import type { BootClock } from '../../../electron/core/timing/boot-clock';
import { apiDateTimeToEpochMs } from '../../../shared/statuspal/datetime';
import type { OutboxAccountsPort } from '../../../electron/core/outbox/statuspal/targets';
import { makeTempDir } from '../../support/temp-dir';
import { runCliIn } from '../cli/support/run-cli';
import { openTestOutbox, simAccounts, flushOnceReachable } from './support/harness';
import { shareSimulator } from './support/shared-simulator';

/*
 * An offline create written with the computer's clock two hours behind went out with
 * starts_at two hours early, once the clock was right again. Where the server's clock is known (the Date header
 * of an answer before the write, or after it in the same boot: the time since boot does not jump with the wall
 * clock), the real time of writing is published; where it cannot be known, the entry says so.
 */

const HOUR = 3_600_000;
let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
const opened: OutboxService[] = [];

shareSimulator((started) => (sim = started));
afterEach(async () => {
  for (const outbox of opened.splice(0)) await outbox.stop();
  home.remove();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The computer's clock, set wrong and then right; the time since boot goes on regardless. */
function computer(behindMs: number) {
  const started = performance.now();
  const clock = { behindMs, now: () => Date.now() - clock.behindMs };
  const boot =
    (name: string): BootClock =>
    () => ({ boot: name, uptimeMs: 1_000_000 + (performance.now() - started) });
  return { clock, boot };
}

async function open(accounts: OutboxAccountsPort, now: () => number, bootClock: BootClock): Promise<OutboxService> {
  const outbox = await openTestOutbox(home.dir, accounts, { now, bootClock, queuedAfterMs: 500 });
  opened.push(outbox);
  outbox.start();
  return outbox;
}

const create = (accountId: string, title: string) => ({
  kind: 'statuspal' as const,
  accountId,
  operation: 'createIncident',
  input: { subdomain: 'acme', incident: { type: 'major', title } },
});

async function startsAt(outbox: OutboxService, id: string): Promise<number> {
  const serverId = outbox.get(id)!.serverId as number;
  const incident = await fetch(`${sim.baseUrl}/status_pages/acme/incidents/${serverId}`, { headers: { Authorization: sim.keys.demoReadWrite } }).then(
    (r) => r.json() as Promise<{ incident: { starts_at: string } }>,
  );
  return apiDateTimeToEpochMs(incident.incident.starts_at)!;
}

/** The clocks here are hours off; minutes of slack tell the two apart on any machine, however busy. */
const TOLERANCE_MS = 5 * 60_000;

describe('the time of writing of a write queued with a wrong clock', () => {
  it('written offline two hours behind, sent once the clock is right (same app): starts when it was written', async () => {
    home = makeTempDir('statusdesk-written-');
    const { accountId, accounts } = simAccounts(sim);
    const { clock, boot } = computer(2 * HOUR);
    const outbox = await open(accounts, clock.now, boot('boot-1'));
    await sim.goOffline();
    const writtenAt = Date.now();
    const { id } = await outbox.enqueue(create(accountId, 'Written two hours behind'));
    await sleep(800);
    clock.behindMs = 0; // the clock is put right (NTP after a wake)
    await sim.goOnline();
    expect(await flushOnceReachable(outbox)).toMatchObject({ sent: 1, failed: 0 });
    expect(Math.abs((await startsAt(outbox, id)) - writtenAt)).toBeLessThan(TOLERANCE_MS);
    expect(outbox.get(id)!.result?.timeOfWriting).toMatchObject({ checked: true });
  });

  it('written by one command and sent by a later one of the same boot: starts when it was written', async () => {
    home = makeTempDir('statusdesk-written-');
    const { accountId, accounts } = simAccounts(sim);
    const { clock, boot } = computer(2 * HOUR);
    await sim.goOffline();
    const writer = await open(accounts, clock.now, boot('boot-1'));
    const writtenAt = Date.now();
    const { id } = await writer.enqueue(create(accountId, 'Queued by a command'));
    await writer.stop();
    clock.behindMs = 0;
    await sleep(800);
    await sim.goOnline();
    const sender = await open(accounts, clock.now, boot('boot-1'));
    expect(await flushOnceReachable(sender)).toMatchObject({ sent: 1, failed: 0 });
    expect(Math.abs((await startsAt(sender, id)) - writtenAt)).toBeLessThan(TOLERANCE_MS);
  });

  it("with the server's clock known when it was written (an answer before), sent after a restart: starts when it was written", async () => {
    home = makeTempDir('statusdesk-written-');
    const { accountId, accounts } = simAccounts(sim);
    const { clock, boot } = computer(2 * HOUR);
    const writer = await open(accounts, clock.now, boot('boot-1'));
    // Online first: an answer tells the server's clock (two hours ahead of this computer's).
    const first = await writer.enqueue(create(accountId, 'Sent online'));
    expect(await writer.flush({ timeoutMs: 10_000 })).toMatchObject({ sent: 1 });
    expect(writer.get(first.id)!.state).toBe('sent');
    await sim.goOffline();
    const writtenAt = Date.now();
    const { id } = await writer.enqueue(create(accountId, 'Then offline'));
    await writer.stop();
    clock.behindMs = 0;
    await sleep(800);
    await sim.goOnline();
    // Another boot: the time since boot says nothing, the offset stamped at writing does.
    const sender = await open(accounts, clock.now, boot('boot-2'));
    expect(await flushOnceReachable(sender)).toMatchObject({ sent: 1, failed: 0 });
    expect(Math.abs((await startsAt(sender, id)) - writtenAt)).toBeLessThan(TOLERANCE_MS);
    expect(sender.get(id)!.result?.timeOfWriting).toMatchObject({ checked: true });
  });

  it('where it cannot be known (another boot, no answer before), the entry says the time is unchecked', async () => {
    home = makeTempDir('statusdesk-written-');
    const { accountId, accounts } = simAccounts(sim);
    const { clock, boot } = computer(2 * HOUR);
    await sim.goOffline();
    const writer = await open(accounts, clock.now, boot('boot-1'));
    const { id } = await writer.enqueue(create(accountId, 'Nobody can tell'));
    await writer.stop();
    clock.behindMs = 0;
    await sleep(800);
    await sim.goOnline();
    const sender = await open(accounts, clock.now, boot('boot-2'));
    expect(await flushOnceReachable(sender)).toMatchObject({ sent: 1, failed: 0 });
    const published = sender.get(id)!.result!.timeOfWriting!;
    expect(published.checked).toBe(false);
    expect(Date.parse(published.at)).toBe(await startsAt(sender, id));
    await sender.stop();
    const listed = await runCliIn(home.dir, ['outbox', 'list']);
    expect(listed.stdout).toMatch(/written .* by this computer's clock, which could not be checked against the server's/);
  });
});
