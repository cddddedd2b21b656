import { runCli } from '../../../../electron/cli/program';
import type { CliIo } from '../../../../electron/cli/output';

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** What a test may give the command line beyond its environment: stdin, a terminal, a prompt. */
export type CliIoExtras = Omit<CliIo, 'stdout' | 'stderr' | 'env'>;

/** The command line in this process, with its output captured and its data folder (and environment) given. */
export async function runCliIn(dataDir: string, args: string[], env: Record<string, string> = {}, extras: CliIoExtras = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { ...extras, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: { STATUSDESK_HOME: dataDir, ...env } });
  return { code, stdout, stderr };
}
