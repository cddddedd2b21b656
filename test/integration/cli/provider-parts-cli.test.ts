import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { startProviderSimulator, type ProviderSimulator } from '../../../simulators/provider';
import { makeTempDir } from '../../support/temp-dir';

/* statusdesk watch / status / summary --part and providers parts, against the provider simulator. */

let home: ReturnType<typeof makeTempDir>;
let providers: ProviderSimulator;
let url: string;
beforeAll(async () => {
  home = makeTempDir('statusdesk-parts-cli-');
  providers = await startProviderSimulator();
  url = providers.pageUrl('nimbus-cloud');
  providers.openIncident({
    page: 'nimbus-cloud',
    name: 'DNS down',
    impact: 'critical',
    components: [{ name: 'DNS', status: 'major_outage' }],
    body: 'Lookups fail.',
  });
});
afterAll(async () => {
  await providers.close();
  home.remove();
});

const cli = (args: string[]) => runCliIn(home.dir, args);

describe('statusdesk --part', () => {
  it('status counts only the parts followed, and says what is going on elsewhere', async () => {
    const other = await cli(['status', url, '--part', 'Public API']);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout.trim()).toBe(`Nimbus Cloud (${url}, Statuspage): Operational for 1 part followed; 1 incident in parts you do not follow`);
    const dns = await cli(['status', url, '--part', 'dns', '--part', 'Public API']);
    expect(dns.stdout.trim()).toBe(`Nimbus Cloud (${url}, Statuspage): Major outage for 2 parts followed`);
    const json = JSON.parse((await cli(['--json', 'status', url, '--part', 'Public API'])).stdout);
    expect(json).toMatchObject({ level: 'operational', parts: ['Public API'], elsewhere: [{ title: 'DNS down', parts: ['DNS'] }] });
  });

  it('summary shows the parts followed and the incidents aside', async () => {
    const summary = await cli(['summary', url, '--part', 'Public API']);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stdout).toContain('Following: Public API (and what names no part)\nComponents:\n  Public API: Operational\n');
    expect(summary.stdout).toContain('Elsewhere (affects parts you do not follow, not counted):\n  DNS down  [DNS]');
    expect(summary.stdout).not.toContain('Incidents:');
  });

  it('watch starts from the level of the parts followed', async () => {
    const watch = await cli(['watch', url, '--part', 'Public API', '--interval', '15', '--for', '1']);
    expect(watch.code, watch.stderr).toBe(0);
    // The page as a whole is in a major outage (DNS): not what the part followed sees.
    expect(watch.stderr).toMatch(/^Nimbus Cloud: Operational$/m);
  });

  it('is refused for an own page, and when it is not a name', async () => {
    const own = await cli(['status', 'acme', '--part', 'API']);
    expect(own.code).toBe(2);
    expect(own.stderr).toContain("--part: acme is not a provider's page");
    const blank = await cli(['summary', url, '--part', ' ']);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain('--part:');
  });
});

describe('statusdesk providers parts', () => {
  it("lists the page's parts as its answer names them, and searches them", async () => {
    const all = await cli(['providers', 'parts', url]);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout.split('\n')[0]).toMatch(/^PART\s+NAME\s+NAMED$/);
    for (const part of ['Compute', 'Virtual machines', 'Object storage', 'DNS', 'Public API'])
      expect(all.stdout).toMatch(new RegExp(`^${part}\\s+in its answer now$`, 'm'));
    const found = JSON.parse((await cli(['--json', 'providers', 'parts', url, '--search', 'storage'])).stdout);
    expect(found).toMatchObject({ name: 'Nimbus Cloud', format: 'statuspage', parts: [{ key: 'Object storage', seen: true }] });
    const none = await cli(['providers', 'parts', url, '--search', 'nothing-like-it']);
    expect(none.code).toBe(1);
  });
});
