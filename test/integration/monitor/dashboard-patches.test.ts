import { afterEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { MonitorFeature } from '../../../electron/core/monitor/monitor-feature';
import { dashboardPatchSchema, dashboardViewSchema, pageDetailSchema, type DashboardPatch } from '../../../shared/monitor/dashboard-patch';
import { acceptDetail, applyPatch, applyView, emptyMirror } from '../../../shared/monitor/patch-mirror';
import { watchedPageSchema } from '../../../shared/monitor/watched-page';
import { makeTempDir } from '../../support/temp-dir';
import { createAppBus } from '../../../electron/core/events/app-events';

/*
 * The dashboard's push path against the real simulator: a MonitorFeature polls real pages, and the renderer's
 * mirror (shared/monitor/patch-mirror, what the Pinia store runs) applies its patches. Every message is
 * checked against the contract's schema, as the event bus does.
 */

const ACME = '00000000-0000-4000-8000-000000000001';
const GLOBEX = '00000000-0000-4000-8000-000000000002';
const cleanup: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function setup() {
  const sim: StatusPageSimulator = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  cleanup.push(() => sim.close());
  const home = makeTempDir('statusdesk-patches-');
  cleanup.push(() => home.remove());
  const settings = new SettingsStore(home.dir);
  settings.update((draft) => {
    draft.watchedPages = [
      watchedPageSchema.parse({ id: ACME, region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', intervalSec: 3_600 }),
      watchedPageSchema.parse({ id: GLOBEX, region: 'custom', baseUrl: sim.baseUrl, subdomain: 'globex', intervalSec: 3_600 }),
    ];
  });
  const patches: DashboardPatch[] = [];
  const window = { open: true };
  const bus = createAppBus();
  bus.subscribe('monitor.onPatch', (patch) => patches.push(dashboardPatchSchema.parse(patch)));
  const feature = new MonitorFeature({
    settings,
    events: bus,
    dataDir: home.dir,
    tuning: { startSpreadMs: 0, jitterRatio: 0 },
    pushIntervalMs: 5,
    tickIntervalMs: 20,
    hasViewers: () => window.open,
    reportProblem: (message) => {
      throw new Error(message);
    },
  });
  cleanup.push(() => feature.dispose());
  await feature.start();
  await feature.pollNow();
  const mirror = emptyMirror();
  applyView(mirror, dashboardViewSchema.parse(await feature.snapshot()));
  patches.length = 0;
  return { sim, feature, patches, window, mirror };
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('dashboard patches', () => {
  it('a poll that changes nothing sends only a check-time tick', async () => {
    const { feature, patches, mirror } = await setup();
    const before = mirror.cards[ACME]!;
    await feature.pollNow(ACME);
    await new Promise((r) => setTimeout(r, 60)); // past the tick interval
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ pages: [], removed: [], ticks: [{ pageId: ACME }] });
    expect(patches[0]!.global).toBeUndefined();
    expect(bytes(patches[0])).toBeLessThan(300);
    expect(applyPatch(mirror, patches[0]!)).toEqual({ kind: 'applied', refetch: [] });
    expect(mirror.cards[ACME]).toBe(before); // the same card, three fields moved
    expect(mirror.cards[ACME]!.lastCheckedAt).toBe(patches[0]!.ticks[0]!.lastCheckedAt);
  });

  it('a changed page sends its card and what changed, which keeps an open card equal to a fresh read', async () => {
    const { sim, feature, patches, mirror } = await setup();
    expect(acceptDetail(mirror, pageDetailSchema.parse(await feature.pageDetail(ACME)))).toBe(true);
    const fullSize = bytes(mirror.details[ACME]!.summary);
    sim.openIncident({ page: 'acme', type: 'major', title: 'API down', services: [2], message: 'Errors on every call' });
    await feature.pollNow(ACME);
    expect(patches).toHaveLength(1);
    const [patch] = patches;
    expect(patch!.pages.map((p) => p.card.pageId)).toEqual([ACME]);
    expect(patch!.pages[0]!.card).toMatchObject({ level: 'major', worstIncidentTitle: 'API down', activeCount: 1 });
    expect(patch!.pages[0]!.detail?.incidents?.upsert.map((i) => i.title)).toEqual(['API down']);
    expect(bytes(patch)).toBeLessThan(fullSize);
    expect(applyPatch(mirror, patch!)).toEqual({ kind: 'applied', refetch: [] });
    expect(mirror.details[ACME]!.summary).toEqual((await feature.pageDetail(ACME)).summary);
    expect(mirror.cards[GLOBEX]).toBeDefined();
  });

  it('a missing version is a gap: the mirror reads the view again and then follows the patches', async () => {
    const { sim, feature, patches, mirror } = await setup();
    sim.openIncident({ page: 'acme', type: 'minor', title: 'Slow logins', services: [2] });
    await feature.pollNow(ACME);
    sim.openIncident({ page: 'globex', type: 'major', title: 'Outage' });
    await feature.pollNow(GLOBEX);
    expect(patches.map((p) => p.version)).toEqual([mirror.version! + 1, mirror.version! + 2]);
    // The first one is lost on the way.
    expect(applyPatch(mirror, patches[1]!)).toEqual({ kind: 'gap' });
    expect(mirror.cards[GLOBEX]!.worstIncidentTitle).toBeNull();
    const view = dashboardViewSchema.parse(await feature.snapshot());
    applyView(mirror, view);
    expect(mirror.version).toBe(patches[1]!.version);
    expect(mirror.cards[ACME]).toMatchObject({ level: 'minor', worstIncidentTitle: 'Slow logins' });
    expect(mirror.cards[GLOBEX]).toMatchObject({ level: 'major', worstIncidentTitle: 'Outage' });
    // Late copies of what the view already holds are ignored; the next one applies.
    expect(applyPatch(mirror, patches[0]!)).toEqual({ kind: 'stale' });
    await feature.pollNow(ACME);
    await new Promise((r) => setTimeout(r, 60));
    expect(applyPatch(mirror, patches.at(-1)!)).toMatchObject({ kind: 'applied' });
  });

  it('with no window open nothing is pushed; the window that opens reads the current view', async () => {
    const { sim, feature, patches, window } = await setup();
    window.open = false;
    sim.openIncident({ page: 'acme', type: 'major', title: 'While closed' });
    await feature.pollNow();
    await new Promise((r) => setTimeout(r, 60));
    expect(patches).toEqual([]);
    window.open = true;
    const view = await feature.snapshot();
    expect(view.pages.find((p) => p.pageId === ACME)).toMatchObject({ level: 'major', worstIncidentTitle: 'While closed' });
    // The view is a few hundred bytes a page: no services, no incident text.
    expect(JSON.stringify(view)).not.toContain('"services"');
  });
});
