import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import type { UpdatesFeature } from './updates-feature';

export function updatesHandlers(updates: UpdatesFeature): GroupHandlers<IpcContract, 'updates'> {
  return {
    'updates.status': () => updates.status(),
    'updates.check': () => updates.check(),
    'updates.setPrefs': (change) => updates.setPrefs(change),
  };
}
