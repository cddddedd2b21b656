/*
 * How a command ends, without the error library: the start of every command (program.ts) needs these before it
 * knows which command runs, `--version` included.
 */

/** Exit codes: 0 success, 1 the operation failed, 2 the command line was wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A mistake on the command line: reported with exit code 2. */
export class CliUsageError extends Error {}
