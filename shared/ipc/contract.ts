import type { ApiOf } from './define';
import { describeContract } from './define';
import { accountChannels } from './channels/accounts';
import { appChannels } from './channels/app';
import { monitorChannels } from './channels/monitor';
import { outboxChannels } from './channels/outbox';
import { statusPageChannels } from './channels/statuspal';
import { translationChannels } from './channels/translation';
import { operationsChannels } from './channels/operations';
import { updatesChannels } from './channels/updates';
import { incidentsChannels } from './channels/incidents';
import { shortcutsChannels } from './channels/shortcuts';
import { snoozeChannels } from './channels/snooze';
import { criticalChannels } from './channels/critical';
import { diagnosticsChannels } from './channels/diagnostics';
import { historyChannels } from './channels/history';
import { linkedIncidentsChannels } from './channels/linked-incidents';
import { importsChannels } from './channels/imports';
import { alertsChannels } from './channels/alerts';
import { adminChannels } from './channels/admin';

/**
 * The one IPC contract. Each group lives in its own file under channels/; the main process, the preload, the
 * renderer's `window.api` type and the end-to-end harness are all derived from this object.
 */
export const ipcContract = {
  ...appChannels,
  ...accountChannels,
  ...monitorChannels,
  ...outboxChannels,
  ...statusPageChannels,
  ...translationChannels,
  ...operationsChannels,
  ...updatesChannels,
  ...incidentsChannels,
  ...shortcutsChannels,
  ...snoozeChannels,
  ...criticalChannels,
  ...diagnosticsChannels,
  ...historyChannels,
  ...linkedIncidentsChannels,
  ...importsChannels,
  ...alertsChannels,
  ...adminChannels,
} as const;

export type IpcContract = typeof ipcContract;
export type StatusdeskApi = ApiOf<IpcContract>;

export const ipcChannels = describeContract(ipcContract);
