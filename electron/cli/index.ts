import { runCli } from './program';

/** Entry point of the `statusdesk` binary (bin/statusdesk.js). */
export async function main(argv: string[]): Promise<void> {
  // The reader went away (`statusdesk watch --json | head -1`): that ends the command, quietly and successfully.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  const code = await runCli(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    readStdin: async () => {
      if (process.stdin.isTTY) return '';
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  });
  process.exitCode = code;
}
