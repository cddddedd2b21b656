import { AppError } from '@shared/errors';
import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import type { AccountReads } from '@core/accounts/account-reads';
import type { OutboxFeature } from './outbox-feature';

/** The outbox's channels but the window's enqueue, which checks the write first (core/writes/window-write-handlers.ts). */
export function outboxHandlers(feature: OutboxFeature): Omit<GroupHandlers<IpcContract, 'outbox'>, 'outbox.enqueue'> {
  return {
    'outbox.enqueueMany': ({ writes }) => feature.enqueueMany(writes),
    'outbox.list': async () => (await feature.ready()).list(),
    'outbox.status': async () => (await feature.ready()).status(),
    'outbox.flush': async () => (await feature.ready()).flush({ timeoutMs: 30_000 }),
    'outbox.retry': async ({ id, input }) => (await feature.ready()).retry(id, input),
    'outbox.retryAll': async () => (await feature.ready()).retryAll(),
    'outbox.drop': async ({ id }) => (await feature.ready()).drop(id),
    'outbox.resolveConflict': async ({ id, choice }) => (await feature.ready()).resolveConflict(id, choice),
    'outbox.resolveLookup': async (request) => (await feature.ready()).resolveLookup(request),
    'outbox.result': async ({ id }) => {
      const outbox = await feature.ready();
      if (!outbox.get(id)) throw new AppError('not_found', 'That write is no longer in the outbox.');
      const object = outbox.resultObject(id);
      return { object: object && typeof object === 'object' && !Array.isArray(object) ? (object as Record<string, unknown>) : null };
    },
  };
}

export function statuspalHandlers(reads: AccountReads): GroupHandlers<IpcContract, 'statuspal'> {
  return {
    'statuspal.read': (request) => reads.read(request),
  };
}
