import { z } from 'zod';
import { rendererErrorReportSchema } from '../../diagnostics/renderer-error-report';
import { invoke } from '../define';

export const diagnosticsChannels = {
  /** Logged in the main log, rate-limited (false: held back this time). */
  'diagnostics.reportRendererError': invoke(rendererErrorReportSchema, z.object({ logged: z.boolean() })),
  /** Versions, system, data folder, keychain, counts and the last errors, as text on the clipboard. */
  'diagnostics.copy': invoke(z.undefined(), z.object({ copied: z.boolean(), text: z.string() })),
  /** Opens the folder of the log files in the system's file manager. */
  'diagnostics.openLogsFolder': invoke(z.undefined(), z.object({ opened: z.boolean(), folder: z.string() })),
} as const;
