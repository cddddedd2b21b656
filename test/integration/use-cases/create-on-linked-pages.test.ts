import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CreateOnLinkedRequest, CreateOnLinkedResult } from '../../../shared/incidents/linked-create';
import type { LinkedGroup, LinkedMember } from '../../../shared/incidents/linked-incidents';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { tempIdFor } from '../../../shared/outbox/temp-id';
import { appCoreOnSimulator } from '../../support/app-core-on-simulator';

/*
 * A new incident on several pages, the core's create-on-linked-pages, through the window's `linked.createOnAll`
 * on the real core and the Statuspal simulator (acme, acme-eu, and globex of another organization): once the
 * editor queued its own page's create, each other page gets one create with its services mapped and no
 * translations, however often it is tried; the group is recorded and the mapping remembered; a page the server's
 * check refuses is named with why while the others stay queued, and "Try again for" it adds it to the group.
 */

const app = appCoreOnSimulator({ home: 'statusdesk-create-linked-' });
const { ask } = app;

interface Page {
  accountId: string;
  subdomain: string;
}

async function addPage(name: string, subdomain: string, apiKey?: string): Promise<Page> {
  return { accountId: await app.addAccount({ name, subdomain, ...(apiKey ? { apiKey } : {}) }), subdomain };
}

/** The bodies the server took for new incidents of one page. */
const createdOn = (subdomain: string) =>
  app.sim
    .writeLog({ op: 'incidents.create' })
    .filter((w) => w.path.includes(`/status_pages/${subdomain}/`))
    .map((w) => (w.body as { incident: Record<string, unknown> }).incident);

const incident = {
  type: 'major',
  title: 'Checkout failing',
  service_ids: [2, 5],
  updates: [{ type: 'issue', description: 'Looking.', translations: { de: { description: 'Wir schauen.' } } }],
  translations: { de: { title: 'Kasse gestört' } },
};

/** Three pages, and acme's create queued as its editor queues it: the page the incident is created from. */
async function createdOnAcme() {
  app.open();
  const us = await addPage('Acme US', 'acme');
  const eu = await addPage('Acme EU', 'acme-eu');
  const globex = await addPage('Globex', 'globex', app.sim.keys.otherOrg);
  const id = randomUUID();
  await ask('outbox.enqueue', { id, accountId: us.accountId, operation: 'createIncident', input: { subdomain: 'acme', incident } });
  const here: LinkedMember = { ...us, incidentId: tempIdFor(id), serviceIds: [2, 5] };
  return { us, eu, globex, here };
}

/** The members a result queued, as the window keeps them for its next try. */
const queuedBy = (result: CreateOnLinkedResult): LinkedMember[] =>
  result.pages.flatMap((p) =>
    p.state === 'queued' ? [{ accountId: p.accountId, subdomain: p.subdomain, incidentId: p.incidentId, serviceIds: p.serviceIds }] : [],
  );

describe('create a new incident on linked pages', () => {
  it('creates on the other page once however often tried, its services mapped and no translations; the group and the mapping are kept', async () => {
    const { us, eu, here } = await createdOnAcme();
    const map = { '2': [8], '5': [9, 8] };
    const request: CreateOnLinkedRequest = { page: us, incident, targets: [{ ...eu, map }], queued: [here] };

    const first = await ask<CreateOnLinkedResult>('linked.createOnAll', request);
    expect(first.pages.map((p) => [p.subdomain, p.state])).toEqual([['acme-eu', 'queued']]);
    expect(first.linkError).toBeNull();
    // Each member by its temp id, or its server id once the outbox has sent its create.
    expect(first.group!.members.map((m) => [m.subdomain, m.serviceIds])).toEqual([
      ['acme', [2, 5]],
      ['acme-eu', [8, 9]],
    ]);

    // Tried again with what the first try queued: nothing is created twice, the group is the same.
    const again = await ask<CreateOnLinkedResult>('linked.createOnAll', { ...request, queued: [here, ...queuedBy(first)], groupId: first.group!.id });
    expect(again.pages).toEqual([]);
    expect([again.group!.id, again.group!.members.map((m) => m.subdomain)]).toEqual([first.group!.id, ['acme', 'acme-eu']]);

    await ask('outbox.flush');
    expect(createdOn('acme')).toHaveLength(1);
    expect(createdOn('acme-eu')).toEqual([
      expect.objectContaining({
        title: 'Checkout failing',
        service_ids: [8, 9],
        updates: [expect.objectContaining({ type: 'issue', description: 'Looking.' })],
      }),
    ]);
    expect(JSON.stringify(createdOn('acme-eu'))).not.toMatch(/translations|Kasse|schauen/);
    expect(await ask<LinkedGroup[]>('linked.groups')).toHaveLength(1);
    expect(await ask('linked.mapping', { from: us, to: eu })).toEqual(map);
  });

  it('names a page the server refuses with why while the others stay queued; Try again for it adds it to the group', async () => {
    const { us, eu, globex, here } = await createdOnAcme();
    // Globex has none of the services mapped to it: its create is refused on its server's check, nothing kept.
    const request: CreateOnLinkedRequest = {
      page: us,
      incident,
      targets: [
        { ...globex, map: { '2': [8] } },
        { ...eu, map: { '2': [8] } },
      ],
      queued: [here],
    };
    const first = await ask<CreateOnLinkedResult>('linked.createOnAll', request);
    expect(first.pages.map((p) => [p.subdomain, p.state, p.state === 'failed' ? p.reason : ''])).toEqual([
      ['globex', 'failed', '8: not a service of globex; its services: 10 Portal. Nothing was sent or kept.'],
      ['acme-eu', 'queued', ''],
    ]);
    expect(first.group!.members.map((m) => m.subdomain)).toEqual(['acme', 'acme-eu']);

    // The user maps globex's own service and tries again for it alone.
    const retry = await ask<CreateOnLinkedResult>('linked.createOnAll', {
      ...request,
      targets: [{ ...globex, map: { '2': [10] } }, request.targets[1]],
      queued: [here, ...queuedBy(first)],
      groupId: first.group!.id,
      only: globex,
    });
    expect(retry.pages.map((p) => [p.subdomain, p.state])).toEqual([['globex', 'queued']]);
    expect(retry.group!.members.map((m) => [m.subdomain, m.serviceIds])).toEqual([
      ['acme', [2, 5]],
      ['acme-eu', [8]],
      ['globex', [10]],
    ]);

    await ask('outbox.flush');
    expect([createdOn('acme'), createdOn('acme-eu'), createdOn('globex')].map((bodies) => bodies.length)).toEqual([1, 1, 1]);
    expect((await ask<OutboxEntryView[]>('outbox.list')).filter((e) => e.operation === 'createIncident').map((e) => e.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it("tries no other page before this page's create is queued", async () => {
    const { us, eu } = await createdOnAcme();
    await expect(
      ask('linked.createOnAll', { page: us, incident, targets: [{ ...eu, map: {} }], queued: [{ ...eu, incidentId: 1, serviceIds: [] }] }),
    ).rejects.toThrow("This page's incident is not queued yet");
    await ask('outbox.flush');
    expect(createdOn('acme-eu')).toEqual([]);
  });
});
