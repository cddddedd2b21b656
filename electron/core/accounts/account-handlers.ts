import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import type { AccountsService } from './accounts-service';

export function accountHandlers(accounts: AccountsService): GroupHandlers<IpcContract, 'accounts'> {
  return {
    'accounts.list': () => accounts.list(),
    'accounts.add': (input) => accounts.add(input, { watchItsPage: true }),
    'accounts.update': (change) => accounts.update(change),
    'accounts.remove': ({ id }) => accounts.remove(id),
    'accounts.testConnection': ({ id }) => accounts.testConnection(id),
    'accounts.check': (input) => accounts.checkBeforeSave(input),
  };
}
