import type { AppearanceChange, AppearancePrefs } from '@shared/appearance/appearance-prefs';
import type { DesktopPrefs } from '@shared/desktop/desktop-prefs';
import type { SettingsStore } from '@core/settings/settings-store';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';

interface DesktopPrefsFeatureOptions {
  settings: SettingsStore;
  /** The tray and notifications speak the window's zone: told when the user picks another. */
  events?: Publisher<Pick<AppEvents, 'desktop.timeZoneChanged'>>;
}

/** The user's desktop choices kept in the settings: start at login, close to tray, theme, list mode, time zone. */
export class DesktopPrefsFeature {
  readonly #options: DesktopPrefsFeatureOptions;

  constructor(options: DesktopPrefsFeatureOptions) {
    this.#options = options;
  }

  prefs(): DesktopPrefs {
    return this.#options.settings.get().desktop;
  }

  setPrefs(change: Partial<DesktopPrefs>): DesktopPrefs {
    return this.#options.settings.update((draft) => {
      draft.desktop = { ...draft.desktop, ...change };
    }).desktop;
  }

  appearance(): AppearancePrefs {
    return this.#options.settings.get().appearance;
  }

  setAppearance(change: AppearanceChange): AppearancePrefs {
    const appearance = this.#options.settings.update((draft) => {
      // Only what the change names: an absent field keeps its saved value.
      if (change.theme) draft.appearance.theme = change.theme;
      if (change.dashboardLayout) draft.appearance.dashboardLayout = change.dashboardLayout;
      if (change.timeZone) draft.appearance.timeZone = change.timeZone;
    }).appearance;
    if (change.timeZone) this.#options.events?.publish('desktop.timeZoneChanged', { timeZone: change.timeZone });
    return appearance;
  }
}
