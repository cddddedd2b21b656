import type { IpcContract } from '@shared/ipc/contract';
import { parseSubscriberCsv } from '@shared/admin/subscriber-csv';
import type { GroupHandlers } from '@core/ipc/dispatcher';

/** Imports parse here, with their caps, so a file of junk costs the main process a bounded parse, not the window. */
export function importsHandlers(): GroupHandlers<IpcContract, 'imports'> {
  return {
    'imports.subscribers': ({ text, known }) => parseSubscriberCsv(text, known),
  };
}
