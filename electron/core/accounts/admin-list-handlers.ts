import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import { listAdminResource } from '@core/use-cases/list-admin-resource';
import type { AccountReads } from './account-reads';

/** The Administration screen's lists: the core's list-admin-resource, read with the account's key. */
export function adminListHandlers(reads: Pick<AccountReads, 'read'>): GroupHandlers<IpcContract, 'admin'> {
  return {
    'admin.list': ({ accountId, ...request }) => listAdminResource((operation, input) => reads.read({ accountId, operation, input }), request),
  };
}
