import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderHistoryStore } from '@core/history/provider-history-store';
import { HEARTBEAT_FILE_NAME, historyDir, pageFileName } from '@core/history/history-files';
import { parseLog } from '@core/history/history-log';
import { availability } from '@shared/history/availability';
import type { PageState } from '@shared/monitor/page-state';
import type { PageSnapshot } from '@shared/monitor/snapshot';
import type { BaseLevel } from '@shared/statuspal/levels';

/*
 * The provider history store on real files: what a page's states become on disk, read back after a restart,
 * pruned at 90 days, held under its byte cap, and a damaged file moved aside. Time is a variable the test moves.
 */

const PAGE = '00000000-0000-4000-8000-000000000001';
const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;
const dirs: string[] = [];
const stores: ProviderHistoryStore[] = [];

afterEach(async () => {
  vi.useRealTimers();
  for (const store of stores.splice(0)) await store.dispose();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statusdesk-history-'));
  dirs.push(dir);
  return dir;
}

function summary(levels: { page: BaseLevel; storage: BaseLevel }, incidents: PageSnapshot['incidents'] = []): PageSnapshot {
  return {
    name: 'Nimbus Cloud',
    subdomain: 'nimbus',
    url: null,
    timeZone: null,
    currentType: null,
    level: levels.page,
    hasStatusType: true,
    services: [
      {
        id: 1,
        name: 'Compute',
        currentType: null,
        level: 'operational',
        children: [{ id: 2, name: 'Storage', currentType: null, level: levels.storage, children: [] }],
      },
    ],
    incidents,
    maintenances: [],
    upcomingMaintenances: [],
    infoNotices: [],
    customTypes: {},
  };
}

function state(at: number, snapshot: PageSnapshot | null, status: PageState['status'] = 'ok'): PageState {
  return {
    pageId: PAGE,
    name: 'Nimbus Cloud',
    subdomain: 'nimbus',
    region: 'custom',
    kind: 'provider',
    status,
    level: snapshot?.level ?? null,
    stale: status === 'stale',
    staleSince: null,
    lastCheckedAt: new Date(at).toISOString(),
    lastSuccessAt: status === 'ok' ? new Date(at).toISOString() : new Date(at - 3 * MIN).toISOString(),
    nextCheckAt: null,
    consecutiveFailures: 0,
    error: null,
    paused: null,
    muted: false,
    summary: snapshot,
  };
}

async function open(dataDir: string, clock: { now: number }, extra: { capBytes?: number; onCorrupt?: (m: string) => void } = {}) {
  const store = await ProviderHistoryStore.open({ dataDir, now: () => clock.now, watchedPageIds: () => [PAGE], ...extra });
  stores.push(store);
  return store;
}

const incident = (id: number, resolved: boolean): PageSnapshot['incidents'][number] => ({
  id,
  type: 'major',
  level: 'major',
  title: 'Storage outage',
  url: null,
  startsAt: null,
  endsAt: null,
  serviceIds: [2],
  updateIds: [1],
  latestUpdate: null,
  resolved,
});

describe('provider history store', () => {
  it('keeps level changes per component, stale time as not observed, incidents with their ends', async () => {
    const dataDir = tempDir();
    const t0 = Date.parse('2026-11-20T10:00:00Z');
    const clock = { now: t0 };
    const store = await open(dataDir, clock);
    const ok = summary({ page: 'operational', storage: 'operational' });
    for (let m = 0; m <= 60; m += 1) store.observe(state(t0 + m * MIN, ok));
    const down = summary({ page: 'major', storage: 'major' }, [incident(41, false)]);
    for (let m = 61; m <= 90; m += 1) store.observe(state(t0 + m * MIN, down));
    // Polls fail for half an hour: stale from the last success on.
    store.observe(state(t0 + 100 * MIN, down, 'stale'));
    const back = summary({ page: 'operational', storage: 'operational' });
    for (let m = 120; m <= 150; m += 1) store.observe(state(t0 + m * MIN, back));
    clock.now = t0 + 150 * MIN;
    await store.flush();

    const history = (await store.read(PAGE, 90))!;
    const storage = history.components.find((c) => c.name === 'Compute › Storage')!;
    expect(storage.segments.map((s) => [(s.start - t0) / MIN, (s.end - t0) / MIN, s.level])).toEqual([
      [0, 61, 'operational'],
      [61, 90, 'major'],
      [120, 150, 'operational'],
    ]);
    // 29 of 120 observed minutes down; the 30 stale minutes count neither way.
    expect(availability(storage.segments, t0, t0 + 150 * MIN).percent).toBeCloseTo((100 * 91) / 120);
    expect(history.incidents).toEqual([
      { id: 41, title: 'Storage outage', level: 'major', maintenance: false, start: t0 + 61 * MIN, resolved: t0 + 120 * MIN },
    ]);
    expect(history.provider).toBe(true);
    // Only changes are written: 151 polls, a handful of lines.
    const lines = fs
      .readFileSync(path.join(historyDir(dataDir), pageFileName(PAGE)), 'utf8')
      .trim()
      .split('\n');
    expect(lines.length).toBeLessThan(20);
  });

  it('after a restart, the time the app was closed is not observed and the levels go on', async () => {
    const dataDir = tempDir();
    const t0 = Date.parse('2026-11-20T10:00:00Z');
    const clock = { now: t0 };
    const first = await open(dataDir, clock);
    const ok = summary({ page: 'operational', storage: 'minor' });
    for (let m = 0; m <= 30; m += 1) first.observe(state(t0 + m * MIN, ok));
    await first.dispose();
    stores.splice(stores.indexOf(first), 1);

    clock.now = t0 + 5 * H;
    const second = await open(dataDir, clock);
    for (let m = 0; m <= 10; m += 1) second.observe(state(t0 + 5 * H + m * MIN, ok));
    clock.now = t0 + 5 * H + 10 * MIN;
    await second.flush();
    const storage = (await second.read(PAGE, 1))!.components.find((c) => c.key === 's2')!;
    expect(storage.segments.map((s) => [(s.start - t0) / MIN, (s.end - t0) / MIN, s.level])).toEqual([
      [0, 30, 'minor'],
      [300, 310, 'minor'],
    ]);
  });

  it('prunes what is older than 90 days and keeps each file under its byte cap', async () => {
    const dataDir = tempDir();
    const t0 = Date.parse('2026-06-01T00:00:00Z');
    const clock = { now: t0 };
    const store = await open(dataDir, clock, { capBytes: 8 * 1024 });
    const levels: BaseLevel[] = ['operational', 'minor', 'major'];
    // 120 days, a level change every 2 hours.
    for (let h = 0; h < 120 * 24; h += 2) {
      clock.now = t0 + h * H;
      store.observe(state(clock.now, summary({ page: levels[h % 3]!, storage: levels[(h + 1) % 3]! })));
      if (h % 48 === 0) await store.flush();
    }
    await store.flush();
    const file = path.join(historyDir(dataDir), pageFileName(PAGE));
    expect(fs.statSync(file).size).toBeLessThanOrEqual(8 * 1024);
    const history = (await store.read(PAGE, 90))!;
    const first = Math.min(...history.overall.segments.map((s) => s.start));
    expect(clock.now - first).toBeLessThanOrEqual(90 * D);
    // The newest hours are always kept.
    expect(history.overall.segments.at(-1)!.end).toBe(clock.now);

    // Without a tight cap the 90 days are all there, and nothing before them.
    const roomy = tempDir();
    const clock2 = { now: t0 };
    const wide = await open(roomy, clock2);
    for (let d = 0; d < 100; d++) {
      clock2.now = t0 + d * D;
      wide.observe(state(clock2.now, summary({ page: levels[d % 2]!, storage: 'operational' })));
      if (d % 10 === 0) await wide.flush();
    }
    await wide.flush();
    const all = (await wide.read(PAGE, 90))!;
    expect(Math.min(...all.overall.segments.map((s) => s.start))).toBe(clock2.now - 90 * D);
    const text = fs.readFileSync(path.join(historyDir(roomy), pageFileName(PAGE)), 'utf8');
    const times = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown[])
      .filter((line) => line[0] === 'l')
      .map((line) => (line[3] as number) * 1000);
    // A daily compaction ran: at most a day older than the 90 days.
    expect(Math.min(...times)).toBeGreaterThanOrEqual(clock2.now - 91 * D);
  });

  it('moves a damaged file aside, keeps what parses and says so; a torn last line is only dropped', async () => {
    const dataDir = tempDir();
    const t0 = Date.parse('2026-11-20T10:00:00Z');
    const clock = { now: t0 };
    const store = await open(dataDir, clock);
    for (let m = 0; m <= 10; m++) store.observe(state(t0 + m * MIN, summary({ page: 'minor', storage: 'minor' })));
    await store.dispose();
    stores.splice(0);
    const file = path.join(historyDir(dataDir), pageFileName(PAGE));
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    fs.writeFileSync(file, [lines[0], '{"not":"a history line"}', ...lines.slice(1), '["l",0,'].join('\n'));

    const problems: string[] = [];
    clock.now = t0 + 20 * MIN;
    const reopened = await open(dataDir, clock, { onCorrupt: (m) => problems.push(m) });
    reopened.observe(state(t0 + 20 * MIN, summary({ page: 'minor', storage: 'minor' })));
    await reopened.flush();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/history of Nimbus Cloud .*1 damaged line.*moved to .*corrupt/);
    const quarantined = fs.readdirSync(historyDir(dataDir)).filter((name) => name.includes('.corrupt-'));
    expect(quarantined).toHaveLength(1);
    const history = (await reopened.read(PAGE, 1))!;
    expect(history.overall.segments.map((s) => [(s.start - t0) / MIN, (s.end - t0) / MIN, s.level])).toEqual(
      [
        [0, 10, 'minor'],
        [20, 20, 'minor'],
      ].filter(([a, b]) => b! > a!),
    );
  });
  it('compares a poll with the last one only: a component that left and came back keeps its number, names are written when they change', async () => {
    const dataDir = tempDir();
    const t0 = Date.parse('2026-11-20T10:00:00Z');
    const clock = { now: t0 };
    const file = path.join(historyDir(dataDir), pageFileName(PAGE));
    const fileLines = () => parseLog(fs.readFileSync(file, 'utf8')).lines;
    const componentLines = (key: string) => fileLines().filter((line) => line[0] === 'c' && line[2] === key);
    const store = await open(dataDir, clock);
    const both = summary({ page: 'operational', storage: 'minor' }, [incident(41, true)]);
    store.observe(state(t0, both));
    // Storage leaves the summary, then comes back under another name.
    const without = summary({ page: 'operational', storage: 'minor' }, [incident(41, true)]);
    without.services[0]!.children = [];
    store.observe(state(t0 + MIN, without));
    const renamed = (page: BaseLevel) => {
      const snapshot = summary({ page, storage: 'minor' }, [incident(41, true)]);
      snapshot.services[0]!.children[0]!.name = 'Block storage';
      return snapshot;
    };
    store.observe(state(t0 + 2 * MIN, renamed('operational')));
    // A new summary that changed elsewhere (the page's level): nothing about Storage is written again.
    store.observe(state(t0 + 3 * MIN, renamed('minor')));
    await store.dispose();
    stores.splice(0);
    expect(componentLines('s2').map((line) => [line[1], line[3]])).toEqual([
      [2, 'Compute › Storage'],
      [2, 'Compute › Block storage'],
    ]);
    // The incident listed as resolved in every poll was written once.
    expect(fileLines().filter((line) => line[0] === 'i')).toHaveLength(1);

    // After a restart the names are the file's: a summary that says the same writes no component line.
    clock.now = t0 + H;
    const again = await open(dataDir, clock);
    again.observe(state(t0 + H, renamed('minor')));
    await again.flush();
    expect(componentLines('s2')).toEqual([['c', 2, 's2', 'Compute › Block storage']]);
    expect(fileLines().filter((line) => line[0] === 'i')).toHaveLength(1);
    const storage = (await again.read(PAGE, 1))!.components.filter((c) => c.key === 's2');
    expect(storage).toHaveLength(1);
    expect(storage[0]!.segments.map((s) => [(s.start - t0) / MIN, (s.end - t0) / MIN, s.level])).toEqual(
      [
        [0, 1, 'minor'],
        [2, 3, 'minor'],
        [60, 60, 'minor'],
      ].filter(([a, b]) => b! > a!),
    );
  });

  it('forgets a page the user stops watching within minutes, in tray-only use, and keeps the files of pages missing from the start', async () => {
    const dataDir = tempDir();
    const t0 = Date.parse('2026-11-20T10:00:00Z');
    const clock = { now: t0 };
    const OTHER = '00000000-0000-4000-8000-000000000002';
    // A file of a page not in the settings at the start (settings moved aside as damaged, say): kept.
    fs.mkdirSync(historyDir(dataDir), { recursive: true });
    const orphan = path.join(historyDir(dataDir), pageFileName('00000000-0000-4000-8000-00000000000f'));
    fs.writeFileSync(orphan, '["p","Old page",1]\n');
    let watched = [PAGE, OTHER];
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const store = await ProviderHistoryStore.open({ dataDir, now: () => clock.now, watchedPageIds: () => watched });
    stores.push(store);
    const ok = summary({ page: 'operational', storage: 'operational' });
    store.observe(state(t0, ok));
    store.observe({ ...state(t0, ok), pageId: OTHER });
    await vi.advanceTimersByTimeAsync(5 * MIN);
    await store.flush();
    const file = (id: string) => path.join(historyDir(dataDir), pageFileName(id));
    const heartbeat = () => Object.keys(JSON.parse(fs.readFileSync(path.join(historyDir(dataDir), HEARTBEAT_FILE_NAME), 'utf8')).seen).sort();
    expect(fs.existsSync(file(PAGE)) && fs.existsSync(file(OTHER))).toBe(true);
    expect(heartbeat()).toEqual([PAGE, OTHER].sort());

    watched = [PAGE];
    await vi.advanceTimersByTimeAsync(5 * MIN);
    await store.flush();
    expect(fs.existsSync(file(OTHER))).toBe(false);
    expect(heartbeat()).toEqual([PAGE]);
    expect(store.footprint()).toEqual({ livePages: 1, heartbeatPages: 1 });
    expect(fs.existsSync(file(PAGE))).toBe(true);
    expect(fs.existsSync(orphan)).toBe(true);
  });
});
