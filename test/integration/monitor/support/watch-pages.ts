import { afterEach } from 'vitest';
import { MonitorService } from '../../../../electron/core/monitor/monitor-service';
import { monitorEventSchema, type MonitorEvent } from '../../../../shared/monitor/events';
import type { WatchedPage } from '../../../../shared/monitor/watched-page';

/**
 * A monitor over `pages` with no start spread, jitter or real backoff, polled once; every event it emits is
 * checked against the event schema. Stopped and settled after each test of the file that calls this.
 */
export function pageWatcher(): (pages: WatchedPage[]) => Promise<{ monitor: MonitorService; events: MonitorEvent[] }> {
  const running: MonitorService[] = [];
  afterEach(async () => {
    for (const monitor of running.splice(0).reverse()) {
      monitor.stop();
      await monitor.settled();
    }
  });
  return async (pages) => {
    const events: MonitorEvent[] = [];
    const monitor = new MonitorService({
      pages,
      tuning: { startSpreadMs: 0, jitterRatio: 0, backoffBaseMs: 1, backoffMaxMs: 1 },
      onEvent: (event) => events.push(monitorEventSchema.parse(event)),
    });
    running.push(monitor);
    monitor.start();
    await monitor.pollNow();
    return { monitor, events };
  };
}
