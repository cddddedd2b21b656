import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEnqueueInput } from '../../../shared/outbox/requests';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import type { FaultRule, StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, simAccounts, until } from './support/harness';
import { shareSimulator } from './support/shared-simulator';

/*
 * The fault matrix of the write path: every kind of write × every way the network or the server
 * can fail it once. The invariant is read from the server, not from the outbox: the write took effect
 * exactly once (one applied write in the server's log), the entry says "sent", and the writes after it
 * on the same incident went out in order. Times are scaled down (a 500 ms request timeout stands for the
 * command line's 10 s) except in the one row that uses the real figures.
 */

const HOUR = 3_600_000;
const REQUEST_TIMEOUT_MS = 500;
let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
let outbox: OutboxService | undefined;

shareSimulator((started) => (sim = started));
afterEach(async () => {
  await outbox?.stop({ abortAfterMs: 0 });
  outbox = undefined;
  home.remove();
});

type Json = Record<string, unknown>;

interface WriteKind {
  /** Prepares the server (in-process, so nothing of it is in the write log) and returns the write. */
  setup: (accountId: string) => Omit<OutboxEnqueueInput, 'accountId'> & { accountId: string };
}

function incidentWithUpdate(): { incidentId: number; updateId: number } {
  const incident = sim.openIncident({ page: 'acme', title: 'Elevated errors', type: 'minor', message: 'Looking into it' }) as unknown as {
    id: number;
    updates: { id: number }[];
  };
  return { incidentId: incident.id, updateId: incident.updates[0]!.id };
}

const write = (accountId: string, operation: string, input: Json) => ({
  kind: 'statuspal' as const,
  accountId,
  operation,
  input: { subdomain: 'acme', ...input },
});

const KINDS: Record<string, WriteKind> = {
  'incident create': {
    setup: (a) =>
      write(a, 'createIncident', { incident: { type: 'major', title: 'Checkout down', updates: [{ type: 'issue', description: 'Investigating' }] } }),
  },
  'incident update': {
    setup: (a) => write(a, 'addIncidentUpdate', { incidentId: incidentWithUpdate().incidentId, update: { type: 'monitoring', description: 'Fix deployed' } }),
  },
  'incident resolve': {
    setup: (a) => write(a, 'addIncidentUpdate', { incidentId: incidentWithUpdate().incidentId, update: { type: 'resolved', description: 'All good' } }),
  },
  'incident delete': { setup: (a) => write(a, 'deleteIncident', { incidentId: incidentWithUpdate().incidentId }) },
  'incident update edit': {
    setup: (a) => {
      const { incidentId, updateId } = incidentWithUpdate();
      return write(a, 'changeIncidentUpdate', { incidentId, updateId, update: { description: 'Looking into it (edited)' } });
    },
  },
  'incident update delete': {
    setup: (a) => {
      const { incidentId, updateId } = incidentWithUpdate();
      sim.addUpdate({ page: 'acme', incidentId, message: 'A second update', type: 'update' });
      return write(a, 'deleteIncidentUpdate', { incidentId, updateId });
    },
  },
  'notice create': {
    setup: (a) => write(a, 'createInfoNotice', { info_notice: { title: 'New status page address', updates: [{ description: 'We moved.' }] } }),
  },
  'notice update': {
    setup: (a) =>
      write(a, 'updateInfoNotice', {
        infoNoticeId: (sim.postNotice({ page: 'acme', title: 'Old title' }) as unknown as { id: number }).id,
        info_notice: { title: 'New title' },
      }),
  },
  'service create (admin)': { setup: (a) => write(a, 'addService', { service: { name: 'Billing API', description: 'Invoices' } }) },
};

const ONCE: Pick<FaultRule, 'method' | 'times'> = { method: ['POST', 'PUT', 'DELETE'], times: 1 };

