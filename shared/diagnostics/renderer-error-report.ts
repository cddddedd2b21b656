import { z } from 'zod';

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
