import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { tempIdFor } from '../../../shared/outbox/temp-id';
import { appCoreOnSimulator } from '../../support/app-core-on-simulator';

/*
 * Queue a write with its checks, the core's one use case, as the window's `outbox.enqueue` calls it on the
 * Statuspal simulator: an update of an incident the page does not have, or a create naming services it does not
 * have, is refused and nothing is kept; a temp id (its create queued) and a server that cannot be asked pass.
 */

const app = appCoreOnSimulator({ home: 'statusdesk-queue-write-' });
const { ask, dispatch } = app;

describe("the window's writes are checked before they are queued", () => {
  it('refuses an update of a missing incident and unknown services, keeps nothing; a temp id and a known incident pass', async () => {
    app.open();
    const accountId = await app.addAccount();
    const write = (operation: string, input: Record<string, unknown>) =>
      dispatch('outbox.enqueue', { id: randomUUID(), accountId, operation, input: { subdomain: 'acme', ...input } });

    const missing = await write('addIncidentUpdate', { incidentId: 987654, update: { type: 'update', description: 'Still.' } });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_input', status: 404 } });
    expect(!missing.ok && missing.error.message).toBe('There is no incident #987654 on page acme (the server answered 404); nothing was sent or kept.');

    const unknown = await write('createIncident', { incident: { type: 'minor', title: 'Slow', service_ids: [987654] } });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!unknown.ok && unknown.error.message).toMatch(/^987654: not a service of acme; its services: \d+ /);
    expect(await ask<OutboxEntryView[]>('outbox.list')).toEqual([]);

    // A create queued, and an update of it by its temp id: nothing to look up yet.
    const create = await ask<{ id: string }>('outbox.enqueue', {
      id: randomUUID(),
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'Slow', updates: [{ type: 'issue', description: 'Slow.' }] } },
    });
    expect((await write('addIncidentUpdate', { incidentId: tempIdFor(create.id), update: { type: 'update', description: 'Better.' } })).ok).toBe(true);
    await ask('outbox.flush');
    const serverId = (await ask<OutboxEntryView[]>('outbox.list')).find((e) => e.id === create.id)!.serverId!;
    expect((await write('addIncidentUpdate', { incidentId: serverId, update: { type: 'resolved', description: 'Fixed.' } })).ok).toBe(true);

    // A server that cannot be asked says nothing either way: the write is queued, and the server has the last word.
    app.sim.addFault({ method: 'GET', pathPrefix: '/status_pages/acme/incidents/987654', errorRates: { '503': 1 }, times: 1 });
    expect((await write('addIncidentUpdate', { incidentId: 987654, update: { type: 'update', description: 'Still.' } })).ok).toBe(true);
  });
});
