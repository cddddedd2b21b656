import type { SettingsStore } from '@core/settings/settings-store';
import type { CoreLog } from './core-log';

/** Logs the names of what each settings change changed; returns the unsubscribe. */
export function logSettingsChanges(settings: SettingsStore, log: CoreLog): () => void {
  let before = settings.get();
  return settings.onChange((after) => {
    log.settingsChanged(before, after);
    before = after;
  });
}
