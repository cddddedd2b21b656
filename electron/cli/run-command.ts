import type { Command } from 'commander';
import { CliContext, type GlobalOptions } from './context';
import { explainFailure } from './explain-failure';
import { CliUsageError, codeOf, EXIT, reasonOf, type CliIo } from './output';

/**
 * Runs one command's action: creates the context from the global options and turns any failure into one line
 * on stderr and a non-zero exit code. Loaded with the command's own module, never by `--version` or `--help`.
 */
export async function runCommand(
  io: CliIo,
  setExitCode: (code: number) => void,
  // An action may return an exit code: a batch that printed its results but not all of them succeeded.
  action: (ctx: CliContext, ...args: never[]) => Promise<void | number>,
  args: unknown[],
): Promise<void> {
  const command = args[args.length - 1] as Command;
  const globals = command.optsWithGlobals() as GlobalOptions;
  let ctx: CliContext | undefined;
  try {
    ctx = new CliContext(io, globals);
    const code = await action(ctx, ...(args.slice(0, -1) as never[]));
    setExitCode(typeof code === 'number' ? code : EXIT.ok);
  } catch (error) {
    const usage = error instanceof CliUsageError;
    const reason = explainFailure(error, ctx?.lastTarget ?? null) ?? reasonOf(error);
    if (globals.json) io.stdout(`${JSON.stringify({ error: { code: codeOf(error), message: reason } })}\n`);
    io.stderr(`statusdesk: ${reason}${hint(error)}\n`);
    setExitCode(usage ? EXIT.usage : EXIT.failed);
  }
}

/** What to do about a missing key, said once: a message that already says it gets nothing more. */
function hint(error: unknown): string {
  const message = reasonOf(error);
  if (/API key is required|none is configured/.test(message) && !message.includes('STATUSDESK_API_KEY')) return ` (${KEY_HINT})`;
  return '';
}

const KEY_HINT = 'set STATUSDESK_API_KEY, or add the account with its key (statusdesk accounts add NAME --subdomain PAGE) and pass --account NAME';
