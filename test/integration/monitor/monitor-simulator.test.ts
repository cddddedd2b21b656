import { afterEach, describe, expect, it } from 'vitest';
import { MonitorService } from '../../../electron/core/monitor/monitor-service';
import { baseUrlOfPage, createSummaryFetcher } from '../../../electron/core/monitor/summary-fetcher';
import { SignalHub } from '../../../electron/core/monitor/system-signals';
import { SlidingWindowRateLimiter } from '../../../electron/core/statuspal-client/rate-limiter';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { monitorEventSchema, type MonitorEvent } from '../../../shared/monitor/events';
import type { NotificationIntent } from '../../../shared/monitor/notification-intent';
import { watchedPageSchema, type WatchedPage } from '../../../shared/monitor/watched-page';
import { FakeClock } from '../../unit/monitor/support/fake-clock';
import { SOAK_MS } from '../../support/time-outs';

/*
 * The monitor against the real Status Page simulator over HTTP. The monitor runs on fake time
 * (its schedule, backoff and staleness), the requests are real: each step moves the fake clock
 * and waits until the polls it started have answered.
 */

const SEC = 1000;
const MIN = 60 * SEC;
const started: Array<{ close: () => Promise<void> | void }> = [];

afterEach(async () => {
  for (const s of started.splice(0).reverse()) await s.close();
});

async function simulator(): Promise<StatusPageSimulator> {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, now: new Date('2025-06-01T12:00:00Z'), randomSeed: 42 });
  started.push(sim);
  return sim;
}

