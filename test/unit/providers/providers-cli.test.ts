import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/program';
import { providerCatalogue } from '../../../shared/providers/catalogue';
import { makeTempDir } from '../../support/temp-dir';
// The command's module, which a run loads on demand: loaded with this file, not within the first test's time.
import '../../../electron/cli/commands/providers';

let temp: ReturnType<typeof makeTempDir> | null = null;
afterEach(() => {
  temp?.remove();
  temp = null;
});

async function cli(args: string[]) {
  temp ??= makeTempDir('statusdesk-providers-cli-');
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: { STATUSDESK_HOME: temp.dir } });
  return { code, stdout, stderr };
}

describe('statusdesk providers search', () => {
  it('prints name, address and format of the matches, best first', async () => {
    const run = await cli(['providers', 'search', 'open', 'ai']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+ADDRESS\s+FORMAT$/);
    expect(lines[1]).toMatch(/^OpenAI\s+https:\/\/status\.openai\.com\s+incidentio$/);
  });

  it('--json prints the entries; an empty search lists all', async () => {
    const all = await cli(['--json', 'providers', 'search']);
    expect(all.code).toBe(0);
    const entries = JSON.parse(all.stdout) as Array<{ name: string; url: string; format: string }>;
    expect(entries).toHaveLength(providerCatalogue().length);
    expect(entries.length).toBeGreaterThanOrEqual(500);
    const gitlab = JSON.parse((await cli(['--json', 'providers', 'search', 'gitlab'])).stdout) as unknown[];
    expect(gitlab).toEqual([expect.objectContaining({ name: 'GitLab', format: 'statusio', url: 'https://api.status.io/1.0/status/5b36dc6502d06804c08349f7' })]);
  });

  it('says so when nothing matches, with exit code 1', async () => {
    const run = await cli(['providers', 'search', 'no-such-provider-zz']);
    expect(run).toMatchObject({ code: 1, stdout: 'No provider matches "no-such-provider-zz".\n' });
  });
});
