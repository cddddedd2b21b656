import { AppError } from '@shared/errors';
import { DEFAULT_UPDATE_PREFS, type UpdateDeliveryKind, type UpdatePrefs, type UpdateState, type UpdateStatus } from '@shared/updates/update-state';
import type { SettingsStore } from '@core/settings/settings-store';
import { canCheck, deliveryFor, describeUpdate, shouldCheckAutomatically, updatesOff, type InstalledBuild, type UpdateDelivery } from './update-policy';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';

/** What the core asks of the Electron updater (electron-updater in a packaged app). */
export interface UpdaterPort {
  /** What this installed build is (package, signature, feed); asked once, before the first check. Never rejects. */
  inspect(): Promise<InstalledBuild>;
  /**
   * Looks for a new version; what happens arrives through onState. `install`: a new version is downloaded and
   * installed on quit (when the user leaves that on). `notify`: it is only reported (`available`), never
   * downloaded or installed.
   */
  check(delivery: UpdateDeliveryKind): Promise<void>;
  setInstallOnQuit(on: boolean): void;
  onState(listener: (state: UpdateState) => void): () => void;
}

interface UpdatesFeatureOptions {
  settings: SettingsStore;
  version: string;
  build: { packaged: boolean; demo: boolean };
  /** Absent where the app cannot update itself (development, demo, the tests). */
  port?: UpdaterPort | undefined;
  /** Where each status is told (the window and the log hear it). */
  events: Publisher<Pick<AppEvents, 'updates.onStatus'>>;
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
  #build: InstalledBuild | null = null;
  #delivery: UpdateDelivery | null = null;
  #inspection: Promise<UpdateDelivery> | null = null;
  #lastCheckAt: number | null = null;
  #timer: NodeJS.Timeout | null = null;
  #first: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;
  #disposed = false;

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
    const delivery = this.#state.phase === 'off' || this.#delivery === null || this.#delivery.kind === 'off' ? null : this.#delivery.kind;
    return {
      currentVersion: this.#options.version,
      state: this.#state,
      prefs,
      delivery,
      releasesUrl: this.#build?.releasesUrl ?? null,
      message: describeUpdate(this.#state, this.#options.version, prefs, this.#delivery),
      canCheck: this.#checkable(),
    };
  }

  /** Looks for a new version now; answers with the state once the check has started (or could not). */
  async check(): Promise<UpdateStatus> {
    const port = this.#options.port;
    if (this.#state.phase === 'off' || !port) throw this.#unsupported();
    if (!canCheck(this.#state)) return this.status();
    this.#lastCheckAt = this.#now();
    this.#set({ phase: 'checking' });
    const delivery = await this.#inspect(port);
    if (delivery.kind === 'off') throw this.#unsupported();
    try {
      await port.check(delivery.kind);
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
    this.#options.events.publish('updates.onStatus', status);
    return status;
  }

  /** Looks at the build at once (Settings then says how this copy updates) and starts the automatic checks. */
  start(): void {
    if (this.#state.phase === 'off' || this.#first || !this.#options.port) return;
    void this.#inspect(this.#options.port);
    const tick = () => {
      if (shouldCheckAutomatically({ prefs: this.#prefs(), state: this.#state, lastCheckAt: this.#lastCheckAt, now: this.#now() }))
        void this.check().catch(() => undefined);
    };
    this.#first = setTimeout(() => {
      tick();
      this.#timer = setInterval(tick, this.#options.tickMs ?? 60_000);
      this.#timer.unref?.();
    }, this.#options.firstCheckAfterMs ?? 30_000);
    this.#first.unref?.();
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#first) clearTimeout(this.#first);
    if (this.#timer) clearInterval(this.#timer);
    this.#first = null;
    this.#timer = null;
    this.#unsubscribe?.();
  }

  /**
   * The build, looked at once; what it allows follows from `deliveryFor`. A build that must not update itself
   * (unsigned) turns updates off for good. Should the look fail, the copy is only told about new versions: telling
   * never installs anything.
   */
  #inspect(port: UpdaterPort): Promise<UpdateDelivery> {
    this.#inspection ??= port.inspect().then(
      (build) => {
        this.#build = build;
        return this.#decided(deliveryFor(build));
      },
      () => this.#decided({ kind: 'notify', systemPackage: null }),
    );
    return this.#inspection;
  }

  #decided(delivery: UpdateDelivery): UpdateDelivery {
    this.#delivery = delivery;
    if (this.#disposed) return delivery;
    if (delivery.kind === 'off') {
      this.#unsubscribe?.();
      this.#unsubscribe = null;
      this.#set({ phase: 'off', reason: delivery.reason });
    } else {
      this.#options.events.publish('updates.onStatus', this.status());
    }
    return delivery;
  }

  #unsupported(): AppError {
    return new AppError('unsupported', describeUpdate(this.#state, this.#options.version, this.#prefs(), this.#delivery));
  }

  #checkable(): boolean {
    return this.#state.phase !== 'off' && this.#options.port !== undefined && canCheck(this.#state);
  }

  #prefs(): UpdatePrefs {
    return this.#options.settings.get().updates ?? DEFAULT_UPDATE_PREFS;
  }

  #set(state: UpdateState): void {
    this.#state = state;
    if (!this.#disposed) this.#options.events.publish('updates.onStatus', this.status());
  }
}
