import path from 'node:path';
import { AppError } from '@shared/errors';
import {
  DEFAULT_GLOBAL_SHORTCUT,
  globalShortcutPlan,
  globalShortcutPrefsSchema,
  type GlobalShortcutPrefs,
  type GlobalShortcutState,
} from '@shared/shortcuts/global-shortcut';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { readIfPresent } from '@core/storage/read-if-present';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';

const GLOBAL_SHORTCUT_FILE_NAME = 'global-shortcut.json';

/**
 * Holds the keys with the OS (Electron's globalShortcut in the app): `accelerator` null lets go of the ones
 * held; the answer says whether the OS gave them (another app may hold them). The bus hears each press.
 */
export type GlobalShortcutPort = (accelerator: string | null, onPress: () => void) => boolean;

interface GlobalShortcutFeatureOptions {
  dataDir: string;
  /** Absent headless (the command line, the end-to-end harness without one): the prefs are kept, nothing is held. */
  port?: GlobalShortcutPort | undefined;
  /** Where a press is told (the host has brought the window up; the window opens the palette). */
  events: Publisher<Pick<AppEvents, 'shortcuts.onOpenPalette'>>;
  log?: (message: string) => void;
}

/**
 * The global shortcut's prefs (its own small file, off by default) and holding the keys with the OS to match:
 * on start, and on every change. A change the OS refuses is kept and reported, so the user can pick other keys.
 */
export class GlobalShortcutFeature {
  readonly #file: string;
  readonly #options: GlobalShortcutFeatureOptions;
  #prefs: GlobalShortcutPrefs = DEFAULT_GLOBAL_SHORTCUT;
  #registered = false;
  #loaded: Promise<void> | null = null;

  constructor(options: GlobalShortcutFeatureOptions) {
    this.#options = options;
    this.#file = path.join(options.dataDir, GLOBAL_SHORTCUT_FILE_NAME);
  }

  start(): Promise<void> {
    this.#loaded ??= this.#load();
    return this.#loaded;
  }

  async state(): Promise<GlobalShortcutState> {
    await this.start();
    const held = globalShortcutPlan(this.#prefs);
    const problem =
      held !== null && !this.#registered
        ? this.#options.port
          ? `${this.#prefs.accelerator} is taken by another app or by the system: choose other keys.`
          : 'Global shortcuts work only in the desktop app.'
        : null;
    return { ...this.#prefs, registered: this.#registered, problem };
  }

  async set(change: Partial<GlobalShortcutPrefs>): Promise<GlobalShortcutState> {
    await this.start();
    const parsed = globalShortcutPrefsSchema.safeParse({ ...this.#prefs, ...change });
    if (!parsed.success) throw new AppError('invalid_input', parsed.error.issues[0]?.message ?? 'Not a shortcut.');
    this.#prefs = parsed.data;
    await writeFileAtomic(this.#file, `${JSON.stringify(this.#prefs, null, 2)}\n`);
    this.#apply();
    return this.state();
  }

  dispose(): void {
    if (this.#registered) this.#options.port?.(null, () => undefined);
    this.#registered = false;
  }

  async #load(): Promise<void> {
    try {
      const raw = await readIfPresent(this.#file);
      if (raw !== null) {
        const parsed = globalShortcutPrefsSchema.safeParse(JSON.parse(raw.toString('utf8')));
        // An unreadable file is the default (off): a wrong key held system-wide is worse than none.
        if (parsed.success) this.#prefs = parsed.data;
        else this.#options.log?.('global shortcut: the saved shortcut is not valid; it is off');
      }
    } catch (error) {
      this.#options.log?.(`global shortcut: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.#apply();
  }

  #apply(): void {
    const accelerator = globalShortcutPlan(this.#prefs);
    const port = this.#options.port;
    if (!port) return;
    this.#registered =
      accelerator === null ? (port(null, () => undefined), false) : port(accelerator, () => this.#options.events.publish('shortcuts.onOpenPalette', {}));
    if (accelerator !== null && !this.#registered) this.#options.log?.(`global shortcut: ${accelerator} could not be registered`);
  }
}

export function globalShortcutHandlers(feature: GlobalShortcutFeature) {
  return {
    'shortcuts.global': () => feature.state(),
    'shortcuts.setGlobal': (change: Partial<GlobalShortcutPrefs>) => feature.set(change),
  };
}
