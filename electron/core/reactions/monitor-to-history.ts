import type { AppBus } from '@core/events/app-events';
import type { HistoryFeature } from '@core/history/history-feature';

/** Every page state the monitor reports: the provider history takes its observations from them. */
export function monitorToHistory(bus: AppBus, history: HistoryFeature): () => void {
  return bus.subscribe('monitor.state', (state) => history.observe(state));
}
