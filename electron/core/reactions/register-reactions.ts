import type { AppPorts } from '@core/app-core-options';
import type { AppBus } from '@core/events/app-events';
import type { Alerts } from '@core/alerts/alerts-feature';
import type { CriticalAlerts } from '@core/critical/critical-alerts';
import type { HistoryFeature } from '@core/history/history-feature';
import type { LinkedIncidents } from '@core/incidents/linked-incidents';
import type { CoreLog } from '@core/logging/core-log';
import type { MonitorFeature } from '@core/monitor/monitor-feature';
import type { OwnWrites } from '@core/monitor/own-writes';
import type { OutboxFeature } from '@core/outbox/outbox-feature';
import { accountChanges } from './account-changes';
import { afterWriteSentCheckPage, type CheckPageAfterSend } from './after-write-sent-check-page';
import { afterWriteSentMarkOwnWrite } from './after-write-sent-mark-own-write';
import { afterWriteSentReconcileLinked } from './after-write-sent-reconcile-linked';
import { logAppEvents } from './log-app-events';
import { monitorToHistory } from './monitor-to-history';
import { monitorToNotification } from './monitor-to-notification';
import { monitorToTeamAlerts } from './monitor-to-team-alerts';
import { monitorToTray, type TrayDrawing } from './monitor-to-tray';
import { openTargetAcknowledgesCritical } from './open-target-acknowledges-critical';
import { trayFollowsSnoozesAndZone } from './tray-follows-snoozes-and-zone';

interface ReactionDeps {
  log: CoreLog;
  monitor: MonitorFeature;
  outbox: OutboxFeature;
  history: HistoryFeature;
  critical: CriticalAlerts;
  linkedIncidents: LinkedIncidents;
  alertsRouting: Alerts;
  ownWrites: OwnWrites;
  serverOfAccount: (accountId: string) => string | null;
  ports: AppPorts | undefined;
  /** Where a reaction's own failure (a poll, a reconcile) is written. */
  problemLog?: (message: string) => void;
}

/** The registered reactions; the two that hold state say what they hold. */
export interface Reactions {
  checkPage: CheckPageAfterSend;
  tray: TrayDrawing;
  stop(): void;
}

/**
 * Every reaction of the app to its own events, in the order each event's subscribers run: the log first, then
 * what follows from it. After a write is sent: its echo is marked ours before its page is checked.
 */
export function registerReactions(bus: AppBus, deps: ReactionDeps): Reactions {
  const log = deps.problemLog === undefined ? {} : { log: deps.problemLog };
  const stops = [
    logAppEvents(bus, deps.log),
    afterWriteSentMarkOwnWrite(bus, { ownWrites: deps.ownWrites, serverOfAccount: deps.serverOfAccount }),
    afterWriteSentReconcileLinked(bus, { linkedIncidents: deps.linkedIncidents, ...log }),
  ];
  const checkPage = afterWriteSentCheckPage(bus, { monitor: deps.monitor, serverOfAccount: deps.serverOfAccount, ...log });
  const tray = monitorToTray(bus, deps.ports?.setTray);
  stops.push(
    checkPage.stop,
    tray.stop,
    monitorToHistory(bus, deps.history),
    monitorToTeamAlerts(bus, deps.alertsRouting),
    monitorToNotification(bus, { monitor: deps.monitor, critical: deps.critical, notify: deps.ports?.notify }),
    trayFollowsSnoozesAndZone(bus, deps.monitor),
    accountChanges(bus, { monitor: deps.monitor, outbox: deps.outbox, ...log }),
    openTargetAcknowledgesCritical(bus, deps.critical),
  );
  return {
    checkPage,
    tray,
    stop: () => {
      for (const stop of stops.splice(0)) stop();
    },
  };
}
