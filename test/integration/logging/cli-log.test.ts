import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';

/*
 * The command line's log, logs/cli.log in the data folder, written by the installed binary:
 * each command's start and end, its outbox writes' transitions, its failures as the user read them; never a
 * key, a title or a body; nothing at all (and no data folder made) for --version.
 */

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function statusdesk(home: string, args: string[], env: Record<string, string> = {}) {
  return promisify(execFile)(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), ...args], {
    env: { ...process.env, STATUSDESK_HOME: home, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

async function simulator(): Promise<StatusPageSimulator> {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  cleanup.push(() => sim.close());
  return sim;
}

describe('the command line log', () => {
  it('a write: the command, its outbox transitions and its end; a failure in the words printed; never the key', async () => {
    const sim = await simulator();
    const home = makeTempDir('statusdesk-cli-log-');
    cleanup.push(() => home.remove());
    const key = sim.keys.demoReadWrite;
    const env = { STATUSDESK_API_KEY: key };
    const created = await statusdesk(
      home.dir,
      ['--base-url', sim.baseUrl, 'incidents', 'create', 'acme', '--title', 'Logged from a terminal', '--type', 'minor'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const refused = await statusdesk(home.dir, ['--base-url', sim.baseUrl, 'status', 'no-such-page'], env);
    expect(refused.code).toBe(1);

    const log = fs.readFileSync(path.join(home.dir, 'logs', 'cli.log'), 'utf8');
    expect(log).toMatch(/info {2}statusdesk incidents create started: version [\d.]+, node /);
    expect(log).toMatch(/outbox: [0-9a-f-]{36} statuspal createIncident: pending/);
    expect(log).toMatch(/outbox: [0-9a-f-]{36} statuspal createIncident: in_flight → sent \(server id \d+\)/);
    expect(log).toMatch(/info {2}statusdesk incidents create ended with exit code 0 after \d+ ms/);
    expect(log).toMatch(/info {2}statusdesk status started/);
    expect(log).toMatch(/stderr: statusdesk: There is no status page/);
    expect(log).toMatch(/warn {2}stderr: statusdesk: .*/);
    expect(log).toMatch(/warn {2}statusdesk status ended with exit code 1/);
    expect(log).not.toContain(key);
    expect(log).not.toContain('Logged from a terminal');
    // Only the command's words name it; its failure is logged as it was printed.
    expect(log).not.toMatch(/statusdesk status no-such-page/);
    expect(fs.statSync(path.join(home.dir, 'logs')).mode & 0o777).toBe(0o700);
  });

  it('--version and --help write nothing and make no data folder', async () => {
    const parent = makeTempDir('statusdesk-cli-log-fresh-');
    cleanup.push(() => parent.remove());
    const home = path.join(parent.dir, 'Statusdesk');
    expect((await statusdesk(home, ['--version'])).code).toBe(0);
    expect((await statusdesk(home, ['--help'])).code).toBe(0);
    expect(fs.existsSync(home)).toBe(false);
  });
});