function pagesFor(sim: StatusPageSimulator, subdomains: string[], extra: Partial<WatchedPage> = {}): WatchedPage[] {
  return subdomains.map((subdomain, i) =>
    watchedPageSchema.parse({ id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`, region: 'custom', baseUrl: sim.baseUrl, subdomain, ...extra }),
  );
}

function monitorFor(pages: WatchedPage[]) {
  const clock = new FakeClock(Date.parse('2025-06-01T12:00:00Z'));
  const limiter = new SlidingWindowRateLimiter({ limit: 100_000, windowMs: 1_000 });
  const stats = { failed: 0 };
  const events: MonitorEvent[] = [];
  const notes: NotificationIntent[] = [];
  const monitor = new MonitorService({
    pages,
    clock,
    signals: new SignalHub(),
    // Fake time packs 100 minutes of polls into seconds: the real-time budget (100 per 10 s) would
    // throttle the test, not the monitor. 429 pauses still apply.
    clientFor: (page) => {
      const fetcher = createSummaryFetcher({ baseUrl: baseUrlOfPage(page), rateLimiter: limiter });
      return {
        fetchSummaryText: async (subdomain, options) => {
          try {
            const text = await fetcher.fetchSummaryText(subdomain, options);
            if (!text.endsWith('}')) stats.failed++; // a truncated (malformed) body: the monitor must reject it
            return text;
          } catch (error) {
            stats.failed++;
            throw error;
          }
        },
      };
    },
    onEvent: (e) => events.push(monitorEventSchema.parse(e)),
    onNotify: (n) => notes.push(n),
    tuning: { jitterRatio: 0.1, random: Math.random, requestTimeoutMs: 5_000 },
  });
  started.push({ close: () => monitor.stop() });
  /** Moves fake time in steps, letting every poll started on the way finish for real. */
  const run = async (ms: number, stepMs = 5 * SEC) => {
    for (let elapsed = 0; elapsed < ms; elapsed += stepMs) {
      await clock.advance(Math.min(stepMs, ms - elapsed));
      await monitor.settled();
    }
  };
  return { clock, monitor, events, notes, run, stats };
}

const summaryPath = (subdomain: string) => `/status_pages/${subdomain}/summary`;

describe('monitor against the simulator', () => {
  it('an incident opens: exactly one notification; it resolves: back to operational', async () => {
    const sim = await simulator();
    const pages = pagesFor(sim, ['acme', 'acme-eu', 'globex']);
    const { monitor, events, notes, run } = monitorFor(pages);
    monitor.start();
    await run(SEC);
    expect(monitor.state().map((s) => [s.subdomain, s.status, s.level])).toEqual([
      ['acme', 'ok', 'operational'],
      ['acme-eu', 'ok', 'minor'],
      ['globex', 'ok', 'operational'],
    ]);
    expect(events).toEqual([]); // the first poll is a baseline, even for acme-eu's open incident

    const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'API down', services: [2], message: 'Errors on every call' });
    await run(2 * MIN);
    expect(events.map((e) => e.type)).toEqual(['page.level_changed', 'incident.opened', 'service.level_changed', 'service.level_changed']);
    expect(events[1]).toMatchObject({
      page: { subdomain: 'acme', name: 'Acme' },
      incident: { id: incident.id, type: 'major', level: 'major', title: 'API down', latestUpdate: { description: 'Errors on every call' } },
    });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      pageId: pages[0]!.id,
      title: 'Acme: Major outage: API down',
      severity: 'major',
      target: { pageId: pages[0]!.id, incidentId: incident.id },
    });
    expect(monitor.tray().icon).toBe('major');

    // A routine update is an event, not a notification; once followed, it notifies.
    sim.addUpdate({ page: 'acme', incidentId: incident.id, message: 'Rolling back' });
    await run(MIN + 10 * SEC);
    expect(events.at(-1)).toMatchObject({ type: 'incident.updated', changes: ['update'], incident: { latestUpdate: { description: 'Rolling back' } } });
    expect(notes).toHaveLength(1);
    monitor.setPages(pages.map((p, i) => (i === 0 ? { ...p, followedIncidentIds: [incident.id] } : p)));
    sim.addUpdate({ page: 'acme', incidentId: incident.id, type: 'monitoring', message: 'Fix deployed' });
    await run(MIN + 10 * SEC);
    expect(notes).toHaveLength(2);
    expect(notes[1]).toMatchObject({ title: 'Acme: Update: API down', body: 'Fix deployed' });

    const before = events.length;
    sim.resolveIncident({ page: 'acme', incidentId: incident.id, message: 'All good' });
    await run(MIN + 10 * SEC);
    const after = events.slice(before);
    expect(after.map((e) => e.type)).toEqual(['page.level_changed', 'incident.resolved', 'service.level_changed', 'service.level_changed']);
    expect(after[0]).toMatchObject({ from: 'major', to: 'operational' });
    expect(monitor.state()[0]).toMatchObject({ status: 'ok', level: 'operational' });
    expect(notes).toHaveLength(3);
    expect(notes[2]!.title).toBe('Acme: Resolved: API down');
    expect(monitor.tray().icon).toBe('minor'); // acme-eu still has its performance incident
  });

  it('healthy pages cost one request per page per interval', async () => {
    const sim = await simulator();
    const { monitor, run } = monitorFor(pagesFor(sim, ['acme', 'acme-eu', 'globex']));
    monitor.start();
    await run(SEC);
    sim.clearRequestCounts();
    await run(30 * MIN);
    for (const subdomain of ['acme', 'acme-eu', 'globex']) {
      const count = sim.requestCount(summaryPath(subdomain));
      expect(count).toBeGreaterThanOrEqual(29);
      expect(count).toBeLessThanOrEqual(31);
    }
  });

  it(
    '20 % injected faults over 300 polls: no false events; stale only after consecutive failures; recovery within one interval',
    async () => {
      const sim = await simulator();
      const subdomains = ['acme', 'acme-eu', 'globex'];
      const pages = pagesFor(sim, subdomains);
      const { monitor, events, notes, run, stats } = monitorFor(pages);
      sim.setFaults({
        pathPrefix: '/status_pages/',
        errorRates: { 500: 0.07, 502: 0.03, 503: 0.03, 429: 0.01 },
        retryAfterSeconds: 1,
        resetRate: 0.03,
        malformedRate: 0.03,
      });
      monitor.start();
      const polls = () => subdomains.reduce((sum, s) => sum + sim.requestCount(summaryPath(s)), 0);
      let incidentId: number | null = null;
      while (polls() < 300) {
        await run(MIN);
        const n = polls();
        if (incidentId === null && n >= 100) incidentId = sim.openIncident({ page: 'acme', type: 'minor', title: 'Slow logins', services: [3] }).id;
        if (incidentId !== null && n >= 200 && monitor.state()[0]!.summary?.incidents.some((i) => i.id === incidentId)) {
          sim.resolveIncident({ page: 'acme', incidentId });
          incidentId = -1; // resolved
        }
      }
      expect(polls()).toBeGreaterThanOrEqual(300);
      // About a fifth of the polls failed (HTTP errors, resets, truncated bodies).
      expect(stats.failed / polls()).toBeGreaterThan(0.12);
      expect(stats.failed / polls()).toBeLessThan(0.3);

      // Only the scripted incident produced status events, each exactly once.
      const statusEvents = events.filter((e) => e.type !== 'page.stale' && e.type !== 'page.recovered');
      expect(statusEvents.every((e) => e.page.subdomain === 'acme')).toBe(true);
      expect(statusEvents.filter((e) => e.type === 'incident.opened')).toHaveLength(1);
      expect(statusEvents.filter((e) => e.type === 'incident.resolved')).toHaveLength(1);
      const levels = statusEvents.filter((e) => e.type === 'page.level_changed').map((e) => (e.type === 'page.level_changed' ? `${e.from}>${e.to}` : ''));
      expect(levels).toEqual(['operational>minor', 'minor>operational']);
      expect(new Set(statusEvents.map((e) => e.type))).toEqual(
        new Set(['page.level_changed', 'incident.opened', 'incident.resolved', 'service.level_changed']),
      );

      // Stale only after consecutive failures, alternating with recovery, per page.
      for (const page of pages) {
        const mine = events.filter((e) => e.page.id === page.id && (e.type === 'page.stale' || e.type === 'page.recovered'));
        mine.forEach((e, i) => expect(e.type).toBe(i % 2 === 0 ? 'page.stale' : 'page.recovered'));
        for (const e of mine) if (e.type === 'page.stale') expect(e.failures).toBeGreaterThanOrEqual(3);
      }
      // Notifications only for the scripted news that was not a catch-up.
      const news = statusEvents.filter((e) => (e.type === 'incident.opened' || e.type === 'incident.resolved') && !e.catchUp);
      expect(notes.filter((n) => n.target.incidentId !== undefined)).toHaveLength(news.length);

      // Faults stop: every page is fresh within one interval.
      sim.clearFaults();
      await run(MIN);
      expect(monitor.state().map((s) => s.status)).toEqual(['ok', 'ok', 'ok']);
      expect(monitor.state().map((s) => s.consecutiveFailures)).toEqual([0, 0, 0]);
    },
    SOAK_MS,
  );

  it('offline and back: stale while the server is gone, recovered at once when it returns', async () => {
    const sim = await simulator();
    const { monitor, events, run } = monitorFor(pagesFor(sim, ['acme']));
    monitor.start();
    await run(SEC);
    await sim.goOffline({ mode: 'refuse' });
    await run(3 * MIN);
    expect(monitor.state()[0]).toMatchObject({ status: 'stale', level: 'operational', error: { code: 'network' } });
    expect(events.map((e) => e.type)).toEqual(['page.stale']);
    await sim.goOnline();
    await run(MIN);
    expect(monitor.state()[0]).toMatchObject({ status: 'ok', level: 'operational' });
    expect(events.map((e) => e.type)).toEqual(['page.stale', 'page.recovered']);
  });
});
