import type { OutboxStatus } from '@shared/outbox/status';
import type { TrayModel } from '@shared/monitor/tray';

const MAX_TOOLTIP = 127;

/**
 * Adds the outbox to the monitor's tray model: writes waiting to be sent (and failed or conflicting ones,
 * which need the user) show in the tooltip and as a menu entry that opens the window.
 */
export function trayWithOutbox(model: TrayModel, status: OutboxStatus | null): TrayModel {
  if (!status) return model;
  const waiting = status.pending + status.inFlight;
  const attention = status.failed + status.conflicts;
  if (waiting === 0 && attention === 0) return model;
  const parts: string[] = [];
  if (waiting > 0) parts.push(`${waiting} write${waiting === 1 ? '' : 's'} waiting${status.connectivity.overall === 'offline' ? ' (offline)' : ''}`);
  if (attention > 0) parts.push(`${attention} need${attention === 1 ? 's' : ''} attention`);
  const text = parts.join(', ');
  const tooltip = `${model.tooltip} · ${text}`;
  const firstAction = model.menu.findIndex((item) => item.kind !== 'page');
  const menu = [...model.menu];
  menu.splice(firstAction < 0 ? menu.length : firstAction, 0, { kind: 'separator' }, { kind: 'action', action: 'open', label: `Outbox: ${text}` });
  return { ...model, tooltip: tooltip.length > MAX_TOOLTIP ? `${tooltip.slice(0, MAX_TOOLTIP - 1)}…` : tooltip, menu };
}
