import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderHistoryStore } from '@core/history/provider-history-store';
import { SettingsStore } from '@core/settings/settings-store';
import type { PageState } from '@shared/monitor/page-state';
import type { PageSnapshot } from '@shared/monitor/snapshot';
import type { BaseLevel } from '@shared/statuspal/levels';
import { watchedPageSchema } from '@shared/monitor/watched-page';
import { makeTempDir } from '../../support/temp-dir';
import { runCliIn } from './support/run-cli';

/*
 * `statusdesk history <page>` reads the history the app keeps in the same data folder: here written by the
 * app's own store (two hours of a provider page ending now, one of them with its storage down and an incident),
 * then read by the real command.
 */

const PARCEL_ID = '00000000-0000-4000-8000-0000000000b2';
const PAGE_ID = '00000000-0000-4000-8000-0000000000aa';
const MIN = 60_000;
let home: ReturnType<typeof makeTempDir>;

function state(at: number, storage: BaseLevel, incidents: PageSnapshot['incidents']): PageState {
  const summary: PageSnapshot = {
    name: 'Nimbus Cloud',
    subdomain: 'nimbus',
    url: null,
    timeZone: null,
    currentType: null,
    level: storage === 'operational' ? 'operational' : 'major',
    hasStatusType: true,
    services: [
      { id: 1, name: 'Compute', currentType: null, level: 'operational', children: [] },
      { id: 2, name: 'Storage', currentType: null, level: storage, children: [] },
    ],
    incidents,
    maintenances: [],
    upcomingMaintenances: [],
    infoNotices: [],
    customTypes: {},
  };
  const iso = new Date(at).toISOString();
  return {
    pageId: PAGE_ID,
    name: 'Nimbus Cloud',
    subdomain: 'nimbus',
    region: 'custom',
    kind: 'provider',
    url: 'https://status.nimbus.example',
    status: 'ok',
    level: summary.level,
    stale: false,
    staleSince: null,
    lastCheckedAt: iso,
    lastSuccessAt: iso,
    nextCheckAt: null,
    consecutiveFailures: 0,
    error: null,
    paused: null,
    muted: false,
    summary,
  };
}

beforeAll(async () => {
  home = makeTempDir('statusdesk-history-cli-');
  new SettingsStore(home.dir).update((draft) => {
    draft.watchedPages.push(
      watchedPageSchema.parse({
        id: PAGE_ID,
        kind: 'provider',
        url: 'https://status.nimbus.example',
        name: 'Nimbus Cloud',
        region: 'custom',
        subdomain: 'nimbus',
      }),
      // Watched by its address alone: it goes by the name its page gives itself, as in the window.
      watchedPageSchema.parse({ id: PARCEL_ID, kind: 'provider', url: 'https://status.parcel.example', region: 'custom', subdomain: 'parcel' }),
    );
  });
  const now = Date.now();
  const start = now - 120 * MIN;
  const store = await ProviderHistoryStore.open({ dataDir: home.dir, now: () => now });
  const incident = (resolved: boolean) => ({
    id: 9,
    type: 'major',
    level: 'major' as const,
    title: 'Object storage errors',
    url: null,
    startsAt: null,
    endsAt: null,
    serviceIds: [2],
    updateIds: [1],
    latestUpdate: null,
    resolved,
  });
  for (let m = 0; m <= 120; m++) {
    const down = m >= 30 && m < 90;
    store.observe(state(start + m * MIN, down ? 'major' : 'operational', down ? [incident(false)] : m < 30 ? [] : [incident(true)]));
  }
  store.observe({
    ...state(now - 10 * MIN, 'operational', []),
    pageId: PARCEL_ID,
    name: 'Parcel CDN',
    subdomain: 'parcel',
    url: 'https://status.parcel.example',
  });
  store.observe({ ...state(now, 'operational', []), pageId: PARCEL_ID, name: 'Parcel CDN', subdomain: 'parcel', url: 'https://status.parcel.example' });
  await store.dispose();
});
afterAll(() => home.remove());

describe('statusdesk history', () => {
  it('prints availability per component, the days, the periods not operational and the incidents', async () => {
    const result = await runCliIn(home.dir, ['--utc', 'history', 'Nimbus Cloud', '--days', '7']);
    expect(result.code, result.stderr).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(/^Nimbus Cloud: the last 7 days as this computer observed them \(observed 2 h;/);
    expect(out).toMatch(/^Compute\s+100 %\s+100 %$/m);
    expect(out).toMatch(/^Storage\s+50\.0 %\s+50\.0 %$/m);
    // Six days not observed, then today's worst level.
    expect(out).toMatch(/^Storage\s+······M$/m);
    expect(out).toMatch(/Z – .*Z {2}Storage: major outage/);
    expect(out).toMatch(/\[major outage\] Object storage errors/);
  });

  it('--json gives the history and the figures; an unknown page is a usage error that names the watched ones', async () => {
    const json = await runCliIn(home.dir, ['--json', 'history', 'https://status.nimbus.example/']);
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as {
      history: { components: Array<{ name: string }>; incidents: Array<{ title: string; resolved: number | null }> };
      availability: Array<{ name: string; '24h': { percent: number } }>;
    };
    expect(body.history.components.map((c) => c.name)).toEqual(['Compute', 'Storage']);
    expect(body.history.incidents).toMatchObject([{ title: 'Object storage errors' }]);
    expect(body.history.incidents[0]!.resolved).not.toBeNull();
    expect(body.availability.find((a) => a.name === 'Storage')!['24h'].percent).toBeCloseTo(50);

    const unknown = await runCliIn(home.dir, ['history', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no watched page "nope" \(watched: Nimbus Cloud, Parcel CDN\)/);
    const parcel = await runCliIn(home.dir, ['history', 'parcel cdn']);
    expect(parcel.code, parcel.stderr).toBe(0);
    expect(parcel.stdout).toMatch(/^Parcel CDN: the last 90 days/);
    const days = await runCliIn(home.dir, ['history', 'Nimbus Cloud', '--days', '91']);
    expect(days.code).toBe(2);
  });
});
