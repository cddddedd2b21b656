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

/** A page on GitHub the window may link to (opened in the system browser): https only, at most 2,000 characters. */
const releasePageUrlSchema = z
  .string()
  .max(2000)
  .refine((url) => URL.canParse(url) && new URL(url).protocol === 'https:', 'an https address');

/**
 * Why this build does not update itself: a development run, the demo, or a Windows or macOS build without a
 * valid code signature (an update it downloaded could not be checked to come from the same publisher).
 */
export const updatesOffReasonSchema = z.enum(['development', 'demo', 'unsigned']);
export type UpdatesOffReason = z.infer<typeof updatesOffReasonSchema>;

/**
 * How a new version reaches this copy. `install`: downloaded in the background and installed on quit (a signed
 * Windows or macOS build, the AppImage). `notify`: only announced, with a link to its release page (a .deb, .rpm or
 * pacman install belongs to the system's package manager and is never installed by the app as root).
 */
export const updateDeliverySchema = z.enum(['install', 'notify']);
export type UpdateDeliveryKind = z.infer<typeof updateDeliverySchema>;

/** Where the updater stands. `off`: this build does not update itself. `available`: a new version is out (notify only). */
export const updateStateSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('off'), reason: updatesOffReasonSchema }),
  z.object({ phase: z.literal('idle') }),
  z.object({ phase: z.literal('checking') }),
  z.object({ phase: z.literal('up-to-date'), checkedAt: z.string() }),
  z.object({ phase: z.literal('available'), version: z.string().max(100), releaseUrl: releasePageUrlSchema.nullable() }),
  z.object({ phase: z.literal('downloading'), version: z.string().max(100), percent: z.number().min(0).max(100) }),
  z.object({ phase: z.literal('downloaded'), version: z.string().max(100) }),
  z.object({ phase: z.literal('error'), message: z.string().max(500) }),
]);
export type UpdateState = z.infer<typeof updateStateSchema>;

export const updateStatusSchema = z.object({
  currentVersion: z.string(),
  state: updateStateSchema,
  prefs: updatePrefsSchema,
  /** How a new version would arrive; null while updates are off or before the build has been looked at. */
  delivery: updateDeliverySchema.nullable(),
  /** The releases page of the update feed, where a version is downloaded by hand; null when the build names none. */
  releasesUrl: releasePageUrlSchema.nullable(),
  /** What the Settings screen says, in plain words. */
  message: z.string(),
  /** Whether "Check now" can do anything at the moment. */
  canCheck: z.boolean(),
});
export type UpdateStatus = z.infer<typeof updateStatusSchema>;
