import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { startCli, until } from './support/cli-child';
import { startProviderSimulator, type ProviderSimulator } from '../../../simulators/provider';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';

/*
 * No operation ids, paths or raw values in what it prints
 * (watch, status <provider URL>, resolve, the 403); one wording of levels in status, summary and watch;
 * watch --demo ends with a closing line; outbox list says what each write is.
 */

let sim: StatusPageSimulator;
let providers: ProviderSimulator;
let home: ReturnType<typeof makeTempDir>;
beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  providers = await startProviderSimulator();
  home = makeTempDir('statusdesk-words-cli-');
});
afterAll(async () => {
  await providers.close();
  await sim.close();
  home.remove();
});

const cli = (args: string[], env: Record<string, string> = {}) => runCliIn(home.dir, args, env);
const own = (args: string[], env: Record<string, string> = {}) => cli(['--base-url', sim.baseUrl, ...args], env);
const DEVELOPER_TEXT = /\b(?:GET|POST|PUT|DELETE) \/|\{[A-Za-z]+\}|getPageSummary|getPageStatus|addIncidentUpdate|createIncident|partial_outage|not_found/;

describe('levels in one wording', () => {
  it('status, summary and watch say a level the same way', async () => {
    const incident = sim.openIncident({ page: 'acme', title: 'Slow checkout', type: 'minor', message: 'Looking into it' });
    try {
      const status = await own(['status', 'acme']);
      expect(status.stdout).toBe('Acme (acme): Minor incident\n');
      const summary = await own(['summary', 'acme']);
      expect(summary.stdout).toMatch(/^Acme \(acme\): Minor incident$/m);
      expect(summary.stdout).toMatch(/^ {2}#\d+ \[Minor incident\] Slow checkout since /m);
      const watch = await own(['watch', 'acme', '--for', '1']);
      expect(watch.stderr).toMatch(/^acme: Minor incident, 1 open incident$/m);
    } finally {
      sim.resolveIncident({ page: 'acme', incidentId: incident.id });
    }
  });

  it("a provider's component states are words, never the format's values", async () => {
    const url = providers.pageUrl('payflow');
    providers.openIncident({
      page: 'payflow',
      name: 'Card outage',
      impact: 'major',
      components: [{ name: 'Card payments', status: 'partial_outage' }],
      body: 'Down',
    });
    const summary = await cli(['summary', url]);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stdout).toMatch(/Card payments: Partial outage/);
    expect(summary.stdout).not.toMatch(DEVELOPER_TEXT);
  });
});

describe('failures in people’s words', () => {
  it('status of a provider address with no status page: the address and what to check', async () => {
    const result = await cli(['status', `${providers.origin}/pages/no-such-provider`]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `statusdesk: ${providers.origin}/pages/no-such-provider has no status page in the Statuspage format (404). Check the address: a provider's status page, such as https://status.example.com.\n`,
    );
  });

  it('watch of a page that does not exist: which page, which server, what to check', async () => {
    const result = await own(['watch', 'nosuchpage', '--for', '5']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `statusdesk: Could not check nosuchpage: there is no status page "nosuchpage" on ${sim.baseUrl} (404). Check the subdomain`,
    );
    expect(result.stderr).not.toMatch(DEVELOPER_TEXT);
  });

  it('resolve with a read-only key: the 403 says what to use instead, without the operation or its path', async () => {
    const incident = sim.openIncident({ page: 'acme', title: 'Queue backlog', type: 'minor', message: 'Looking into it' });
    try {
      const result = await own(['incidents', 'resolve', 'acme', String(incident.id)], { STATUSDESK_API_KEY: sim.keys.demoReadOnly });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/may not make this change \(403\)/);
      expect(result.stderr).toMatch(/read-only key/);
      expect(result.stderr).not.toMatch(DEVELOPER_TEXT);
    } finally {
      sim.resolveIncident({ page: 'acme', incidentId: incident.id });
    }
  });
});

describe('watch --demo', () => {
  it('ends with a closing line: what it saw, why it stopped', async () => {
    const { code, stderr } = await cli(['watch', '--demo', '--demo-speed', '30']);
    expect(code, stderr).toBe(0);
    const last = stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^watch stopped after \d+ s: the demo's scenario ended\. Saw \d+ changes: /);
    // The own page's incident and the provider's beside it.
    expect(last).toMatch(/2 incidents opened, 3 updates, 2 incidents resolved, 1 maintenance started, 1 maintenance ended/);
    expect(last).toMatch(/At the end: Acme: Operational; Nimbus Cloud: Operational\.$/);
  });

  it('--for says the time ran out', async () => {
    const { stderr } = await cli(['watch', '--demo', '--demo-speed', '1', '--for', '1']);
    expect(stderr.trim().split('\n').at(-1)).toMatch(/^watch stopped after 1 s: --for 1 s ran out\. /);
  });

  it.each([
    ['SIGINT', 130, 'it was interrupted \\(Ctrl\\+C\\)'],
    ['SIGTERM', 143, 'it was asked to stop \\(SIGTERM\\)'],
  ] as const)(
    '%s (the real binary) ends it with the closing line, and exit %i',
    async (signal, exitCode, why) => {
      const run = startCli(['watch', '--demo', '--demo-speed', '10'], { STATUSDESK_HOME: home.dir });
      await until(() => run.stdout().includes('\n'), 'the first change');
      run.child.kill(signal);
      const { code, stderr } = await run.exited;
      expect(code, stderr).toBe(exitCode);
      const last = stderr.trim().split('\n').at(-1)!;
      expect(last).toMatch(new RegExp(`^watch stopped after \\d+ s: ${why}\\. Saw \\d+ changes?: `));
      expect(last).toMatch(/At the end: Acme: [^;]+; Nimbus Cloud: [^.]+\.$/);
      // The closing line is the last word: no report of writes from a command that writes nothing.
      expect(stderr).not.toMatch(/interrupted \(SIG/);
    },
    30_000,
  );
});

describe('outbox list', () => {
  it('says what each write is: the title, the update’s first words', async () => {
    const env = { STATUSDESK_API_KEY: sim.keys.demoReadWrite };
    await sim.goOffline();
    try {
      await own(['incidents', 'create', 'acme', '--title', 'Payments failing', '--type', 'major', '--message', 'Investigating'], env);
      const listed = await own(['--json', 'outbox', 'list']);
      const tempId = (JSON.parse(listed.stdout) as { entries: Array<{ tempId?: string }> }).entries.at(-1)!.tempId!;
      await own(['incidents', 'update', 'acme', tempId, '--message', 'We found the cause in the payment gateway and are rolling back the release'], env);
      const table = await own(['outbox', 'list']);
      expect(table.stdout).toMatch(/New incident “Payments failing”/);
      expect(table.stdout).toMatch(/Update to incident “Payments failing”: “We found the cause in the payment gateway and…”/);
      expect(table.stdout).not.toMatch(/createIncident|addIncidentUpdate/);
    } finally {
      await sim.goOnline();
      for (const entry of (JSON.parse((await own(['--json', 'outbox', 'list'])).stdout) as { entries: Array<{ id: string }> }).entries) {
        await own(['outbox', 'drop', entry.id.slice(0, 8)]);
      }
    }
  });
});