/** Each fault hits the first write request once. */
const FAULTS: Record<string, FaultRule> = {
  '500 before commit': { ...ONCE, errorRates: { 500: 1 } },
  '502 before commit': { ...ONCE, errorRates: { 502: 1 } },
  '503 before commit': { ...ONCE, errorRates: { 503: 1 }, retryAfterSeconds: 1 },
  '504 before commit': { ...ONCE, errorRates: { 504: 1 } },
  '500 after commit': { ...ONCE, statusAfterCommit: 500 },
  '503 after commit': { ...ONCE, statusAfterCommit: 503 },
  // A gateway's own time-out or rate limit answered after the API committed: looked up, never resent.
  '408 after commit': { ...ONCE, statusAfterCommit: 408 },
  '429 after commit': { ...ONCE, statusAfterCommit: 429 },
  '429 with Retry-After': { ...ONCE, errorRates: { 429: 1 }, retryAfterSeconds: 1 },
  '429 without Retry-After': { ...ONCE, errorRates: { 429: 1 }, retryAfterSeconds: null },
  'reset before commit': { ...ONCE, resetRate: 1 },
  'reset after commit': { ...ONCE, dropAfterCommitRate: 1 },
  'unreadable 200 body (committed)': { ...ONCE, malformedRate: 1 },
  'empty 200 body (committed)': { ...ONCE, emptyBodyAfterCommitRate: 1 },
  'answer after the timeout (committed)': { ...ONCE, answerDelayAfterCommitMs: REQUEST_TIMEOUT_MS * 3 },
  'hang (never forwarded)': { ...ONCE, hangRate: 1 },
  'captive portal HTML (never forwarded)': { ...ONCE, captivePortalRate: 1 },
  'captive portal 302 to its login page (never forwarded)': { ...ONCE, captivePortalRedirectRate: 1 },
};

async function open(requestTimeoutMs = REQUEST_TIMEOUT_MS): Promise<{ accountId: string; outbox: OutboxService }> {
  const { accountId, accounts } = simAccounts(sim);
  outbox = await openTestOutbox(home.dir, accounts, { requestTimeoutMs });
  outbox.start();
  return { accountId, outbox };
}

function appliedWrites(): number {
  return sim.writeLog().length;
}

describe.each(Object.entries(KINDS))('%s', (_kind, kind) => {
  it.each(Object.entries(FAULTS))('survives %s: sent, applied exactly once', async (_fault, fault) => {
    home = makeTempDir('statusdesk-matrix-');
    const { accountId, outbox } = await open();
    const request = kind.setup(accountId);
    sim.clearWriteLog();
    sim.setFaults(fault);
    const { id } = await outbox.enqueue(request);
    const report = await outbox.flush({ timeoutMs: 15_000 });
    expect(report, JSON.stringify(outbox.get(id))).toMatchObject({ settled: true, pending: 0, failed: 0, conflicts: 0 });
    expect(outbox.get(id)?.state).toBe('sent');
    expect(appliedWrites()).toBe(1);
  });

  it('survives a process that stops mid-request after the commit, reopened from its file', async () => {
    home = makeTempDir('statusdesk-matrix-');
    const first = await open();
    const request = kind.setup(first.accountId);
    sim.clearWriteLog();
    sim.setFaults({ ...ONCE, answerDelayAfterCommitMs: 5_000 });
    const { id } = await first.outbox.enqueue(request);
    await until(() => appliedWrites() === 1, 'the server to commit');
    await first.outbox.stop({ abortAfterMs: 0 });
    outbox = undefined;
    const { accounts } = simAccounts(sim);
    // The restarted app finds the same account by id: reuse the first one's.
    const reopened = await openTestOutbox(home.dir, {
      ...accounts,
      account: (a) => (a === first.accountId ? { id: a, region: 'custom', baseUrl: sim.baseUrl } : null),
      apiKey: async () => sim.keys.demoReadWrite,
    });
    outbox = reopened;
    reopened.start();
    const report = await reopened.flush({ timeoutMs: 15_000 });
    expect(report).toMatchObject({ settled: true, pending: 0, failed: 0 });
    expect(reopened.get(id)?.state).toBe('sent');
    expect(appliedWrites()).toBe(1);
  });
});

describe('in order, whatever the fault', () => {
  it.each(Object.entries(FAULTS))('%s on the create: create, then two updates, each once, in order', async (_fault, fault) => {
    home = makeTempDir('statusdesk-matrix-');
    const { accountId, outbox } = await open();
    sim.clearWriteLog();
    sim.setFaults(fault);
    const created = await outbox.enqueue(KINDS['incident create']!.setup(accountId));
    await outbox.enqueue(write(accountId, 'addIncidentUpdate', { incidentId: created.tempId!, update: { type: 'update', description: 'Second' } }));
    await outbox.enqueue(write(accountId, 'addIncidentUpdate', { incidentId: created.tempId!, update: { type: 'resolved', description: 'Third' } }));
    const report = await outbox.flush({ timeoutMs: 15_000 });
    expect(report).toMatchObject({ settled: true, sent: 3, pending: 0, failed: 0 });
    const log = sim.writeLog();
    expect(log.map((w) => w.op)).toEqual(['incidents.create', 'incidents.updates.create', 'incidents.updates.create']);
    expect(log.slice(1).map((w) => (w.body as { update: { description: string } }).update.description)).toEqual(['Second', 'Third']);
    expect(log[1]!.path).toContain(`/incidents/${log[0]!.resultId}/updates`);
  });
});

