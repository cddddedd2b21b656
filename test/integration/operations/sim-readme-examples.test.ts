import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/program';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';

interface SimInfo {
  translation: { baseUrl: string; key: string };
  operations: { baseUrl: string; accessToken: string; operations: string[] };
}

/** `npm run sim` starts all three simulators, so the translate and operations examples of docs/cli.md run as written. */
describe('npm run sim and the README examples', () => {
  let home: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    home = makeTempDir('statusdesk-sim-readme-');
  });
  afterEach(() => home.remove());

  async function cli(args: string[], env: Record<string, string>, stdin = '') {
    let stdout = '';
    let stderr = '';
    const code = await runCli(args, {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      env: { STATUSDESK_HOME: home.dir, CLOUDSDK_CONFIG: path.join(home.dir, 'no-gcloud'), ...env },
      readStdin: async () => stdin,
    });
    return { code, stdout, stderr };
  }

  it('prints the translation and operations simulators with a key and a token that work', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(repoRoot, 'electron/cli/sim.ts'),
        '--port',
        '0',
        '--translation-port',
        '0',
        '--operations-port',
        '0',
        '--provider-port',
        '0',
        '--json',
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const nl = out.indexOf('\n');
          if (nl >= 0) resolve(out.slice(0, nl));
        });
        child.on('exit', (code) => reject(new Error(`exited early with ${code}`)));
        setTimeout(() => reject(new Error('no output')), 20_000);
      });
      const info = JSON.parse(line) as SimInfo;
      expect(info.operations.operations).toEqual(['o1', 'o2', 'o3'].map((id) => `projects/p/locations/l/operations/${id}`));

      // printf 'We are investigating.\nA fix is deployed.\n' | npx statusdesk translate --from en --to de --translation-base-url $T
      const translated = await cli(
        ['translate', '--from', 'en', '--to', 'de', '--translation-base-url', info.translation.baseUrl],
        {
          STATUSDESK_TRANSLATION_KEY: info.translation.key,
        },
        'We are investigating.\nA fix is deployed.\n',
      );
      expect(translated.code, translated.stderr).toBe(0);
      expect(translated.stdout.split('\n').filter(Boolean)).toHaveLength(2);

      // npx statusdesk operations forget projects/p/locations/l/operations/o1 projects/p/locations/l/operations/o2 --operations-base-url $O
      const forgotten = await cli(
        [
          'operations',
          'forget',
          'projects/p/locations/l/operations/o1',
          'projects/p/locations/l/operations/o2',
          '--operations-base-url',
          info.operations.baseUrl,
        ],
        { STATUSDESK_ACCESS_TOKEN: info.operations.accessToken },
      );
      expect(forgotten.code, forgotten.stderr).toBe(0);
      expect(forgotten.stderr).toMatch(/2 of 2 forgotten/);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
