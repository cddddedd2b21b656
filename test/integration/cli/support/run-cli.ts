import { runCli } from '../../../../electron/cli/program';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command line in this process, with its output captured and its data folder (and environment) given. */
export async function runCliIn(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: { STATUSDESK_HOME: dataDir, ...env } });
  return { code, stdout, stderr };
}
