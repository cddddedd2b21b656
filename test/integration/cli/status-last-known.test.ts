import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderSimulator, type ProviderSimulator } from '../../../simulators/provider';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { runCliIn } from './support/run-cli';

/*
 * `statusdesk status` of a page that does not answer says it is not
 * reachable and gives its level as last known, with the last successful check and this attempt apart, and
 * exits 1; never the last level as if it were now. A page never read, or one the server says does not exist,
 * is a plain failure.
 */

let home: ReturnType<typeof makeTempDir>;
let sim: StatusPageSimulator;
let providers: ProviderSimulator;
beforeAll(async () => {
  home = makeTempDir('statusdesk-status-last-known-');
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  providers = await startProviderSimulator();
});
afterAll(async () => {
  await providers.close();
  await sim.close();
  home.remove();
});

const cli = (args: string[]) => runCliIn(home.dir, ['--utc', '--base-url', sim.baseUrl, ...args]);
const ISO = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z';

describe('statusdesk status of a page that does not answer', () => {
  it('tells the last known level as last known, with the last successful check and the failed attempt apart', async () => {
    const first = await cli(['status', 'acme']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe('Acme (acme): Operational\n');

    sim.setFaults({ pathPrefix: '/status_pages/acme/status', errorRates: { 503: 1 }, retryAfterSeconds: null });
    try {
      const stale = await cli(['status', 'acme']);
      expect(stale.code).toBe(1);
      const [head, success, attempt] = stale.stdout.trimEnd().split('\n');
      expect(head).toMatch(new RegExp(`^Acme \\(acme\\): not reachable — last known: Operational at ${ISO}$`));
      expect(success).toMatch(new RegExp(`^  last successful check: ${ISO}$`));
      expect(attempt).toMatch(new RegExp(`^  last attempt: +${ISO}, failed: .+`));
      expect(stale.stdout).not.toMatch(/^Acme \(acme\): Operational$/m);

      const json = await cli(['--json', 'status', 'acme']);
      expect(json.code).toBe(1);
      const body = JSON.parse(json.stdout) as Record<string, unknown>;
      expect(body).toMatchObject({ subdomain: 'acme', name: 'Acme', stale: true, lastKnown: { level: 'operational', type: null }, error: { code: 'http' } });
      expect(Date.parse(body.lastAttemptAt as string)).toBeGreaterThan(Date.parse(body.lastSuccessAt as string));
    } finally {
      sim.clearFaults();
    }
  });

  it('a page never read, or one that does not exist, fails plainly', async () => {
    sim.setFaults({ pathPrefix: '/status_pages/globex/status', errorRates: { 503: 1 }, retryAfterSeconds: null });
    try {
      const never = await cli(['status', 'globex']);
      expect(never.code).toBe(1);
      expect(never.stdout).toBe('');
      expect(never.stderr).not.toMatch(/last known/);
    } finally {
      sim.clearFaults();
    }
    const missing = await cli(['status', 'no-such-page']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).not.toMatch(/last known/);
  });

  it('a provider page, by its address, the same way', async () => {
    const url = providers.pageUrl('parcel-cdn');
    const first = await cli(['status', url]);
    expect(first.code, first.stderr).toBe(0);
    providers.setFaults({ errorRates: { 503: 1 } });
    try {
      const stale = await cli(['status', url]);
      expect(stale.code).toBe(1);
      expect(stale.stdout).toMatch(
        new RegExp(`^Parcel CDN \\(${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\): not reachable — last known: Operational at ${ISO}\n`),
      );
    } finally {
      providers.setFaults({});
    }
  });
});
