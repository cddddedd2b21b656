import { describe, expect, it, vi } from 'vitest';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { appCoreOnSimulator } from '../../support/app-core-on-simulator';

/*
 * A revoked key, then fixed. Five queued writes failed with a clear 401, but after the key was
 * replaced they stayed failed, and only `outbox retry <id>`, one at a time, sent them. Now the writes refused for
 * the key go back to waiting when the account's key is replaced (AccountsService → AppCore → the outbox), their
 * message says so, and Retry all sends every failed write again. Through the window's IPC, on the real core.
 */

const app = appCoreOnSimulator({ home: 'statusdesk-key-replaced-' });
const { ask } = app;

const created = () => app.sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as { incident: { title: string } }).incident.title);
const states = async () => (await ask<OutboxEntryView[]>('outbox.list')).map((e) => e.state);

async function queueCreates(accountId: string, titles: string[]): Promise<void> {
  for (const title of titles) {
    await ask('outbox.enqueue', { accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title } } });
  }
}

describe('writes refused for the key', () => {
  it('fail saying what to do, and go back to waiting (and out) when the account key is replaced in Settings', async () => {
    app.open();
    const accountId = await app.addAccount({ apiKey: 'a-key-the-server-revoked-0000' });
    const titles = ['One', 'Two', 'Three', 'Four', 'Five'];
    await queueCreates(accountId, titles);
    await ask('outbox.flush');
    const failed = await ask<OutboxEntryView[]>('outbox.list');
    expect(failed.map((e) => [e.state, e.lastError?.status])).toEqual(titles.map(() => ['failed', 401]));
    for (const entry of failed) expect(entry.lastError!.message).toMatch(/\(401\); replace the key in Settings and it is sent again$/);
    expect(created()).toEqual([]);

    await ask('accounts.update', { id: accountId, apiKey: app.sim.keys.demoReadWrite });
    await vi.waitFor(async () => expect(await states()).toEqual(titles.map(() => 'sent')), { timeout: 10_000 });
    expect(created()).toEqual(titles);
  });

  it('Retry all sends every failed write again, as it is', async () => {
    app.open();
    const accountId = await app.addAccount();
    // Refused twice by a server having a bad moment (400), then accepted.
    app.sim.setFaults({ method: 'POST', errorRates: { 400: 1 }, times: 2 });
    await queueCreates(accountId, ['Alpha', 'Beta']);
    await ask('outbox.flush');
    expect(await states()).toEqual(['failed', 'failed']);

    const retried = await ask<OutboxEntryView[]>('outbox.retryAll');
    expect(retried.map((e) => e.state)).toEqual(['pending', 'pending']);
    await vi.waitFor(async () => expect(await states()).toEqual(['sent', 'sent']), { timeout: 10_000 });
    expect(created()).toEqual(['Alpha', 'Beta']);
    expect(await ask<OutboxEntryView[]>('outbox.retryAll')).toEqual([]);
  });
});
