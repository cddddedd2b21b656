import { net, powerMonitor } from 'electron';
import { SignalHub } from '@core/monitor/system-signals';

/**
 * Electron's power and network state as the monitor's SystemSignals: suspend/resume from powerMonitor, and
 * net.isOnline() checked every few seconds (the main process has no online/offline events).
 */
export function electronSystemSignals(checkEveryMs = 5_000): { signals: SignalHub; stop: () => void } {
  const hub = new SignalHub({ online: net.isOnline() });
  powerMonitor.on('suspend', () => hub.suspend());
  powerMonitor.on('resume', () => hub.resume());
  const timer = setInterval(() => hub.setOnline(net.isOnline()), checkEveryMs);
  timer.unref();
  return { signals: hub, stop: () => clearInterval(timer) };
}
