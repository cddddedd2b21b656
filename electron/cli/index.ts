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
  const code = await runCli(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    stdinIsTty: process.stdin.isTTY === true,
    stdoutIsTty: process.stdout.isTTY === true,
    promptSecret: (prompt) => readHiddenLine(process.stdin, process.stderr, prompt),
    readStdin: async () => {
      if (process.stdin.isTTY) return '';
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  });
  finished = true;
  process.off('beforeExit', reportUnfinished);
  process.exitCode = code;
}
