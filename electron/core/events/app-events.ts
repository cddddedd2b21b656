import type { IpcContract } from '@shared/ipc/contract';
import type { EventKeys, PayloadOf } from '@shared/ipc/define';
import type { NotificationIntent } from '@shared/monitor/notification-intent';
import type { PageState } from '@shared/monitor/page-state';
import type { TrayModel } from '@shared/monitor/tray';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { PagePoll } from '@core/monitor/monitor-options';
import { TypedEvents, type TypedEventsOptions } from './typed-events';

/**
 * What the windows are told, under the IPC contract's event channel names (the contract holds their schemas):
 * the window push (ipc/window-push.ts) subscribes to each of them.
 */
export type WindowEvents = { [K in EventKeys<IpcContract>]: PayloadOf<IpcContract, K> };

/** The server confirmed one of our writes. */
interface WriteSent {
  entry: OutboxEntryView;
  /** The server's whole answer as the outbox kept it (the created or changed object); undefined when not kept. */
  answer: unknown;
}

/** What happens inside the main process only. */
export type CoreEvents = {
  /** Every page state the monitor reports (a poll, a change of settings). */
  'monitor.state': PageState;
  /** An event worth a desktop notification, after the user's preferences, mutes and snoozes. */
  'monitor.notify': NotificationIntent;
  /** Every poll that produced events, with its page, whatever the user's mutes (the team alerts). */
  'monitor.poll': PagePoll;
  /** The tray's model, drawn again. */
  'monitor.tray': TrayModel;
  /** Sent by the outbox after the server answered (the entry's `state` is sent). */
  'outbox.writeSent': WriteSent;
  /** The outbox opened, with every entry it holds (creates sent while the app was closed among them). */
  'outbox.opened': { entries: readonly OutboxEntryView[] };
  /** An account's pages changed in settings behind the monitor's back (the account moved). */
  'accounts.pagesChanged': { accountId: string };
  /** An account's key was replaced. */
  'accounts.keyChanged': { accountId: string };
  /** The zone the tray's times are shown in changed. */
  'desktop.timeZoneChanged': { timeZone: string };
};

/** The app's event map: event name → payload. */
export type AppEvents = WindowEvents & CoreEvents;

/** The app's bus: features publish to it, the reactions (electron/core/reactions/) and the window push subscribe. */
export type AppBus = TypedEvents<AppEvents>;

export function createAppBus(options: TypedEventsOptions = {}): AppBus {
  return new TypedEvents<AppEvents>(options);
}
