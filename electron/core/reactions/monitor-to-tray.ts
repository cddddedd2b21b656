import type { TrayModel } from '@shared/monitor/tray';
import type { OutboxStatus } from '@shared/outbox/status';
import type { AppBus } from '@core/events/app-events';
import { trayWithOutbox } from '@core/desktop/tray-with-outbox';

export interface TrayDrawing {
  /** The outbox's latest counts, as the tray shows them (diagnostics reads them). */
  outboxStatus(): OutboxStatus | null;
  stop(): void;
}

/** The monitor's tray, with the outbox's waiting writes, is drawn when either changes. */
export function monitorToTray(bus: AppBus, setTray: ((model: TrayModel) => void) | undefined): TrayDrawing {
  let tray: TrayModel | null = null;
  let status: OutboxStatus | null = null;
  const offTray = bus.subscribe('monitor.tray', (model) => {
    tray = model;
    setTray?.(trayWithOutbox(model, status));
  });
  const offStatus = bus.subscribe('outbox.onChange', (change) => {
    if (change.type !== 'status') return;
    status = change.status;
    if (tray) setTray?.(trayWithOutbox(tray, status));
  });
  return {
    outboxStatus: () => status,
    stop: () => {
      offTray();
      offStatus();
    },
  };
}
