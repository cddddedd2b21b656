import { z } from 'zod';

/** The user's choices in Settings → Updates. */
export const updatePrefsSchema = z.object({
  /** Look for a new version at start and every few hours. */
  checkAutomatically: z.boolean(),
  /** A downloaded version is installed when the app quits. */
  installOnQuit: z.boolean(),
});
export type UpdatePrefs = z.infer<typeof updatePrefsSchema>;
export const DEFAULT_UPDATE_PREFS: UpdatePrefs = { checkAutomatically: true, installOnQuit: true };

/** Where the updater stands. `off`: this build does not update itself (a development run, the demo). */
export const updateStateSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('off'), reason: z.enum(['development', 'demo']) }),
  z.object({ phase: z.literal('idle') }),
  z.object({ phase: z.literal('checking') }),
  z.object({ phase: z.literal('up-to-date'), checkedAt: z.string() }),
  z.object({ phase: z.literal('downloading'), version: z.string().max(100), percent: z.number().min(0).max(100) }),
  z.object({ phase: z.literal('downloaded'), version: z.string().max(100) }),
  z.object({ phase: z.literal('error'), message: z.string().max(500) }),
]);
export type UpdateState = z.infer<typeof updateStateSchema>;

export const updateStatusSchema = z.object({
  currentVersion: z.string(),
  state: updateStateSchema,
  prefs: updatePrefsSchema,
  /** What the Settings screen says, in plain words. */
  message: z.string(),
  /** Whether "Check now" can do anything at the moment. */
  canCheck: z.boolean(),
});
export type UpdateStatus = z.infer<typeof updateStatusSchema>;
