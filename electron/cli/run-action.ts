import type { CliContext } from './context';

/**
 * Wraps a command's action: builds the context from the global options and turns failures into one line on
 * stderr and an exit code (see program.ts). An action may return its own exit code.
 */
export type RunAction = (action: (ctx: CliContext, ...args: never[]) => Promise<void | number>) => (...args: unknown[]) => Promise<void>;
