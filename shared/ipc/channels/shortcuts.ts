import { z } from 'zod';
import { event, invoke } from '../define';
import { globalShortcutPrefsSchema, globalShortcutStateSchema } from '../../shortcuts/global-shortcut';

export const shortcutsChannels = {
  'shortcuts.global': invoke(z.undefined(), globalShortcutStateSchema),
  'shortcuts.setGlobal': invoke(globalShortcutPrefsSchema.partial(), globalShortcutStateSchema),
  /** The global shortcut was pressed: the window is up, open the palette. */
  'shortcuts.onOpenPalette': event(z.object({})),
} as const;
