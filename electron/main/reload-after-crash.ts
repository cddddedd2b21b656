import type { BrowserWindow } from 'electron';
import { crashRecoveryDecision } from '@core/desktop/crash-recovery';
import type { MainWindowController } from './window-controller';

/**
 * Reloads the window when its renderer process is gone, as core/desktop/crash-recovery.ts decides: a few
 * times, then the window is closed instead, so a page that crashes as it loads never loops. The crash times
 * outlive a window, so a new window for a page that keeps crashing gives up at once. Returns what to call
 * for each new window.
 */
export function recoverFromCrashes(
  windows: MainWindowController,
  log: (message: string) => void,
  now: () => number = Date.now,
): (window: BrowserWindow) => void {
  let crashes: number[] = [];
  return (window) => {
    window.webContents.on('render-process-gone', (_event, details) => {
      const decision = crashRecoveryDecision({ now: now(), earlierCrashes: crashes, quitting: windows.quitting });
      crashes = decision.crashes;
      if (decision.action === 'ignore' || window.isDestroyed()) return;
      if (decision.action === 'reload') {
        log(`window: the page's renderer is gone (${details.reason}, exit code ${details.exitCode}); reloading it`);
        window.webContents.reload();
        return;
      }
      log(`window: the page's renderer is gone (${details.reason}), ${crashes.length} times within a minute; closing the window instead of reloading it again`);
      windows.discard(window);
    });
  };
}
