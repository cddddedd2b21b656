import { AppError } from '../../../shared/errors';
import type { IpcContract } from '../../../shared/ipc/contract';
import type { GroupHandlers } from '../ipc/dispatcher';
import type { AccountReads } from '../accounts/account-reads';
import type { OutboxFeature } from './outbox-feature';

export function outboxHandlers(feature: OutboxFeature): GroupHandlers<IpcContract, 'outbox'> {
  return {
    'outbox.enqueue': async (input) => (await feature.service()).enqueue(input),
    'outbox.list': async () => (await feature.service()).list(),
    'outbox.status': async () => (await feature.service()).status(),
    'outbox.flush': async () => (await feature.service()).flush({ timeoutMs: 30_000 }),
    'outbox.retry': async ({ id, input }) => (await feature.service()).retry(id, input),
    'outbox.retryAll': async () => (await feature.service()).retryAll(),
    'outbox.drop': async ({ id }) => (await feature.service()).drop(id),
    'outbox.resolveConflict': async ({ id, choice }) => (await feature.service()).resolveConflict(id, choice),
    'outbox.resolveLookup': async (request) => (await feature.service()).resolveLookup(request),
    'outbox.result': async ({ id }) => {
      const outbox = await feature.service();
      if (!outbox.get(id)) throw new AppError('not_found', 'That write is no longer in the outbox.');
      const object = outbox.resultObject(id);
      return { object: object && typeof object === 'object' && !Array.isArray(object) ? (object as Record<string, unknown>) : null };
    },
  };
}

export function statusPageHandlers(reads: AccountReads): GroupHandlers<IpcContract, 'statuspage'> {
  return {
    'statuspage.read': (request) => reads.read(request),
  };
}
