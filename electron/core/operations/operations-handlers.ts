import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import type { OperationsFeature } from './operations-feature';

export function operationsHandlers(operations: OperationsFeature): GroupHandlers<IpcContract, 'operations'> {
  return {
    'operations.getSettings': () => operations.settingsView(),
    'operations.setSettings': (change) => operations.updateSettings(change),
    'operations.authStatus': () => operations.status(),
    'operations.signIn': (request) => operations.signIn(request?.sessionOnly ? { sessionOnly: true } : {}),
    'operations.cancelSignIn': () => ({ cancelled: operations.auth.cancelSignIn() }),
    'operations.signOut': () => operations.signOut(),
    'operations.pasteToken': ({ token }) => operations.pasteToken(token),
    'operations.clearPastedToken': () => operations.clearPastedToken(),
    'operations.useAdc': ({ enabled }) => operations.useAdc(enabled),
    'operations.forget': async ({ names, concurrency, requestId }) => ({
      results: await operations.forgetNames(names, {
        ...(concurrency === undefined ? {} : { concurrency }),
        ...(requestId === undefined ? {} : { requestId }),
      }),
    }),
    'operations.history': () => ({ entries: operations.historyEntries() }),
    'operations.clearHistory': () => ({ cleared: operations.clearHistory() }),
  };
}
