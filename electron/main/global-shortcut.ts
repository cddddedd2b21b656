import type { GlobalShortcut } from 'electron';
import type { GlobalShortcutPort } from '@core/shortcuts/global-shortcut-feature';

/**
 * Electron's globalShortcut as the core's port: holds at most one accelerator, letting go of the previous one
 * first; a press brings the window up (`show`) before the core is told, so the palette opens in a window the
 * user sees.
 */
export function globalShortcutPort(shortcuts: Pick<GlobalShortcut, 'register' | 'unregister'>, show: () => void): GlobalShortcutPort {
  let held: string | null = null;
  return (accelerator, onPress) => {
    if (held !== null) shortcuts.unregister(held);
    held = null;
    if (accelerator === null) return false;
    let ok: boolean;
    try {
      ok = shortcuts.register(accelerator, () => {
        show();
        onPress();
      });
    } catch {
      // Electron throws on an accelerator it cannot parse; the prefs checked it, so this is another system's no.
      ok = false;
    }
    if (ok) held = accelerator;
    return ok;
  };
}
