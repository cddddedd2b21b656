import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import type { AlertsApi } from './alerts-api';

/** The Alerts screen's channels, each straight onto the AlertsApi: the rules live there, not here. */
export function alertsHandlers(alerts: AlertsApi): GroupHandlers<IpcContract, 'alerts'> {
  return {
    'alerts.view': () => alerts.view(),
    'alerts.addDestination': (input) => alerts.addDestination(input),
    'alerts.updateDestination': ({ id, patch }) => alerts.updateDestination(id, patch),
    'alerts.removeDestination': ({ id }) => alerts.removeDestination(id),
    'alerts.saveRule': (rule) => alerts.saveRule(rule),
    'alerts.removeRule': ({ id }) => alerts.removeRule(id),
    'alerts.test': ({ destinationId }) => alerts.test(destinationId),
    'alerts.deliveries': (options) => alerts.deliveries(options),
    'alerts.retry': ({ id }) => alerts.retry(id),
    'alerts.dismiss': ({ id }) => alerts.dismiss(id),
  };
}
