import type { BrowserWindow } from 'electron';

interface MainWindowControllerOptions {
  /** Builds a new main window (hardened, loading the renderer). */
  create: () => BrowserWindow;
  /** Read at each close: the user's "keep running in the tray" choice. */
  closeToTray: () => boolean;
  /** Called once per new window, before it loads: events forwarding, readiness tracking. */
  onCreated: (window: BrowserWindow) => void;
}

/**
 * The one main window: created on demand, brought back to front when it exists, hidden instead of closed while
 * the app keeps running in the tray, and really closed once the app is quitting.
 */
export class MainWindowController {
  readonly #options: MainWindowControllerOptions;
  #window: BrowserWindow | null = null;
  #quitting = false;

  constructor(options: MainWindowControllerOptions) {
    this.#options = options;
  }

  get current(): BrowserWindow | null {
    return this.#window && !this.#window.isDestroyed() ? this.#window : null;
  }

  show(): void {
    const existing = this.current;
    if (existing) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return;
    }
    const window = this.#options.create();
    this.#window = window;
    window.on('close', (event) => {
      if (!this.#quitting && this.#options.closeToTray()) {
        event.preventDefault();
        window.hide();
      }
    });
    this.#options.onCreated(window);
  }

  /** The app is quitting: closing the window must close it, not hide it. */
  allowClose(): void {
    this.#quitting = true;
  }

  /** A quit under way was called off (the user chose to stay with an unsent editor): closing hides again. */
  quitCalledOff(): void {
    this.#quitting = false;
  }

  get quitting(): boolean {
    return this.#quitting;
  }

  /** Closes this window for good, without asking (its page keeps crashing); the next show() builds a new one. */
  discard(window: BrowserWindow): void {
    if (this.#window === window) this.#window = null;
    if (!window.isDestroyed()) window.destroy();
  }
}
