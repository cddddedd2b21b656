import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import type { LinkedIncidents } from './linked-incidents';

/** The group's channels but the writes to several pages (linked-post-handlers.ts). */
export function linkedIncidentsHandlers(store: LinkedIncidents): Omit<GroupHandlers<IpcContract, 'linked'>, 'linked.createOnAll' | 'linked.postToAll'> {
  return {
    'linked.groups': () => store.groups(),
    'linked.record': (input) => store.record(input),
    'linked.addMembers': (input) => store.addMembers(input),
    'linked.markDeleted': (input) => store.markDeleted(input),
    'linked.mapping': (pair) => store.mapping(pair),
    'linked.saveMapping': (mapping) => store.saveMapping(mapping),
  };
}
