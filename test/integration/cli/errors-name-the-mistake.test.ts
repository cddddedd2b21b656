import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';

/*
 * A wrong page, a base URL without /api/v2 and a server name that does not resolve each say
 * which page, which address and the likely fix, instead of the operation's path template; --region takes
 * EU as eu (item 13).
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo' });
  home = makeTempDir('statusdesk-cli-errors-');
});
afterAll(async () => {
  await sim.close();
  home.remove();
});

const cli = (args: string[]) => runCliIn(home.dir, args);

describe('command-line errors name the mistake', () => {
  it('a page that does not exist: which page, which server, what to check', async () => {
    const result = await cli(['--base-url', sim.baseUrl, 'status', 'nosuchpage']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `statusdesk: There is no status page "nosuchpage" on ${sim.baseUrl} (404). Check the subdomain, the first part of the page's address (acme for acme.statuspal.io), and the region (--region us or eu).\n`,
    );
    expect(result.stderr).not.toContain('{subdomain}');
    expect(result.stderr).not.toMatch(/GET \/|getPageStatus/);
  });

  it('a base URL without /api/v2: the fix, spelled out', async () => {
    const result = await cli(['--json', '--base-url', sim.origin, 'summary', 'acme']);
    expect(result.code).toBe(1);
    const { error } = JSON.parse(result.stdout) as { error: { code: string; message: string } };
    expect(error.message).toBe(
      `There is no status page API at ${sim.origin} (404). A Status Page API base URL ends in /api/v2; try --base-url ${sim.origin}/api/v2.`,
    );
    expect(result.stderr).toContain(`try --base-url ${sim.origin}/api/v2`);
  });

  it('a server name that does not resolve: the host and the address to check', async () => {
    const result = await cli(['--base-url', 'https://statusdesk-no-such-host.invalid/api/v2', 'status', 'acme']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^statusdesk: The server statusdesk-no-such-host\.invalid could not be found \((ENOTFOUND|EAI_AGAIN)\)\. Check the address \(--base-url or the account's region\) and the network\.$/m,
    );
  });

  it('--region EU is eu; an unknown region is a usage error', async () => {
    const eu = await cli(['--region', 'EU', '--json', 'hello']);
    // The EU region's real server cannot be reached from the test machine: what matters is that EU was accepted.
    expect(eu.stderr).not.toMatch(/--region must be/);
    const wrong = await cli(['--region', 'mars', 'hello']);
    expect(wrong).toMatchObject({ code: 2, stderr: 'statusdesk: --region must be us or eu, not "mars"\n' });
  });
});
