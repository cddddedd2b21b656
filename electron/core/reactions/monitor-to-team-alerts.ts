import type { AppBus } from '@core/events/app-events';
import type { Alerts } from '@core/alerts/alerts-feature';

/** Each poll's events go to the team's destinations, whatever the desktop user's mutes. */
export function monitorToTeamAlerts(bus: AppBus, alerts: Alerts): () => void {
  return bus.subscribe('monitor.poll', (poll) => alerts.route(poll));
}
