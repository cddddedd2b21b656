import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts';
import { useIncidentPageContext } from '../../../../renderer/src/stores/incident-page-context';
import { useIncidentsStore } from '../../../../renderer/src/stores/incidents';
import { useOutboxStore } from '../../../../renderer/src/stores/outbox';
import { installFakeApi, ok, refused } from '../support/fake-api';
import { account, outboxEntry, uuid } from '../support/fixtures';
import type { StatusPageReadInput, StatusPageReadResult } from '../../../../shared/statuspal/read-request';

/* The incident console: the list of one account's page, kept current by the outbox's sent writes, and the page context beside it. */

const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });
const idle = { pending: 0, inFlight: 0, failed: 0, conflicts: 0, sent: 0, connectivity: { network: true, overall: 'online' as const, servers: [] } };
const incident = (id: number, title: string) => ({ id, type: 'major', title, updates: [] });

/** Answers status page reads by operation; every read is kept. */
function pageReads(answers: Record<string, (input: Record<string, unknown>) => StatusPageReadResult | 'unreachable'>) {
  const seen: StatusPageReadInput[] = [];
  const read = (request?: StatusPageReadInput) => {
    seen.push(request!);
    const answer = answers[request!.operation]?.(request!.input ?? {});
    if (!answer) throw new Error(`unexpected read ${request!.operation}`);
    return answer === 'unreachable' ? refused({ code: 'network', message: 'The server could not be reached.' }) : ok(answer);
  };
  return { read, seen };
}

/** One account whose page lists incident 7 ("Down"), read again as "Down: fixed"; the rest of the page unreachable. */
function consoleWithIncident7() {
  const reads = pageReads({
    listIncidents: () => ({ kind: 'list', items: [incident(7, 'Down')], total: 1, nextCursor: null }),
    getIncident: () => ({ kind: 'item', item: incident(7, 'Down: fixed') }),
    getPageSummary: () => 'unreachable',
    listServices: () => 'unreachable',
  });
  installFakeApi({ statuspal: { read: reads.read }, accounts: { list: () => ok([account(1)]) }, outbox: { list: () => ok([]), status: () => ok(idle) } });
  return reads;
}

afterEach(() => vi.unstubAllGlobals());

describe('incident console store', () => {
  it('reads an item again when its write is sent without an answer, once however often the core pushes it', async () => {
    const reads = consoleWithIncident7();
    testingPinia();
    const incidents = useIncidentsStore();
    await incidents.start();
    expect(incidents.mergedIncidents.map((i) => i.title)).toEqual(['Down']);

    const sent = outboxEntry(3, 'sent', {
      accountId: uuid(1),
      operation: 'updateIncident',
      input: { subdomain: 'page1', incidentId: 7, incident: { title: 'Down: fixed' } },
    });
    useOutboxStore().apply({ type: 'entry', entry: sent });
    useOutboxStore().apply({ type: 'entry', entry: { ...sent, attempts: 1 } });
    await vi.waitFor(() => expect(incidents.lists.incidents.items.map((i) => i.title)).toEqual(['Down: fixed']));
    expect(incidents.mergedIncidents.map((i) => i.title)).toEqual(['Down: fixed']);
    expect(reads.seen.filter((r) => r.operation === 'getIncident')).toHaveLength(1);
  });

  it("shows the server's answer to a sent edit or create as it is, with no second read", async () => {
    const reads = consoleWithIncident7();
    testingPinia();
    const incidents = useIncidentsStore();
    await incidents.start();

    const edited = outboxEntry(3, 'sent', {
      accountId: uuid(1),
      operation: 'updateIncident',
      input: { subdomain: 'page1', incidentId: 7, incident: { title: 'Down: fixed' } },
    });
    useOutboxStore().apply({ type: 'entry', entry: edited, answer: incident(7, 'Down: fixed') });
    const created = outboxEntry(4, 'sent', {
      accountId: uuid(1),
      operation: 'createIncident',
      input: { subdomain: 'page1', incident: { type: 'major', title: 'Slow' } },
      result: { id: 9 },
    });
    useOutboxStore().apply({ type: 'entry', entry: created, answer: incident(9, 'Slow') });
    await vi.waitFor(() => expect(incidents.mergedIncidents.map((i) => i.title)).toEqual(['Slow', 'Down: fixed']));
    expect(reads.seen.filter((r) => r.operation === 'getIncident')).toHaveLength(0);
  });

  it("a window's console hears its own outbox, whatever another window subscribed before (nothing kept outside the store)", async () => {
    consoleWithIncident7();
    testingPinia();
    await useIncidentsStore().start();
    testingPinia();
    const incidents = useIncidentsStore();
    await incidents.start();
    const sent = outboxEntry(3, 'sent', { accountId: uuid(1), operation: 'updateIncident', input: { subdomain: 'page1', incidentId: 7 } });
    useOutboxStore().apply({ type: 'entry', entry: sent });
    await vi.waitFor(() => expect(incidents.lists.incidents.items.map((i) => i.title)).toEqual(['Down: fixed']));
  });

  it("keeps each account's page context, and says why when neither the summary nor the services can be read", async () => {
    const reads = pageReads({ getPageSummary: () => 'unreachable', listServices: () => 'unreachable' });
    installFakeApi({ statuspal: { read: reads.read } });
    testingPinia();
    useAccountsStore().accounts = [account(1)];
    const incidents = useIncidentsStore();
    incidents.accountId = uuid(1);
    await incidents.loadContext(uuid(1));
    expect(incidents.context).toMatchObject({ state: 'error', error: 'the page’s server cannot be reached' });
    expect(useIncidentPageContext().contexts[uuid(1)]).toBe(incidents.contexts[uuid(1)]);
  });

  it('an incident deleted through the console, or found gone on the server, is marked deleted in its linked group', async () => {
    const marked: unknown[] = [];
    const reads = pageReads({
      listIncidents: () => ({ kind: 'list', items: [incident(7, 'Down'), incident(8, 'Slow')], total: 2, nextCursor: null }),
      getPageSummary: () => 'unreachable',
      listServices: () => 'unreachable',
    });
    installFakeApi({
      statuspal: { read: (request) => (request!.operation === 'getIncident' ? refused({ code: 'not_found', message: 'Not found.' }) : reads.read(request)) },
      accounts: { list: () => ok([account(1)]) },
      outbox: { list: () => ok([]), status: () => ok(idle), enqueue: (request) => ok({ id: request!.id!, state: 'pending', resourceKey: 'k' }) },
      linked: {
        markDeleted: (input) => {
          marked.push(input);
          return ok(true);
        },
      },
    });
    testingPinia();
    const incidents = useIncidentsStore();
    await incidents.start();
    await incidents.deleteItem(
      'incidents',
      incidents.mergedIncidents.find((i) => i.id === 7)!,
    );
    await incidents.refreshItem('incidents', 8);
    await vi.waitFor(() =>
      expect(marked).toEqual([
        { accountId: uuid(1), subdomain: 'page1', incidentIds: [7] },
        { accountId: uuid(1), subdomain: 'page1', incidentIds: [8] },
      ]),
    );
    expect(incidents.gone.map((note) => note.id)).toEqual([8]);
  });
});
