import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LinkedGroup } from '../../../shared/incidents/linked-incidents';
import type { PostToLinkedResult } from '../../../shared/incidents/linked-post';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { tempIdFor } from '../../../shared/outbox/temp-id';
import { postToLinkedPages } from '../../../electron/core/use-cases/post-to-linked-pages';
import { appCoreOnSimulator } from '../../support/app-core-on-simulator';

/*
 * Post to every page of a linked incident, the core's one use case, on the real core and the Statuspal
 * simulator: the window's `linked.postToAll` skips its own page, a deleted one and one whose create was
 * discarded, queues one write per other page by its incident's id now, and a refused page is reported while the
 * others go on; called as the command line calls it, the page posted from goes first.
 */

const app = appCoreOnSimulator({ home: 'statusdesk-post-linked-' });
const { ask } = app;

interface Page {
  accountId: string;
  subdomain: string;
}

async function addPage(name: string, subdomain: string): Promise<Page> {
  return { accountId: await app.addAccount({ name, subdomain }), subdomain };
}

async function queue(page: Page, operation: string, input: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  await ask('outbox.enqueue', { id, accountId: page.accountId, operation, input: { subdomain: page.subdomain, ...input } });
  return id;
}

const updatesOf = (subdomain: string, id: number | string) =>
  app.sim
    .writeLog({ method: 'POST' })
    .filter((w) => w.path.endsWith(`/status_pages/${subdomain}/incidents/${id}/updates`))
    .map((w) => (w.body as { update: { type: string; translations?: unknown } }).update);

const incident = { type: 'major', title: 'Checkout failing', updates: [{ type: 'issue', description: 'Looking.' }] };

/** Three pages with an incident each (the third's create discarded, never sent) and a fourth deleted, in one group. */
async function linkedOnFourPages() {
  app.open();
  const us = await addPage('Acme US', 'acme');
  const eu = await addPage('Acme EU', 'acme-eu');
  const third = await addPage('Acme Three', 'acme-three');
  const gone = await addPage('Acme Gone', 'acme-gone');
  const usCreate = await queue(us, 'createIncident', { incident });
  const euCreate = await queue(eu, 'createIncident', { incident });
  await ask('outbox.flush');
  const entries = await ask<OutboxEntryView[]>('outbox.list');
  const usId = entries.find((e) => e.id === usCreate)!.serverId!;
  const group = await ask<LinkedGroup>('linked.record', {
    title: 'Checkout failing',
    members: [
      { ...us, incidentId: usId, serviceIds: [] },
      // Still named by its temp id, as a group recorded before the send was heard of.
      { ...eu, incidentId: tempIdFor(euCreate), serviceIds: [] },
      { ...third, incidentId: tempIdFor(randomUUID()), serviceIds: [] },
      { ...gone, incidentId: 99, serviceIds: [] },
    ],
  });
  await ask('linked.markDeleted', { ...gone, incidentIds: [99] });
  const euId = entries.find((e) => e.id === euCreate)!.serverId!;
  return { us, eu, group, usId, euId };
}

describe('post to every linked page', () => {
  it("the window's post: its own page and a deleted one get nothing, a discarded create is skipped, the other page gets one write by its server id", async () => {
    const { us, eu, group, euId } = await linkedOnFourPages();
    const update = { type: 'resolved', description: 'Fixed.', translations: { de: { description: 'Behoben.' } } };

    const { pages } = await ask<PostToLinkedResult>('linked.postToAll', { groupId: group.id, page: us, update });
    expect(pages.map((p) => [p.subdomain, p.incidentId, p.state])).toEqual([
      ['acme-eu', euId, 'queued'],
      ['acme-three', group.members[2]!.incidentId, 'skipped'],
    ]);
    expect(pages[1]!.reason).toMatch(/create was discarded/);
    const written = (await ask<OutboxEntryView[]>('outbox.list')).filter((e) => e.operation === 'addIncidentUpdate');
    expect(written.map((e) => [e.id, e.accountId, e.input.incidentId])).toEqual([[pages[0]!.entryId, eu.accountId, euId]]);

    // A second try with the page done already queues nothing again; "Try again for" the third page tries that one only.
    expect((await ask<PostToLinkedResult>('linked.postToAll', { groupId: group.id, page: us, update, done: [eu] })).pages.map((p) => p.subdomain)).toEqual([
      'acme-three',
    ]);
    expect((await ask<PostToLinkedResult>('linked.postToAll', { groupId: group.id, page: us, update, only: eu, done: [eu] })).pages).toEqual([]);

    await ask('outbox.flush');
    expect(updatesOf('acme-eu', euId)).toEqual([{ type: 'resolved', description: 'Fixed.' }]);
  });

  it('as the command line calls it: the page posted from first, one write each, a refused page reported while the others go on', async () => {
    const { eu, group, usId, euId } = await linkedOnFourPages();
    const accounts = await ask<Array<{ id: string; name: string }>>('accounts.list');
    const refused = new Set(['acme']);
    const reports = await postToLinkedPages(
      {
        group: (await ask<LinkedGroup[]>('linked.groups'))[0]!,
        from: eu,
        includeFrom: true,
        update: { type: 'update', description: 'Rolling out.' },
        entries: null,
      },
      {
        accountOf: (id) => accounts.find((a) => a.id === id) ?? null,
        queue: async (write) => {
          if (refused.delete(write.input.subdomain)) throw new Error('the server refused the data (422)');
          return ask<{ id: string }>('outbox.enqueue', { id: randomUUID(), ...write });
        },
      },
    );
    // Without the outbox's entries: each member's id as the group keeps it, nothing told dropped (the outbox itself refuses a temp id it has no create for).
    expect(reports.map((r) => [r.member.subdomain, r.incidentId, r.state])).toEqual([
      ['acme-eu', euId, 'queued'],
      ['acme', usId, 'failed'],
      ['acme-three', group.members[2]!.incidentId, 'failed'],
    ]);
    expect(reports.map((r) => (r.state === 'failed' ? r.reason : ''))).toEqual([
      '',
      'the server refused the data (422)',
      `outbox.enqueue: The write refers to ${group.members[2]!.incidentId}, which is not in the outbox.`,
    ]);
  });
});
