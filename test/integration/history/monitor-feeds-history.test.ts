import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderHistoryStore } from '@core/history/provider-history-store';
import { MonitorService } from '@core/monitor/monitor-service';
import { baseUrlOfPage, createSummaryFetcher } from '@core/monitor/summary-fetcher';
import { SignalHub } from '@core/monitor/system-signals';
import { SlidingWindowRateLimiter } from '@core/statuspal-client/rate-limiter';
import { startStatusPageSimulator } from '@simulators/statuspal';
import { pageOverlap } from '@shared/history/overlap';
import { watchedPageSchema } from '@shared/monitor/watched-page';
import { FakeClock } from '../../unit/monitor/support/fake-clock';

/*
 * The monitor feeding the history: the real monitor polls the Status Page simulator over HTTP on fake time;
 * every page state goes to the store, as AppCore wires it. What the store keeps is what was seen: the
 * incident's service down while it lasted, and the time the server was gone as not observed.
 */

const SEC = 1000;
const MIN = 60 * SEC;
const cleanup: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('the monitor feeds the provider history', () => {
  it('records a service down during an incident and a stale period as not observed', async () => {
    const start = Date.parse('2025-06-01T12:00:00Z');
    const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, now: new Date(start), randomSeed: 42 });
    cleanup.push(() => sim.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'statusdesk-history-feed-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const page = watchedPageSchema.parse({ id: '00000000-0000-4000-8000-000000000001', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
    const clock = new FakeClock(start);
    const store = await ProviderHistoryStore.open({ dataDir, now: () => clock.now(), watchedPageIds: () => [page.id] });
    cleanup.push(() => store.dispose());
    const limiter = new SlidingWindowRateLimiter({ limit: 100_000, windowMs: 1_000 });
    const monitor = new MonitorService({
      pages: [page],
      clock,
      signals: new SignalHub(),
      clientFor: (p) => createSummaryFetcher({ baseUrl: baseUrlOfPage(p), rateLimiter: limiter }),
      onStateChange: (state) => store.observe(state),
      tuning: { jitterRatio: 0, random: Math.random, requestTimeoutMs: 5_000 },
    });
    cleanup.push(() => monitor.stop());
    const run = async (ms: number) => {
      for (let elapsed = 0; elapsed < ms; elapsed += 5 * SEC) {
        await clock.advance(Math.min(5 * SEC, ms - elapsed));
        await monitor.settled();
      }
    };

    monitor.start();
    await run(5 * MIN);
    const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'API down', services: [2], message: 'Errors on every call' });
    await run(10 * MIN);
    sim.resolveIncident({ page: 'acme', incidentId: incident.id, message: 'All good' });
    await run(5 * MIN);
    await sim.goOffline({ mode: 'refuse' });
    await run(10 * MIN);
    await sim.goOnline();
    await run(5 * MIN);
    await store.flush();

    const history = (await store.read(page.id, 1))!;
    const api = history.components.find((c) => c.key === 's2')!;
    const down = api.segments.filter((s) => s.level === 'major');
    expect(down).toHaveLength(1);
    // Seen down from the first poll after it opened to the first poll after it resolved: 10 min, one interval either way.
    expect(down[0]!.end - down[0]!.start).toBeGreaterThanOrEqual(9 * MIN);
    expect(down[0]!.end - down[0]!.start).toBeLessThanOrEqual(11 * MIN);
    expect(history.incidents).toMatchObject([{ id: incident.id, title: 'API down', level: 'major', maintenance: false }]);
    expect(history.incidents[0]!.resolved).not.toBeNull();

    // The server was gone for 10 minutes: a hole in the overall line, never "operational".
    const overall = history.overall.segments;
    const holes = overall.slice(1).map((s, i) => s.start - overall[i]!.end);
    expect(Math.max(...holes)).toBeGreaterThanOrEqual(8 * MIN);
    expect(overall.at(-1)!.level).toBe('operational');

    // What else was down while the incident lasted: that service and the incident.
    const rows = pageOverlap(history, down[0]!.start, down[0]!.end).rows;
    expect(rows.map((r) => [r.kind, r.level])).toEqual(
      expect.arrayContaining([
        ['component', 'major'],
        ['incident', 'major'],
      ]),
    );
  });
});
