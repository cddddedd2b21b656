import type { AppBus } from '@core/events/app-events';
import type { CoreLog } from '@core/logging/core-log';

/** The app's log hears the monitor's events, the outbox's changes, the updater and the problems told to the user. */
export function logAppEvents(bus: AppBus, log: CoreLog): () => void {
  const stops = [
    bus.subscribe('app.onProblem', (problem) => log.line('warn', `problem: ${problem.message}`, problem.message)),
    bus.subscribe('monitor.onEvent', (event) => log.monitorEvent(event)),
    bus.subscribe('outbox.onChange', (change) => log.outboxChange(change)),
    bus.subscribe('updates.onStatus', (status) => log.updates(status)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