describe('the rest of the world', () => {
  it.each([
    ['ahead of', -HOUR],
    ['behind', HOUR],
  ])('a computer clock an hour %s the server, reset after commit: created once', async (_name, offset) => {
    home = makeTempDir('statusdesk-matrix-');
    sim.setClock(Date.now() + offset);
    const { accountId, outbox } = await open();
    sim.clearWriteLog();
    sim.setFaults({ ...ONCE, dropAfterCommitRate: 1 });
    const { id } = await outbox.enqueue(KINDS['incident create']!.setup(accountId));
    await outbox.flush({ timeoutMs: 15_000 });
    expect(outbox.get(id)?.state).toBe('sent');
    expect(appliedWrites()).toBe(1);
  });

  it('429 without Retry-After: waits the default pause, then sends once', async () => {
    home = makeTempDir('statusdesk-matrix-');
    const { accountId, outbox } = await open();
    sim.clearWriteLog();
    sim.setFaults({ ...ONCE, errorRates: { 429: 1 }, retryAfterSeconds: null });
    const { id } = await outbox.enqueue(KINDS['incident create']!.setup(accountId));
    await outbox.flush({ timeoutMs: 15_000 });
    expect(outbox.get(id)?.state).toBe('sent');
    expect(appliedWrites()).toBe(1);
  });

  it('the real figures: a 30 s answer to a create against the command line 10 s timeout, created once', async () => {
    home = makeTempDir('statusdesk-matrix-');
    const { accountId, outbox } = await open(10_000);
    sim.clearWriteLog();
    sim.setFaults({ ...ONCE, answerDelayAfterCommitMs: 30_000 });
    const { id } = await outbox.enqueue(KINDS['incident create']!.setup(accountId));
    await outbox.flush({ timeoutMs: 20_000 });
    expect(outbox.get(id)?.state).toBe('sent');
    expect(appliedWrites()).toBe(1);
  });

  it.each([
    ['408 after commit', { statusAfterCommit: 408 }],
    ['429 after commit', { statusAfterCommit: 429 }],
    ['a reset after commit', { dropAfterCommitRate: 1 }],
  ])('a delete whose first answer was %s and whose retry answers 404 is done, not failed', async (_name, fault) => {
    home = makeTempDir('statusdesk-matrix-');
    const { accountId, outbox } = await open();
    const request = KINDS['incident delete']!.setup(accountId);
    sim.clearWriteLog();
    sim.setFaults({ ...ONCE, ...fault });
    const { id } = await outbox.enqueue(request);
    const report = await outbox.flush({ timeoutMs: 15_000 });
    expect(report, JSON.stringify(outbox.get(id))).toMatchObject({ settled: true, sent: 1, failed: 0 });
    expect(outbox.get(id)).toMatchObject({ state: 'sent', result: { alreadyDone: true } });
    expect(appliedWrites()).toBe(1);
  });

  it('a captive portal that redirects to its login page: offline (not failed) while it lasts, then sent once', async () => {
    home = makeTempDir('statusdesk-matrix-');
    const { accountId, outbox } = await open();
    sim.clearWriteLog();
    // Every request, the probes' too, goes to the portal for a while.
    sim.setFaults({ captivePortalRedirectRate: 1, times: 4 });
    const seen: { state: string; status?: number }[] = [];
    const offline: string[] = [];
    outbox.onChange((change) => {
      if (change.type === 'entry')
        seen.push({ state: change.entry.state, ...(change.entry.lastError?.status ? { status: change.entry.lastError.status } : {}) });
      if (change.type === 'status') offline.push(change.status.connectivity.overall);
    });
    const { id } = await outbox.enqueue(KINDS['incident create']!.setup(accountId));
    await until(() => outbox.get(id)?.state === 'sent', 'the write to be sent once the portal lets go');
    expect(seen).toContainEqual({ state: 'pending', status: 302 });
    expect(seen.map((s) => s.state)).not.toContain('failed');
    expect(offline).toContain('offline');
    expect(appliedWrites()).toBe(1);
  });

  it.each([
    [422, { incident: { type: 'major', title: 'x'.repeat(300) } }],
    [404, null],
  ])('a refusal (%i) is kept in Failed with the server reason, and nothing is applied', async (status, body) => {
    home = makeTempDir('statusdesk-matrix-');
    const { accountId, outbox } = await open();
    sim.clearWriteLog();
    sim.setFaults({ ...ONCE, errorRates: { [status]: 1 } });
    const request = body
      ? write(accountId, 'createIncident', body)
      : write(accountId, 'addIncidentUpdate', { incidentId: 999_999, update: { type: 'update', description: 'x' } });
    const { id } = await outbox.enqueue(request);
    const report = await outbox.flush({ timeoutMs: 15_000 });
    expect(report).toMatchObject({ failed: 1, sent: 0 });
    expect(outbox.get(id)).toMatchObject({ state: 'failed', lastError: { status, message: expect.stringMatching(new RegExp(String(status))) } });
    expect(appliedWrites()).toBe(0);
  });
});

