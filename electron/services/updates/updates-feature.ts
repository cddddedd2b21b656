import { AppError } from '../../../shared/errors';
import { DEFAULT_UPDATE_PREFS, type UpdatePrefs, type UpdateState, type UpdateStatus } from '../../../shared/updates/update-state';
import type { SettingsStore } from '../settings/settings-store';
import { canCheck, describeUpdate, shouldCheckAutomatically, updatesOff } from './update-policy';

/** What the core asks of the Electron updater (electron-updater in a packaged app). */
export interface UpdaterPort {
  /** Looks for a new version and downloads it when there is one; what happens arrives through onState. */
  check(): Promise<void>;
  setInstallOnQuit(on: boolean): void;
  onState(listener: (state: UpdateState) => void): () => void;
}

export interface UpdatesFeatureOptions {
  settings: SettingsStore;
  version: string;
  build: { packaged: boolean; demo: boolean };
  /** Absent where the app cannot update itself (development, demo, the tests). */
  port?: UpdaterPort | undefined;
  onStatus: (status: UpdateStatus) => void;
  now?: () => number;
  /** How often the automatic-check rule is looked at; default a minute. */
  tickMs?: number;
  /** The first automatic check waits this long after start (default 30 s): a start never competes with it. */
  firstCheckAfterMs?: number;
}

/** Settings → Updates: the state the updater reports, the user's choices, and the automatic checks. */
export class UpdatesFeature {
  readonly #options: UpdatesFeatureOptions;
  readonly #now: () => number;
  #state: UpdateState;
  #lastCheckAt: number | null = null;
  #timer: NodeJS.Timeout | null = null;
  #first: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;

  constructor(options: UpdatesFeatureOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#state = updatesOff(options.build) ?? (options.port ? { phase: 'idle' } : { phase: 'off', reason: 'development' });
    if (this.#state.phase !== 'off' && options.port) {
      this.#unsubscribe = options.port.onState((state) => this.#set(state));
      options.port.setInstallOnQuit(this.#prefs().installOnQuit);
    }
  }

  status(): UpdateStatus {
    const prefs = this.#prefs();
    return {
      currentVersion: this.#options.version,
      state: this.#state,
      prefs,
      message: describeUpdate(this.#state, this.#options.version, prefs),
      canCheck: this.#checkable(),
    };
  }

  /** Looks for a new version now; answers with the state once the check has started (or could not). */
  async check(): Promise<UpdateStatus> {
    const port = this.#options.port;
    if (this.#state.phase === 'off' || !port) throw new AppError('unsupported', describeUpdate(this.#state, this.#options.version, this.#prefs()));
    if (!canCheck(this.#state)) return this.status();
    this.#lastCheckAt = this.#now();
    this.#set({ phase: 'checking' });
    try {
      await port.check();
    } catch (error) {
      this.#set({ phase: 'error', message: error instanceof Error ? error.message.slice(0, 300) : 'the update service did not answer' });
    }
    return this.status();
  }

  setPrefs(change: Partial<UpdatePrefs>): UpdateStatus {
    this.#options.settings.update((draft) => {
      draft.updates = { ...(draft.updates ?? DEFAULT_UPDATE_PREFS), ...change };
    });
    if (change.installOnQuit !== undefined && this.#state.phase !== 'off') this.#options.port?.setInstallOnQuit(change.installOnQuit);
    const status = this.status();
    this.#options.onStatus(status);
    return status;
  }

  /** Starts the automatic checks (never in development or the demo). */
  start(): void {
    if (this.#state.phase === 'off' || this.#first) return;
    const tick = () => {
      if (shouldCheckAutomatically({ prefs: this.#prefs(), state: this.#state, lastCheckAt: this.#lastCheckAt, now: this.#now() })) void this.check();
    };
    this.#first = setTimeout(() => {
      tick();
      this.#timer = setInterval(tick, this.#options.tickMs ?? 60_000);
      this.#timer.unref?.();
    }, this.#options.firstCheckAfterMs ?? 30_000);
    this.#first.unref?.();
  }

  dispose(): void {
    if (this.#first) clearTimeout(this.#first);
    if (this.#timer) clearInterval(this.#timer);
    this.#first = null;
    this.#timer = null;
    this.#unsubscribe?.();
  }

  #checkable(): boolean {
    return this.#state.phase !== 'off' && this.#options.port !== undefined && canCheck(this.#state);
  }

  #prefs(): UpdatePrefs {
    return this.#options.settings.get().updates ?? DEFAULT_UPDATE_PREFS;
  }

  #set(state: UpdateState): void {
    this.#state = state;
    this.#options.onStatus(this.status());
  }
}
