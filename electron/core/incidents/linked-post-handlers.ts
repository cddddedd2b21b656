import { randomUUID } from 'node:crypto';
import { AppError } from '@shared/errors';
import type { IpcContract } from '@shared/ipc/contract';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { OutboxEnqueueInput } from '@shared/outbox/requests';
import { tempIdFor } from '@shared/outbox/temp-id';
import type { AccountReads } from '@core/accounts/account-reads';
import type { AccountsService } from '@core/accounts/accounts-service';
import type { InvokeHandlers } from '@core/ipc/dispatcher';
import type { OutboxFeature } from '@core/outbox/outbox-feature';
import type { OutboxService } from '@core/outbox/outbox-service';
import { createOnLinkedPages } from '@core/use-cases/create-on-linked-pages';
import { postToLinkedPages } from '@core/use-cases/post-to-linked-pages';
import { queueWindowWrite } from '@core/writes/window-write-handlers';
import type { LinkedIncidents } from './linked-incidents';

interface LinkedPostHandlersOptions {
  linked: Pick<LinkedIncidents, 'groups' | 'record' | 'addMembers' | 'saveMapping'>;
  /** The app's outbox: its entries when open (`ready` says who holds it otherwise), and the window's writes queued. */
  outbox: { ready(): Promise<Pick<OutboxService, 'list'>>; enqueue: OutboxFeature['enqueue'] };
  accounts: Pick<AccountsService, 'record'>;
  /** The account's reads, for each page's write checks. */
  reads: Pick<AccountReads, 'read'>;
}

/**
 * The window's writes to several pages of a linked incident, the core's use cases: a new incident created on the
 * other pages picked, and an update posted to every page; each page's write checked and queued as the window's are.
 */
export function linkedPostHandlers({
  linked,
  outbox,
  accounts,
  reads,
}: LinkedPostHandlersOptions): Pick<InvokeHandlers<IpcContract>, 'linked.createOnAll' | 'linked.postToAll'> {
  const queue = <W extends Omit<OutboxEnqueueInput, 'id'>>(write: W) =>
    queueWindowWrite({ reads, enqueue: (checked) => outbox.enqueue(checked) }, { id: randomUUID(), ...write });
  return {
    'linked.createOnAll': async (request) => {
      const result = await createOnLinkedPages(request, {
        accountOf: (accountId) => accounts.record(accountId),
        queue: async (write) => {
          const queued = await queue(write);
          return { entryId: queued.id, tempId: queued.tempId ?? tempIdFor(queued.id) };
        },
        group: async (groupId) => (await linked.groups()).find((group) => group.id === groupId) ?? null,
        record: (group) => linked.record(group),
        addMembers: (added) => linked.addMembers(added),
        saveMapping: (mapping) => linked.saveMapping(mapping),
      });
      return {
        ...result,
        pages: result.pages.map((report) =>
          report.state === 'queued'
            ? { ...report.member, state: report.state, entryId: report.entryId }
            : { ...report.page, state: report.state, reason: report.reason },
        ),
      };
    },
    'linked.postToAll': async (request) => {
      const group = (await linked.groups()).find((candidate) => candidate.id === request.groupId);
      if (!group) throw new AppError('not_found', 'That linked incident is no longer kept on this computer.');
      const reports = await postToLinkedPages(
        { group, from: request.page, includeFrom: false, update: request.update, entries: await entriesIfOpen(outbox), done: request.done, only: request.only },
        {
          accountOf: (accountId) => accounts.record(accountId),
          queue: (write) => queue(write),
        },
      );
      return {
        pages: reports.map((report) => ({
          accountId: report.member.accountId,
          subdomain: report.member.subdomain,
          incidentId: report.incidentId,
          state: report.state,
          ...(report.state === 'queued' ? { entryId: report.result.id } : { reason: report.reason }),
        })),
      };
    },
  };
}

/** The outbox's entries; null while a command holds it (its writes are kept meanwhile, and temp ids mapped when taken in). */
async function entriesIfOpen(outbox: LinkedPostHandlersOptions['outbox']): Promise<OutboxEntryView[] | null> {
  try {
    return (await outbox.ready()).list();
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return null;
    throw error;
  }
}