/*
 * The look-up after an unknown outcome against what the contract leaves open: a server that keeps
 * text its own way (trimmed, squished, sanitised and re-escaped: the simulator's `normalised` text style), and a
 * second writer whose look-alike of our write appears just before our send or our retry.
 */
const UNTIDY: Record<string, WriteKind> = {
  'incident create': {
    setup: (a) =>
      write(a, 'createIncident', {
        incident: {
          type: 'major',
          title: '  Checkout   down\t',
          service_ids: [2],
          updates: [{ type: 'issue', description: '  Investigating <b>now</b>.<script>track()</script>\n\n\nFish & chips <br/> too ' }],
        },
      }),
  },
  'notice create': {
    setup: (a) =>
      write(a, 'createInfoNotice', {
        info_notice: { title: ' New  status page address ', updates: [{ description: '<p>We moved.</p><p>See you &amp; there</p>' }] },
      }),
  },
  'incident update': {
    setup: (a) =>
      write(a, 'addIncidentUpdate', {
        incidentId: incidentWithUpdate().incidentId,
        update: { type: 'monitoring', description: ' Fix <em>deployed</em>  & watching ' },
      }),
  },
  'service create (admin)': { setup: (a) => write(a, 'addService', { service: { name: ' Billing   API ', description: 'Invoices <i>&</i> receipts' } }) },
};

const UNKNOWN_AFTER_COMMIT: Record<string, FaultRule> = {
  'reset after commit': { ...ONCE, dropAfterCommitRate: 1 },
  '500 after commit': { ...ONCE, statusAfterCommit: 500 },
  'empty 200 body (committed)': { ...ONCE, emptyBodyAfterCommitRate: 1 },
  'answer after the timeout (committed)': { ...ONCE, answerDelayAfterCommitMs: REQUEST_TIMEOUT_MS * 3 },
};

describe.each(Object.entries(UNTIDY))('a server that trims, squishes and sanitises text: %s', (_kind, kind) => {
  it.each(Object.entries(UNKNOWN_AFTER_COMMIT))('%s: found by the look-up, applied exactly once', async (_fault, fault) => {
    home = makeTempDir('statusdesk-matrix-');
    sim.setTextStyle('normalised');
    const { accountId, outbox } = await open();
    const request = kind.setup(accountId);
    sim.clearWriteLog();
    sim.setFaults(fault);
    const { id } = await outbox.enqueue(request);
    const report = await outbox.flush({ timeoutMs: 15_000 });
    expect(report, JSON.stringify(outbox.get(id))).toMatchObject({ settled: true, pending: 0, failed: 0, conflicts: 0 });
    expect(outbox.get(id)?.state).toBe('sent');
    expect(appliedWrites()).toBe(1);
    expect(outbox.get(id)?.result?.id).toBe(sim.writeLog()[0]!.resultId);
  });
});

