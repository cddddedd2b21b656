import type { TrayAction } from '@shared/monitor/tray';
import type { AppCore } from '@core/app-core';
import type { MainWindowController } from './window-controller';

export interface OpenTarget {
  pageId: string;
  incidentId?: number;
}

/**
 * What the user's hands ask through Electron's surfaces (tray, notifications, dock, a second launch), routed to
 * the window and the core. Built before the core so the adapters that call it exist first; the core is attached
 * once it is built, and the window is shown only then, because the window needs the core's IPC handlers.
 */
export class DesktopShell {
  readonly #windows: MainWindowController;
  readonly #quit: () => void;
  readonly #log: (message: string) => void;
  readonly #openTarget: (target: OpenTarget) => void;
  #core: AppCore | null = null;
  #showRequested = false;

  constructor(options: {
    windows: MainWindowController;
    quit: () => void;
    /** Hands the target to the window once its page can take it. */
    openTarget: (target: OpenTarget) => void;
    log: (message: string) => void;
  }) {
    this.#windows = options.windows;
    this.#openTarget = options.openTarget;
    this.#quit = options.quit;
    this.#log = options.log;
  }

  attach(core: AppCore): void {
    this.#core = core;
    if (this.#showRequested) this.showWindow();
  }

  showWindow(): void {
    if (!this.#core) {
      this.#showRequested = true;
      return;
    }
    this.#windows.show();
  }

  openTarget(target: OpenTarget): void {
    this.showWindow();
    this.#openTarget(target);
  }

  runTrayAction(action: TrayAction, durationMs?: number): void {
    if (action === 'open') return this.showWindow();
    if (action === 'quit') return this.#quit();
    // The other actions come from menu entries built from the core's own tray model, so the core is attached.
    const monitor = this.#core?.monitor;
    if (!monitor) return;
    const done =
      action === 'poll_now'
        ? monitor.pollNow()
        : action === 'pause_notifications'
          ? monitor.pauseNotifications(Math.round((durationMs ?? 3_600_000) / 60_000))
          : monitor.resumeNotifications();
    // A click has no one to answer: a failure is logged, never left as an unhandled rejection.
    done.catch((error: unknown) => this.#log(`tray ${action}: ${error instanceof Error ? error.message : String(error)}`));
  }
}
