import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../support/paths';

/** `npm run sim` entry: prints the base URL and keys, serves, stops on SIGTERM. */
describe('sim CLI', () => {
  it('starts on the requested port, prints base URL and keys, and stops on SIGTERM', async () => {
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
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
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
      const info = JSON.parse(line);
      expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
      expect(info.keys.demoReadWrite).toBeTruthy();
      expect(info.keys.demoReadOnly).toBeTruthy();
      expect(info.pages).toEqual(['acme', 'acme-eu', 'globex']);
      const res = await fetch(`${info.baseUrl}/status_pages/acme/subscriptions`, { headers: { authorization: info.keys.demoReadOnly } });
      expect(res.status).toBe(200);
      // The provider pages (public Statuspage format) beside it.
      expect(info.providers.pages).toHaveLength(3);
      const provider = await fetch(`${info.providers.pages[0]}/api/v2/summary.json`);
      expect([provider.status, provider.headers.get('etag') !== null]).toEqual([200, true]);
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
