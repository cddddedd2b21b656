import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';

/* Watch says where each page stands at start, and a page that does not exist ends it with 1. */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  home = makeTempDir('statusdesk-watch-start-');
});
afterAll(async () => {
  await sim.close();
  home.remove();
});

const cli = (args: string[]) => runCliIn(home.dir, ['--base-url', sim.baseUrl, ...args]);

describe('statusdesk watch at start', () => {
  it('prints the starting state of each page', async () => {
    sim.openIncident({ page: 'acme', title: 'Elevated errors', type: 'minor', message: 'Looking into it' });
    const result = await cli(['watch', 'acme', '--for', '1']);
    expect(result.code, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(/^acme: Minor incident, 1 open incident$/m);
  });

  it('the demo prints the same starting lines as a watch of real pages', async () => {
    const result = await runCliIn(home.dir, ['watch', '--demo', '--demo-speed', '30']);
    expect(result.code, result.stderr).toBe(0);
    const output = `${result.stdout}${result.stderr}`;
    expect(output).toMatch(/^acme: Operational$/m);
    expect(output).toMatch(/^Nimbus Cloud: Operational$/m);
  });

  it('a page that does not exist is named and the command ends with 1, instead of watching nothing', async () => {
    const result = await cli(['watch', 'acme', 'nosuchpage', '--for', '30']);
    expect(result.code).toBe(1);
    expect(`${result.stdout}${result.stderr}`).toContain(`no status page "nosuchpage" on ${sim.baseUrl}`);
  });

  it('help shows each default once', async () => {
    const help = await cli(['watch', '--help']);
    expect(help.stdout).not.toMatch(/\(default 1\) \(default/);
    expect(help.stdout).toMatch(/--demo-speed <factor>\s+play the demo this many times faster \(default: "1"\)/);
  });
});
