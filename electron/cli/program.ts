import { Command, CommanderError } from 'commander';
import { explainFailure } from './explain-failure';
import { CliContext, type GlobalOptions } from './context';
import { CliUsageError, codeOf, EXIT, reasonOf, type CliIo } from './output';
import { registerReadCommands } from './commands/read';
import { registerIncidentCommands } from './commands/incidents';
import { registerOutboxCommands } from './commands/outbox';
import { registerTranslateCommand } from './commands/translate';
import { registerOperationsCommands } from './commands/operations';
import { registerWatchCommand } from './commands/watch';
import { registerAccountCommands } from './commands/accounts';
import { registerMaintenanceCommands } from './commands/maintenances';
import { registerNoticeCommands } from './commands/notices';
import { registerAdminListCommands } from './commands/admin-lists';
import { registerProvidersCommand } from './commands/providers';
import { registerDoctorCommand } from './commands/doctor';
import { registerHistoryCommand } from './commands/history';
import { registerAlertsCommands } from './commands/alerts';
import { registerServeCommand } from './commands/serve';

export const CLI_VERSION = '0.1.0';

/**
 * Builds the `statusdesk` command tree. Each command runs through `run`, which creates the context from the
 * global options and turns any failure into one line on stderr and a non-zero exit code.
 */
export function buildProgram(io: CliIo, setExitCode: (code: number) => void): Command {
  const program = new Command('statusdesk')
    .description('Statusdesk on the command line: status pages, incidents, translation and operations.')
    .version(CLI_VERSION)
    .option('--region <region>', "us or eu (default: the account's region, else us)")
    .option('--base-url <url>', 'a server address, e.g. http://127.0.0.1:4010/api/v2 (overrides --region)')
    .option('--account <name>', 'a configured account (its region and keychain key)')
    .option('--json', 'machine-readable output on stdout')
    .option('--utc', "times in UTC (Z) instead of the computer's time zone (ISO 8601 with its offset)")
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
    });

  const run =
    // An action may return an exit code: a batch that printed its results but not all of them succeeded.
    (action: (ctx: CliContext, ...args: never[]) => Promise<void | number>) =>
      async (...args: unknown[]): Promise<void> => {
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
      };

  registerReadCommands(program, run);
  registerAccountCommands(program, run);
  registerIncidentCommands(program, run);
  registerMaintenanceCommands(program, run);
  registerNoticeCommands(program, run);
  registerAdminListCommands(program, run);
  registerOutboxCommands(program, run);
  registerTranslateCommand(program, run);
  registerOperationsCommands(program, run);
  registerWatchCommand(program, run);
  registerProvidersCommand(program, run);
  registerDoctorCommand(program, run);
  registerHistoryCommand(program, run);
  registerAlertsCommands(program, run);
  registerServeCommand(program, run);
  return program;
}

/** What to do about a missing key, said once: a message that already says it gets nothing more. */
function hint(error: unknown): string {
  const message = reasonOf(error);
  if (/API key is required|none is configured/.test(message) && !message.includes('STATUSDESK_API_KEY')) return ` (${KEY_HINT})`;
  return '';
}

export const KEY_HINT = 'set STATUSDESK_API_KEY, or add the account with its key (statusdesk accounts add NAME --subdomain PAGE) and pass --account NAME';

/** Runs the command line with the given arguments and IO; resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    const json = argv.includes('--json');
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; usage mistakes with 1, which we report as 2.
      if (error.exitCode === 0) return EXIT.ok;
      if (json) io.stdout(`${JSON.stringify({ error: { code: 'invalid_input', message: error.message.replace(/^error: /, '') } })}\n`);
      return EXIT.usage;
    }
    // An option's value refused by its parser (--limit 0, --timeout 0) is a wrong command line too.
    const usage = error instanceof CliUsageError;
    if (json) io.stdout(`${JSON.stringify({ error: { code: codeOf(error), message: reasonOf(error) } })}\n`);
    io.stderr(`statusdesk: ${reasonOf(error)}\n`);
    return usage ? EXIT.usage : EXIT.failed;
  }
  return exitCode;
}
