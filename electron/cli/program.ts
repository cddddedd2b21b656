import { Command, CommanderError, Help } from 'commander';
import { COMMAND_TABLE, commandEntryOf, type CommandEntry } from './command-table';
import { CliUsageError, EXIT } from './exit-code';
import type { CliIo } from './output';
import type { RunAction } from './run-action';

export const CLI_VERSION = '0.1.0';

/**
 * Builds the `statusdesk` command tree for these arguments. Only the module of the command they run is loaded
 * (command-table.ts); without one (`--version`, `--help`, a mistyped command) every command is listed from the
 * table alone. Each command runs through `run` (run-command.ts), which creates the context from the global
 * options and turns any failure into one line on stderr and a non-zero exit code.
 */
async function buildProgram(argv: readonly string[], io: CliIo, setExitCode: (code: number) => void): Promise<Command> {
  const program = rootCommand(io);
  const run: RunAction =
    (action) =>
    async (...args) => {
      const { runCommand } = await import('./run-command');
      await runCommand(io, setExitCode, action, args);
    };
  const entry = commandEntryOf(argv);
  if (entry) (await entry.load())(program, run);
  else listCommands(program, COMMAND_TABLE);
  return program;
}

/** The program with its global options, and no command yet. */
export function rootCommand(io: CliIo): Command {
  return new Command('statusdesk')
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
}

/**
 * Every command by its name, usage and description only: what the program's help lists and what commander
 * suggests for a mistyped name. Such a command is never run: arguments that name it load its module instead.
 */
export function listCommands(program: Command, entries: readonly CommandEntry[]): void {
  const usage = new WeakMap<Command, string>();
  for (const entry of entries) {
    const listed = program
      .command(entry.name)
      .description(entry.description)
      .action(() => {
        throw new Error(`statusdesk ${entry.name} was listed but not loaded`);
      });
    usage.set(listed, entry.usage);
  }
  program.configureHelp({
    subcommandTerm(this: Help, command: Command) {
      const listed = usage.get(command);
      return listed === undefined ? Help.prototype.subcommandTerm.call(this, command) : [command.name(), listed].filter(Boolean).join(' ');
    },
  });
}

/** Runs the command line with the given arguments and IO; resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  try {
    const program = await buildProgram(argv, io, (code) => {
      exitCode = code;
    });
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
    const { codeOf, reasonOf } = await import('./output');
    const usage = error instanceof CliUsageError;
    if (json) io.stdout(`${JSON.stringify({ error: { code: codeOf(error), message: reasonOf(error) } })}\n`);
    io.stderr(`statusdesk: ${reasonOf(error)}\n`);
    return usage ? EXIT.usage : EXIT.failed;
  }
  return exitCode;
}
