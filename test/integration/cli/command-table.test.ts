import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE, commandEntryOf } from '../../../electron/cli/command-table';
import { listCommands, rootCommand } from '../../../electron/cli/program';
import type { RunAction } from '../../../electron/cli/run-action';

/*
 * A start lists the commands from the table and loads only the module of the one it runs: the table must say
 * what the modules define, and each entry's module must define its command.
 */

const io = { stdout: () => undefined, stderr: () => undefined, env: {} };
const run: RunAction = () => async () => undefined;

/** The program with every module's commands, as one that loaded them all. */
async function everyCommand(): Promise<Command> {
  const program = rootCommand(io);
  const loaders = new Set(await Promise.all(COMMAND_TABLE.map((entry) => entry.load())));
  for (const register of loaders) register(program, run);
  return program;
}

describe('the command table', () => {
  it('lists every command with the usage and description its module gives it, in the same order', async () => {
    const listed = rootCommand(io);
    listCommands(listed, COMMAND_TABLE);
    expect(listed.helpInformation()).toBe((await everyCommand()).helpInformation());
  });

  it('loads, for each command, the module that defines it with an action or subcommands of its own', async () => {
    for (const entry of COMMAND_TABLE) {
      const program = rootCommand(io);
      (await entry.load())(program, run);
      const command = program.commands.find((c) => c.name() === entry.name);
      expect(command, entry.name).toBeDefined();
      const hasAction = (command as unknown as { _actionHandler: unknown })._actionHandler !== null;
      expect(hasAction || command!.commands.length > 0, entry.name).toBe(true);
    }
  });

  it('finds the command past the global options and their values, and after help', () => {
    expect(commandEntryOf(['--base-url', 'http://x', '--json', 'status', 'acme'])?.name).toBe('status');
    expect(commandEntryOf(['--account', 'incidents', 'outbox', 'list'])?.name).toBe('outbox');
    expect(commandEntryOf(['help', 'watch'])?.name).toBe('watch');
    expect(commandEntryOf(['--version'])).toBeNull();
    expect(commandEntryOf(['statsu'])).toBeNull();
    expect(commandEntryOf([])).toBeNull();
  });
});
