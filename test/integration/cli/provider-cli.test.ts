import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { startProviderSimulator, type ProviderSimulator } from '../../../simulators/provider';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { MONITOR_EVENT_TYPES, monitorEventSchema } from '../../../shared/monitor/events';
import { makeTempDir } from '../../support/temp-dir';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { providerWatchedPage } from '../../../electron/core/monitor/provider-page';

/* statusdesk watch / status / summary with the address of a provider page (public Statuspage format), against the provider simulator. */

let home: ReturnType<typeof makeTempDir>;
let providers: ProviderSimulator;
let own: StatusPageSimulator;
beforeAll(async () => {
  home = makeTempDir('statusdesk-provider-cli-');
  providers = await startProviderSimulator();
  own = await startStatusPageSimulator({ seed: 'demo' });
});
afterAll(async () => {
  await providers.close();
  await own.close();
  home.remove();
});

const cli = (args: string[]) => runCliIn(home.dir, args);

describe('statusdesk with provider pages', () => {
  it('status <URL> and summary <URL> read the page, in text and --json', async () => {
    const url = providers.pageUrl('payflow');
    const id = providers.openIncident({
      page: 'payflow',
      name: 'Payout delays',
      impact: 'minor',
      components: [{ name: 'Payouts', status: 'degraded_performance' }],
      body: 'Payouts are late by an hour.',
    });
    try {
      const status = await cli(['status', url]);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout.trim()).toBe(`PayFlow Payments (${url}, Statuspage): Minor incident`);
      const statusJson = await cli(['--json', 'status', `${url}/api/v2/summary.json`]);
      expect(JSON.parse(statusJson.stdout)).toEqual({
        kind: 'provider',
        url,
        name: 'PayFlow Payments',
        level: 'minor',
        format: 'statuspage',
        indicator: 'minor',
      });

      const summary = await cli(['summary', url]);
      expect(summary.code, summary.stderr).toBe(0);
      expect(summary.stdout).toContain('  Payments: Degraded performance\n    Card payments: Operational\n    Payouts: Degraded performance');
      expect(summary.stdout).toMatch(
        /Incidents:\n {2}\[Minor incident\] Payout delays since \S+ {2}http:\/\/127\.0\.0\.1:\d+\/pages\/payflow\/incidents\/\w+\n {6}investigating: Payouts are late by an hour\./,
      );
      const summaryJson = JSON.parse((await cli(['--json', 'summary', url])).stdout);
      expect(summaryJson).toMatchObject({
        kind: 'provider',
        url,
        name: 'PayFlow Payments',
        level: 'minor',
        incidents: [{ title: 'Payout delays', type: 'minor' }],
      });
    } finally {
      providers.resolveIncident({ page: 'payflow', incidentId: id, body: 'Done.' });
    }
  });

  it('refuses plain http beyond this computer (exit 2) and names an unreachable page (exit 1)', async () => {
    const insecure = await cli(['status', 'http://status.example.com']);
    expect([insecure.code, insecure.stderr]).toEqual([2, expect.stringMatching(/https/)]);
    const missing = await cli(['summary', providers.pageUrl('nobody')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/404/);
    const watchBad = await cli(['watch', 'ftp://status.example.com']);
    expect(watchBad.code).toBe(2);
  });

  it('watch <URL> <subdomain> --json: the provider page beside an own page, the same event types', async () => {
    const url = providers.pageUrl('nimbus-cloud');
    const running = cli(['--base-url', own.baseUrl, '--json', 'watch', url, 'acme', '--interval', '15', '--for', '18']);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    providers.resetStats();
    const id = providers.openIncident({
      page: 'nimbus-cloud',
      name: 'DNS resolution failures',
      impact: 'critical',
      components: [{ name: 'DNS', status: 'major_outage' }],
      body: 'Lookups fail.',
    });
    const { code, stdout, stderr } = await running;
    providers.resolveIncident({ page: 'nimbus-cloud', incidentId: id, body: 'Fixed.' });
    expect(code, stderr).toBe(0);
    const events = stdout
      .trim()
      .split('\n')
      .map((line) => monitorEventSchema.parse(JSON.parse(line)));
    for (const event of events) expect(MONITOR_EVENT_TYPES).toContain(event.type);
    expect(events.map((e) => e.type).sort()).toEqual(['incident.opened', 'page.level_changed', 'service.level_changed']);
    expect(events.every((e) => e.page.name === 'Nimbus Cloud' && e.page.subdomain.endsWith('pages-nimbus-cloud'))).toBe(true);
    expect(events.find((e) => e.type === 'incident.opened')).toMatchObject({
      incident: { title: 'DNS resolution failures', type: 'critical', level: 'major' },
      pageLevel: { from: 'operational', to: 'major' },
    });
    expect(providers.stats().perPage['nimbus-cloud']).toBe(1);
  });

  it('reads every format the window reads, told by the address or by what it answers, and --format forces one', async () => {
    const formats = await startProviderSimulator({ seed: 'formats' });
    try {
      // status.io's and Cachet's documents name no page: it goes by its address, as in the window.
      const cases: Array<[string, RegExp, RegExp]> = [
        ['relay-ai', /^Relay AI$/, /^(statuspage|incidentio)$/],
        ['hatch-hosting', /^Hatch Hosting$/, /^instatus$/],
        ['ledger-git', /^127\.0\.0\.1:\d+$/, /^statusio$/],
        ['openlane-mail', /^127\.0\.0\.1:\d+$/, /^cachet$/],
        ['stratus-cloud', /^Stratus Cloud$/, /^feed$/],
        // Cachet 3 answers only at <page>/api/components: found by what it answers, as Cachet.
        ['quay-status', /^127\.0\.0\.1:\d+$/, /^cachet$/],
      ];
      formats.addPage({ slug: 'quay-status', name: 'Quay Status', format: 'cachet', cachetVersion: 3, components: ['Registry', 'Builds'] });
      for (const [slug, name, format] of cases) {
        const url = formats.pageUrl(slug);
        const status = await runCliIn(home.dir, ['--json', 'status', url]);
        expect(status.code, `${slug}: ${status.stderr}`).toBe(0);
        const body = JSON.parse(status.stdout) as { format: string; name: string; level: string };
        expect(body.name, slug).toMatch(name);
        expect(body.level, slug).toBe('operational');
        expect(body.format, slug).toMatch(format);
        const summary = await runCliIn(home.dir, ['summary', url]);
        expect(summary.code, `${slug}: ${summary.stderr}`).toBe(0);
        expect(summary.stdout, slug).toContain('Components:');
      }
      const hatch = await runCliIn(home.dir, ['status', formats.pageUrl('hatch-hosting')]);
      expect(hatch.stdout).toMatch(/^Hatch Hosting \(.+, Instatus\): /);
      const forced = await runCliIn(home.dir, ['status', '--format', 'cachet', formats.pageUrl('hatch-hosting')]);
      expect(forced.code).toBe(1);
      const badFormat = await runCliIn(home.dir, ['status', '--format', 'json', formats.pageUrl('hatch-hosting')]);
      expect([badFormat.code, badFormat.stderr]).toEqual([
        2,
        expect.stringMatching(/--format: one of statuspage, incidentio, instatus, statusio, cachet, feed/),
      ]);

      // No page named: every page watched in the app, each in its format.
      const watching = makeTempDir('statusdesk-status-all-');
      try {
        new SettingsStore(watching.dir).update((draft) => {
          draft.watchedPages.push(
            providerWatchedPage(formats.pageUrl('hatch-hosting'), { format: 'instatus' }),
            providerWatchedPage(formats.pageUrl('stratus-cloud'), { format: 'feed' }),
          );
        });
        const all = await runCliIn(watching.dir, ['status']);
        expect(all.code, all.stderr).toBe(0);
        expect(all.stdout.trim().split('\n')).toEqual([
          expect.stringMatching(/^Hatch Hosting \(.+, Instatus\): Operational$/),
          expect.stringMatching(/^Stratus Cloud \(.+, RSS\/Atom feed\): Operational$/),
        ]);
        const none = await runCliIn(home.dir, ['status']);
        expect([none.code, none.stderr]).toEqual([2, expect.stringMatching(/no pages are watched yet/)]);
      } finally {
        watching.remove();
      }
    } finally {
      await formats.close();
    }
  });
});
