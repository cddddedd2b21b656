import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import type { MonitorEvent } from '../../../shared/monitor/events';
import type { TrayModel } from '../../../shared/monitor/tray';
import { snoozeSilences, trayWithSnoozes, type Snooze } from '../../../shared/snooze/snooze';
import { SnoozeFeature } from '../../../electron/services/snooze/snooze-feature';
import { makeTempDir } from '../../support/temp-dir';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const until = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const snooze = (over: Partial<Snooze>): Snooze => ({ id: 's', pageId: 'p1', target: { kind: 'page' }, label: 'Acme', until: until(60), ...over });
const page = { id: 'p1', name: 'Acme' };
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

  it('a snoozed page does not colour the tray and says until when', () => {
    const model: TrayModel = {
      icon: 'major',
      tooltip: 'Statusdesk: Acme: major outage',
      menu: [
        { kind: 'page', pageId: 'p1', label: 'Acme — Major outage', state: 'major', muted: false },
        { kind: 'page', pageId: 'p2', label: 'Globex — Minor outage', state: 'minor', muted: false },
      ],
    };
    const quiet = trayWithSnoozes(model, [snooze({})], NOW, (ms) => new Date(ms).toISOString().slice(11, 16));
    expect(quiet.icon).toBe('minor');
    expect(quiet.menu[0]).toMatchObject({ muted: true, label: 'Acme — Major outage (snoozed until 11:00)' });
    expect(trayWithSnoozes(model, [snooze({ until: until(-1) })], NOW, String)).toBe(model);
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
    const feature = new SnoozeFeature({ dataDir: temp.dir, onChange: (list) => changes.push(list.length) });
    await feature.add({ pageId: 'p1', target: { kind: 'page' }, label: 'Acme', minutes: 480 });
    await feature.add({ pageId: 'p1', target: { kind: 'page' }, label: 'Acme', minutes: 60 });
    await feature.add({ pageId: 'p1', target: { kind: 'service', serviceId: 6 }, label: 'Queue', minutes: 15 });
    expect(feature.list().map((s) => [s.label, s.until])).toEqual([
      ['Acme', until(60)],
      ['Queue', until(15)],
    ]);
    feature.dispose();

    const again = new SnoozeFeature({ dataDir: temp.dir, onChange: (list) => changes.push(list.length) });
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
    expect(new SnoozeFeature({ dataDir: temp.dir, onChange: () => undefined }).list()).toEqual([]);
  });
});