describe('a second writer with a look-alike of our create', () => {
  const OURS = { type: 'minor', title: 'Checkout down', service_ids: [2], updates: [{ type: 'issue', description: 'Investigating' }] };
  const INCIDENTS = '/status_pages/acme/incidents';
  const ourCreate = (accountId: string) => write(accountId, 'createIncident', { incident: OURS });
  const created = () => sim.writeLog({ op: 'incidents.create' });
  const onServer = async () =>
    ((await (await fetch(`${sim.baseUrl}${INCIDENTS}?limit=100`)).json()) as { incidents: { id: number; title: string }[] }).incidents;

  it('its look-alike on other services, made just before our retry, is not taken for ours: ours is created, once', async () => {
    home = makeTempDir('statusdesk-matrix-');
    const { accountId, outbox } = await open();
    sim.clearWriteLog();
    sim.setFaults([
      { ...ONCE, resetRate: 1 },
      // The look-up's list: the colleague's incident lands just before it is answered.
      { method: 'GET', pathPrefix: INCIDENTS, times: 1, secondWriter: { path: INCIDENTS, body: { incident: { ...OURS, service_ids: [1] } } } },
    ]);
    const { id } = await outbox.enqueue(ourCreate(accountId));
    const report = await outbox.flush({ timeoutMs: 15_000 });
    expect(report, JSON.stringify(outbox.get(id))).toMatchObject({ settled: true, pending: 0, failed: 0, conflicts: 0 });
    expect(created()).toHaveLength(1);
    expect(outbox.get(id)?.result?.id).toBe(created()[0]!.resultId);
    expect((await onServer()).filter((i) => i.title === 'Checkout down')).toHaveLength(2);
  });

  it('its look-alike on other services, made as we send, while ours is cut off: ours is created, once', async () => {
    home = makeTempDir('statusdesk-matrix-');
    const { accountId, outbox } = await open();
    sim.clearWriteLog();
    sim.setFaults({ ...ONCE, resetRate: 1, secondWriter: { changes: { service_ids: [1] } } });
    const { id } = await outbox.enqueue(ourCreate(accountId));
    await outbox.flush({ timeoutMs: 15_000 });
    expect(outbox.get(id)?.state).toBe('sent');
    expect(created()).toHaveLength(1);
    expect(outbox.get(id)?.result?.id).toBe(created()[0]!.resultId);
  });

  it('an identical one made before our send, ours not applied: held as "needs a look", never adopted; Send mine creates ours once', async () => {
    home = makeTempDir('statusdesk-matrix-');
    // Made a minute ago: the server's clock is set back for it only.
    const now = sim.now();
    sim.setClock(now.getTime() - 60_000);
    const theirs = sim.openIncident({ page: 'acme', type: 'minor', title: 'Checkout down', services: [2], message: 'Investigating' });
    sim.setClock(now);
    const { accountId, outbox } = await open();
    sim.clearWriteLog();
    sim.setFaults({ ...ONCE, resetRate: 1 });
    const { id, tempId } = await outbox.enqueue(ourCreate(accountId));
    await outbox.enqueue(write(accountId, 'addIncidentUpdate', { incidentId: tempId!, update: { type: 'update', description: 'Still on it' } }));
    const report = await outbox.flush({ timeoutMs: 15_000 });
    expect(report).toMatchObject({ settled: true, conflicts: 1, needsLook: 1, waiting: { order: 1 } });
    expect(outbox.get(id)).toMatchObject({ state: 'needs_look', lookup: { reason: 'before_send', candidates: [{ id: theirs.id }] } });
    expect(created()).toHaveLength(0);

    await outbox.resolveLookup({ id, choice: 'send_mine' });
    expect(await outbox.flush({ timeoutMs: 15_000 })).toMatchObject({ settled: true, sent: 2, pending: 0, conflicts: 0 });
    expect(created()).toHaveLength(1);
    const ours = created()[0]!.resultId;
    expect(ours).not.toBe(theirs.id);
    expect(outbox.get(id)?.result?.id).toBe(ours);
    expect(sim.writeLog({ op: 'incidents.updates.create' })[0]!.path).toContain(`/incidents/${ours}/updates`);
  });

  it('an identical one made as we send, ours applied too: two look-alikes after our send are put to the user; It is mine takes ours', async () => {
    home = makeTempDir('statusdesk-matrix-');
    const { accountId, outbox } = await open();
    sim.clearWriteLog();
    sim.setFaults({ ...ONCE, dropAfterCommitRate: 1, secondWriter: {} });
    const { id, tempId } = await outbox.enqueue(ourCreate(accountId));
    await outbox.enqueue(write(accountId, 'addIncidentUpdate', { incidentId: tempId!, update: { type: 'update', description: 'Still on it' } }));
    await outbox.flush({ timeoutMs: 15_000 });
    const held = outbox.get(id)!;
    expect(held).toMatchObject({ state: 'needs_look', lookup: { reason: 'several' } });
    const ours = created()[0]!.resultId!;
    expect(held.lookup!.candidates.map((c) => c.id).sort()).toEqual([Number(ours) - 1, ours].sort());

    await expect(outbox.resolveLookup({ id, choice: 'mine', candidateId: 999_999 })).rejects.toThrow(/not one of the candidates/);
    await outbox.resolveLookup({ id, choice: 'mine', candidateId: ours });
    expect(await outbox.flush({ timeoutMs: 15_000 })).toMatchObject({ settled: true, sent: 1, pending: 0, conflicts: 0 });
    expect(outbox.get(id)).toMatchObject({ state: 'sent', result: { id: ours } });
    expect(created()).toHaveLength(1);
    expect(sim.writeLog({ op: 'incidents.updates.create' })[0]!.path).toContain(`/incidents/${ours}/updates`);
  });
});
