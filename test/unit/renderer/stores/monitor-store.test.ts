import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardView, PageDetail } from '../../../../shared/monitor/dashboard-patch';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts';
import { useMonitorStore } from '../../../../renderer/src/stores/monitor';
import { useOutboxStore } from '../../../../renderer/src/stores/outbox';
import { installFakeApi, ok, refused } from '../support/fake-api';
import { account, card, patch, staleEvent, uuid, view, watchedPage } from '../support/fixtures';

/* The dashboard's mirror of the main process: a whole view on start and after a gap, versioned patches between. */

const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });

/** A snapshot answer the test releases when it wants, to push patches while the view is on its way. */
function heldView() {
  let release: (value: DashboardView) => void = () => undefined;
  const answer = () => new Promise<{ ok: true; value: DashboardView }>((resolve) => (release = (value) => resolve({ ok: true, value })));
  return { answer, release: (value: DashboardView) => release(value) };
}

afterEach(() => vi.unstubAllGlobals());

describe('monitor store', () => {
  it('holds the patches pushed while the view is read, then applies only those newer than the view', async () => {
    const held = heldView();
    const fake = installFakeApi({ monitor: { snapshot: held.answer } });
    testingPinia();
    const monitor = useMonitorStore();
    monitor.listen();
    const resynced = monitor.resync();
    fake.emit('monitor', 'onPatch', patch(6, [card('b', { name: 'B at 6' })]));
    fake.emit('monitor', 'onPatch', patch(5, [card('a', { name: 'A at 5' })]));
    expect(monitor.loaded).toBe(false);

    held.release(view(5, [card('a', { name: 'A in view' }), card('b', { name: 'B in view' })]));
    await resynced;
    expect(monitor.dashboard.version).toBe(6);
    expect(monitor.cards.map((c) => c.name)).toEqual(['A in view', 'B at 6']);
  });

  it('applies the next version, ignores one it has, and reads the whole view again after a gap', async () => {
    const views = [view(1, [card('a')]), view(4, [card('a', { name: 'A at 4' })])];
    const fake = installFakeApi({ monitor: { snapshot: () => ok(views.shift()!) } });
    testingPinia();
    const monitor = useMonitorStore();
    monitor.listen();
    await monitor.resync();
    fake.emit('monitor', 'onPatch', patch(2, [card('a', { name: 'A at 2' })]));
    fake.emit('monitor', 'onPatch', patch(2, [card('a', { name: 'A again' })]));
    expect(monitor.cards[0]!.name).toBe('A at 2');

    fake.emit('monitor', 'onPatch', patch(4, [card('a', { name: 'A at 4, patched' })]));
    await vi.waitFor(() => expect(monitor.dashboard.version).toBe(4));
    expect(monitor.cards[0]!.name).toBe('A at 4');
    expect(fake.calls.filter((c) => c.channel === 'monitor.snapshot')).toHaveLength(2);
  });

  it('a gap whose view cannot be read says why, and the next patch finds the gap again', async () => {
    const answers = [
      ok(view(1, [card('a')])),
      refused({ code: 'internal', message: 'The core did not answer.' }),
      ok(view(5, [card('a', { name: 'A at 5' })])),
    ];
    const fake = installFakeApi({ monitor: { snapshot: () => answers.shift()! } });
    testingPinia();
    const monitor = useMonitorStore();
    monitor.listen();
    await monitor.resync();
    fake.emit('monitor', 'onPatch', patch(3, [card('a')]));
    await vi.waitFor(() => expect(monitor.error).toBe('The core did not answer.'));
    fake.emit('monitor', 'onPatch', patch(4, [card('a')]));
    await vi.waitFor(() => expect(monitor.dashboard.version).toBe(5));
    expect(monitor.cards[0]!.name).toBe('A at 5');
  });

  it("an open card whose detail moved on without a delta reads the page's detail again; a closed one does not", async () => {
    const details: PageDetail[] = [
      { pageId: 'a', version: 1, summary: null },
      { pageId: 'a', version: 2, summary: null },
    ];
    const fake = installFakeApi({
      monitor: { snapshot: () => ok(view(1, [card('a', { detailVersion: 1 }), card('b', { detailVersion: 1 })])), pageDetail: () => ok(details.shift()!) },
    });
    testingPinia();
    const monitor = useMonitorStore();
    monitor.listen();
    await monitor.resync();
    await monitor.openDetail('a');
    expect(monitor.dashboard.details.a?.version).toBe(1);

    fake.emit('monitor', 'onPatch', patch(2, [card('a', { detailVersion: 2 }), card('b', { detailVersion: 2 })]));
    await vi.waitFor(() => expect(monitor.dashboard.details.a?.version).toBe(2));
    expect(fake.calls.filter((c) => c.channel === 'monitor.pageDetail').map((c) => c.request)).toEqual([{ pageId: 'a' }, { pageId: 'a' }]);
    expect(monitor.dashboard.details.b).toBeUndefined();
  });

  it('keeps the newest events first, once each', () => {
    const fake = installFakeApi();
    testingPinia();
    const monitor = useMonitorStore();
    monitor.listen();
    monitor.listen();
    expect(fake.listenerCount('monitor', 'onEvent')).toBe(1);
    fake.emit('monitor', 'onEvent', staleEvent('e1', 'a'));
    fake.emit('monitor', 'onEvent', staleEvent('e2', 'a'));
    fake.emit('monitor', 'onEvent', staleEvent('e1', 'a'));
    expect(monitor.history.map((e) => e.id)).toEqual(['e1', 'e2']);
  });

  it("writes to a watched page only through the page's own account, when it has a key", async () => {
    const fake = installFakeApi({ outbox: { enqueue: () => ok({ id: uuid(9), state: 'pending', resourceKey: 'k' }) } });
    testingPinia();
    useAccountsStore().accounts = [account(1), account(2, { key: { storage: 'none', lastFour: null } })];
    const monitor = useMonitorStore();
    const own = watchedPage(1, { accountId: uuid(1) });
    const keyless = watchedPage(2, { accountId: uuid(2) });
    const provider = watchedPage(3, { accountId: uuid(1), kind: 'provider', url: 'https://status.example.com' });
    monitor.pages = [own, keyless, provider, watchedPage(4)];
    expect(monitor.pages.map((p) => monitor.writerOf(p.id)?.id ?? null)).toEqual([uuid(1), null, null, null]);

    await monitor.postUpdate(own.id, 77, { status: 'monitoring', body: 'Fixed.' });
    expect(fake.calls).toEqual([
      {
        channel: 'outbox.enqueue',
        request: {
          accountId: uuid(1),
          operation: 'addIncidentUpdate',
          input: { subdomain: 'page1', incidentId: 77, update: { status: 'monitoring', body: 'Fixed.' } },
        },
      },
    ]);
    expect(useOutboxStore().byId(uuid(9))?.operation).toBe('addIncidentUpdate');
    await expect(monitor.postUpdate(keyless.id, 77, {})).rejects.toThrow('Only a page of an account with an API key can be written to.');
  });
});
