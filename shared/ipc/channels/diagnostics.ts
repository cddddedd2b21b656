import { z } from 'zod';
import { invoke } from '../define';

/** Longest message and stack a window error may carry to the log (the window cuts longer ones). */
export const RENDERER_ERROR_LIMITS = { message: 1_000, where: 200, stack: 4_000 } as const;

/** An error in the window, for the main log: Vue's errorHandler or an unhandled promise rejection. */
export const rendererErrorReportSchema = z.object({
  kind: z.enum(['error', 'unhandledrejection']),
  message: z.string().max(RENDERER_ERROR_LIMITS.message),
  /** The component or hook Vue names (its `info`), when there is one. */
  where: z.string().max(RENDERER_ERROR_LIMITS.where).optional(),
  stack: z.string().max(RENDERER_ERROR_LIMITS.stack).optional(),
});
export type RendererErrorReport = z.infer<typeof rendererErrorReportSchema>;

export const diagnosticsChannels = {
  /** Logged in the main log, rate-limited (false: held back this time). */
  'diagnostics.reportRendererError': invoke(rendererErrorReportSchema, z.object({ logged: z.boolean() })),
  /** Versions, system, data folder, keychain, counts and the last errors, as text on the clipboard. */
  'diagnostics.copy': invoke(z.undefined(), z.object({ copied: z.boolean(), text: z.string() })),
  /** Opens the folder of the log files in the system's file manager. */
  'diagnostics.openLogsFolder': invoke(z.undefined(), z.object({ opened: z.boolean(), folder: z.string() })),
} as const;
