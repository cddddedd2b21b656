import { asksAboutTheProgram } from './command-table';
import { CommandInterruption, signalExitCode, type InterruptionReport } from './interruption';
import { runCli } from './program';
import { readHiddenLine } from './read-secret';

/** Entry point of the `statusdesk` binary (bin/statusdesk.js). */
export async function main(argv: string[]): Promise<void> {
  // The reader went away (`statusdesk watch --json | head -1`): that ends the command, quietly and successfully.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  // Last line of defence for "no exit without a report": should a command ever await something that nothing
  // keeps alive, Node would exit 13 with no output. Say so instead (the outbox is durable: nothing accepted is
  // lost, and a lock left behind is taken over, its owner no longer running).
  let finished = false;
  const reportUnfinished = () => {
    if (finished) return;
    finished = true;
    process.stderr.write('statusdesk: error: the command stopped before it finished (internal error); what was queued is kept: see "statusdesk outbox list"\n');
    process.exitCode = 1;
  };
  process.once('beforeExit', reportUnfinished);
  // logs/cli.log in the data folder: the command, its outbox writes, its failures (none for --version or --help).
  const cliLog = asksAboutTheProgram(argv) ? null : (await import('./cli-log')).openCliLog(process.env, argv);
  const interruption = cliLog?.interruption() ?? new CommandInterruption();
  const json = argv.includes('--json');
  stopOnSignals(interruption, json, () => finished);
  // Once stopped, the report is the command's last word: what the command itself still prints is dropped.
  const running = () => interruption.signal === null;
  const code = await runCli(argv, {
    stdout: (text) => {
      if (running()) process.stdout.write(text);
    },
    stderr: (text) => {
      cliLog?.stderr(text);
      if (running()) process.stderr.write(text);
    },
    env: process.env,
    stdinIsTty: process.stdin.isTTY === true,
    stdoutIsTty: process.stdout.isTTY === true,
    stderrIsTty: process.stderr.isTTY === true,
    promptSecret: (prompt) => readHiddenLine(process.stdin, process.stderr, prompt),
    readStdin: async () => {
      if (process.stdin.isTTY) return '';
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    interruption,
  });
  // Stopped by a signal: the report ends the process (stopOnSignals), with its own exit code.
  if (!running()) await new Promise<never>(() => undefined);
  // A command that stopped itself on a signal (watch) has said so; it still exits as a signal ends a command.
  const exitCode = interruption.endedBy === null ? code : signalExitCode(interruption.endedBy);
  await cliLog?.finish(exitCode);
  finished = true;
  process.off('beforeExit', reportUnfinished);
  process.exitCode = exitCode;
}

/** A second signal this soon after the first is the same one sent again (see below). */
const SIGNAL_ECHO_MS = 500;

/**
 * Ctrl-C (SIGINT) and SIGTERM: close the outbox (its lock goes with it), say what became of the command's
 * writes, and exit 130 or 143; a command that stops itself (watch) is handed the signal instead and ends with its
 * own last line. A second signal while that runs exits at once (the lock still goes: see outbox-lock.ts). Once
 * the command has finished and printed its result, it just ends.
 */
function stopOnSignals(interruption: CommandInterruption, json: boolean, finished: () => boolean): void {
  let firstAt = 0;
  const stop = (signal: NodeJS.Signals) => {
    if (finished()) return;
    if (interruption.signal !== null || interruption.handedToCommand) {
      // The settings file's writer (conf, through atomically's when-exit) cleans up on a signal and then sends
      // it again to this process: that echo comes at once, a person's second Ctrl-C does not.
      if (Date.now() - firstAt < SIGNAL_ECHO_MS) return;
      process.stderr.write(`statusdesk: ${signal} again: stopped at once; what was queued is kept: see "statusdesk outbox list"\n`);
      process.exit(signalExitCode(signal));
    }
    firstAt = Date.now();
    if (interruption.handToCommand(signal)) return;
    void interruption
      .settle(signal)
      .catch((): InterruptionReport => ({
        signal,
        exitCode: signalExitCode(signal),
        writes: [],
        lines: ['what was queued is kept: see "statusdesk outbox list"'],
      }))
      .then(async (report) => {
        const message = `interrupted (${report.signal}): ${report.lines.join('; ')}`;
        if (json)
          await write(
            process.stdout,
            `${JSON.stringify({ error: { code: 'cancelled', message }, writes: report.writes.map(({ id, fate }) => ({ id, state: fate })) })}\n`,
          );
        await write(process.stderr, `statusdesk: ${message}\n`);
        process.exit(report.exitCode);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text, () => resolve()));
}
