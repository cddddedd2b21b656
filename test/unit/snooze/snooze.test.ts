import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import type { MonitorEvent } from '../../../shared/monitor/events';
import type { ServiceSnapshot } from '../../../shared/monitor/snapshot';
import { snoozeSilences, type Snooze } from '../../../shared/snooze/snooze';
import { SnoozeFeature } from '../../../electron/core/snooze/snooze-feature';
import { makeTempDir } from '../../support/temp-dir';
import { createAppBus } from '@core/events/app-events';
import { busHearing } from '../../support/app-bus';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const until = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const snooze = (over: Partial<Snooze>): Snooze => ({ id: 's', pageId: 'p1', target: { kind: 'page' }, label: 'Acme', until: until(60), ...over });
const page = { id: 'p1', name: 'Acme' };
const service = (id: number, name: string, children: ServiceSnapshot[] = []): ServiceSnapshot => ({
  id,
  name,
  currentType: null,
  level: 'operational',
  children,
});
const incidentRef = (id: number, serviceIds: number[]) => ({
  id,
  kind: 'incident' as const,
  type: 'major',
  level: 'major' as const,
  title: `Incident ${id}`,
  url: null,
  serviceIds,
  startsAt: null,
  endsAt: null,
  latestUpdate: null,
});
const opened = (id: number, serviceIds: number[]) =>
  ({
    type: 'incident.opened',
    id: `e${id}`,
    at: until(0),
    page,
    incident: incidentRef(id, serviceIds),
    pageLevel: { from: 'operational', to: 'major' },
  }) as unknown as MonitorEvent;
const serviceChange = (id: number, ancestors: number[]) =>
  ({
    type: 'service.level_changed',
    id: `s${id}`,
    at: until(0),
    page,
    service: { id, name: 'x', type: null, level: 'major', ancestors: ancestors.map((a) => ({ id: a, name: 'parent' })) },
    from: 'operational',
    to: 'major',
    fromType: null,
    toType: null,
  }) as unknown as MonitorEvent;

describe('what a snooze quiets', () => {
  it('a page snooze quiets every event of that page only, until it ends', () => {
    const list = [snooze({})];
    expect(snoozeSilences(list, 'p1', opened(1, [5]), NOW)).toBe(true);
    expect(snoozeSilences(list, 'p2', opened(1, [5]), NOW)).toBe(false);
    expect(snoozeSilences(list, 'p1', opened(1, [5]), NOW + 61 * 60_000)).toBe(false);
  });

  it('an incident snooze quiets that incident; a service snooze the incidents all on snoozed services and changes under them', () => {
    const list = [snooze({ target: { kind: 'incident', incidentId: 7 } }), snooze({ id: 't', target: { kind: 'service', serviceId: 6 } })];
    expect(snoozeSilences(list, 'p1', opened(7, [1]), NOW)).toBe(true);
    expect(snoozeSilences(list, 'p1', opened(8, [6]), NOW)).toBe(true);
    expect(snoozeSilences(list, 'p1', opened(9, [6, 3]), NOW)).toBe(false);
    expect(snoozeSilences(list, 'p1', opened(10, []), NOW)).toBe(false);
    expect(snoozeSilences(list, 'p1', serviceChange(6, []), NOW)).toBe(true);
    expect(snoozeSilences(list, 'p1', serviceChange(12, [6]), NOW)).toBe(true);
    expect(snoozeSilences(list, 'p1', serviceChange(3, [1]), NOW)).toBe(false);
  });

  it('a snooze of a group (or any parent service) quiets incidents that list only its children', () => {
    // Statuspage component groups: incidents name the child services, never the group.
    const tree: ServiceSnapshot[] = [service(10, 'Platform', [service(11, 'API'), service(12, 'Workers', [service(13, 'Cron')])]), service(3, 'Dashboard')];
    const list = [snooze({ target: { kind: 'service', serviceId: 10 } })];
    expect(snoozeSilences(list, 'p1', opened(1, [11, 12]), NOW, tree)).toBe(true);
    expect(snoozeSilences(list, 'p1', opened(2, [13]), NOW, tree)).toBe(true);
    expect(snoozeSilences(list, 'p1', opened(3, [11, 3]), NOW, tree)).toBe(false);
    expect(snoozeSilences(list, 'p1', serviceChange(13, [10, 12]), NOW, tree)).toBe(true);
    // Without the tree only the snoozed id itself is known: the children's incident is not quieted by guess.
    expect(snoozeSilences(list, 'p1', opened(1, [11, 12]), NOW)).toBe(false);
    // A child's snooze does not quiet its siblings.
    expect(snoozeSilences([snooze({ target: { kind: 'service', serviceId: 11 } })], 'p1', opened(1, [11, 12]), NOW, tree)).toBe(false);
  });
});

describe('SnoozeFeature', () => {
  let temp: ReturnType<typeof makeTempDir> | null = null;
  afterEach(() => {
    vi.useRealTimers();
    temp?.remove();
  });

  it('keeps snoozes across a restart, replaces one of the same thing, and tells when one runs out', async () => {
    vi.useFakeTimers({ now: NOW });
    temp = makeTempDir();
    const changes: number[] = [];
    const feature = new SnoozeFeature({ dataDir: temp.dir, events: busHearing('snooze.onChange', (list) => changes.push(list.length)) });
    await feature.add({ pageId: 'p1', target: { kind: 'page' }, label: 'Acme', minutes: 480 });
    await feature.add({ pageId: 'p1', target: { kind: 'page' }, label: 'Acme', minutes: 60 });
    await feature.add({ pageId: 'p1', target: { kind: 'service', serviceId: 6 }, label: 'Queue', minutes: 15 });
    expect(feature.list().map((s) => [s.label, s.until])).toEqual([
      ['Acme', until(60)],
      ['Queue', until(15)],
    ]);
    feature.dispose();

    const again = new SnoozeFeature({ dataDir: temp.dir, events: busHearing('snooze.onChange', (list) => changes.push(list.length)) });
    expect(again.list()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(16 * 60_000);
    expect(again.list().map((s) => s.label)).toEqual(['Acme']);
    expect(changes.at(-1)).toBe(1);
    await expect(again.add({ pageId: 'p1', target: { kind: 'page' }, label: 'Acme', minutes: 0 })).rejects.toMatchObject({ code: 'invalid_input' });
    again.dispose();
  });

  it('an unreadable file snoozes nothing', () => {
    temp = makeTempDir();
    fs.writeFileSync(`${temp.dir}/snoozes.json`, '{"snoozes": [{"pageId": 1}]}');
    expect(new SnoozeFeature({ dataDir: temp.dir, events: createAppBus() }).list()).toEqual([]);
  });
});
