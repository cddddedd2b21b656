import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFS } from '../../../shared/monitor/notification-prefs';
import type { PageState } from '../../../shared/monitor/page-state';
import type { IncidentSnapshot, PageSnapshot, ServiceSnapshot } from '../../../shared/monitor/snapshot';
import { decideTray } from '../../../shared/monitor/tray';
import type { BaseLevel } from '../../../shared/statuspal/levels';
import type { Snooze, SnoozeTarget } from '../../../shared/snooze/snooze';
import { trayPagesWithSnoozes } from '../../../shared/snooze/snooze-tray';

/* The tray is quiet for what is snoozed (a page, a service or group, an incident): it may say
   how many pages are snoozed until when, but never raises the icon for them nor names their outage. */

const NOW = Date.parse('2026-11-27T10:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const snooze = (pageId: string, target: SnoozeTarget, minutes = 60): Snooze => ({
  id: `${pageId}-${JSON.stringify(target)}`,
  pageId,
  target,
  label: 'x',
  until: at(minutes),
});
const service = (id: number, level: BaseLevel, children: ServiceSnapshot[] = []): ServiceSnapshot => ({
  id,
  name: `S${id}`,
  currentType: null,
  level,
  children,
});
const incident = (id: number, level: BaseLevel, serviceIds: number[]): IncidentSnapshot => ({
  id,
  type: level,
  level,
  title: `Incident ${id}`,
  url: null,
  startsAt: null,
  endsAt: null,
  serviceIds,
  updateIds: [],
  latestUpdate: null,
  resolved: false,
});
const summary = (level: BaseLevel, services: ServiceSnapshot[], incidents: IncidentSnapshot[]): PageSnapshot => ({
  name: 'x',
  subdomain: 'x',
  url: null,
  timeZone: null,
  currentType: level === 'operational' ? null : level,
  level,
  hasStatusType: true,
  services,
  incidents,
  maintenances: [],
  upcomingMaintenances: [],
  infoNotices: [],
  customTypes: {},
});
type Row = Pick<PageState, 'pageId' | 'name' | 'status' | 'level' | 'muted' | 'summary'>;
const page = (name: string, level: BaseLevel, snapshot: PageSnapshot | null = null): Row => ({
  pageId: name.toLowerCase(),
  name,
  status: 'ok',
  level,
  muted: false,
  summary: snapshot,
});
const tray = (pages: Row[], snoozes: Snooze[]) =>
  decideTray({
    pages: trayPagesWithSnoozes(pages, snoozes, NOW),
    prefs: DEFAULT_NOTIFICATION_PREFS,
    nowMs: NOW,
    formatTime: (ms) => new Date(ms).toISOString().slice(11, 16),
  });

describe('the tray while snoozes last', () => {
  it('a snoozed page neither colours the icon nor has its outage named: the tooltip says only how many, until when', () => {
    const pages = [page('Acme', 'major'), page('Globex', 'operational')];
    expect(tray(pages, []).tooltip).toBe('Statusdesk: Acme: major outage; 1 operational');

    const quiet = tray(pages, [snooze('acme', { kind: 'page' })]);
    expect(quiet.icon).toBe('operational');
    expect(quiet.tooltip).toBe('Statusdesk: Globex operational; 1 page snoozed until 11:00');
    expect(quiet.tooltip).not.toMatch(/Acme|major/);
    // The menu still lists the page with its level, as quiet as a muted one.
    expect(quiet.menu[0]).toMatchObject({ kind: 'page', state: 'major', muted: true, label: 'Acme — Major outage (snoozed until 11:00)' });
  });

  it('every page snoozed or only some: the count and the first end; a snooze that ran out is loud again', () => {
    const pages = [page('Acme', 'major'), page('Globex', 'minor'), page('Initech', 'minor')];
    const both = tray(pages, [snooze('acme', { kind: 'page' }, 30), snooze('globex', { kind: 'page' }, 240)]);
    expect(both.icon).toBe('minor');
    expect(both.tooltip).toBe('Statusdesk: Initech: minor incident; 2 pages snoozed, the first until 10:30');
    const all = tray(pages.slice(0, 1), [snooze('acme', { kind: 'page' })]);
    expect(all).toMatchObject({ icon: 'operational', tooltip: 'Statusdesk: 1 page snoozed until 11:00' });
    expect(tray(pages.slice(0, 1), [snooze('acme', { kind: 'page' }, -1)])).toMatchObject({ icon: 'major', tooltip: 'Statusdesk: Acme: major outage' });
  });

  it('an incident snoozed: the page is heard at the level of its other incidents', () => {
    const acme = page('Acme', 'major', summary('major', [service(5, 'major'), service(3, 'minor')], [incident(1, 'major', [5]), incident(2, 'minor', [3])]));
    const quiet = tray([acme], [snooze('acme', { kind: 'incident', incidentId: 1 })]);
    expect(quiet.icon).toBe('minor');
    expect(quiet.tooltip).toBe('Statusdesk: Acme: minor incident');
    expect(quiet.menu[0]).toMatchObject({ state: 'major', muted: false, label: 'Acme — Major outage (partly snoozed)' });
    const both = tray([acme], [snooze('acme', { kind: 'incident', incidentId: 1 }), snooze('acme', { kind: 'incident', incidentId: 2 })]);
    expect(both).toMatchObject({ icon: 'operational', tooltip: 'Statusdesk: Acme operational' });
  });

  it('a group snoozed quiets incidents on its children; a level nothing snoozed explains stays', () => {
    const tree = [service(10, 'major', [service(11, 'major'), service(12, 'operational')]), service(3, 'operational')];
    const acme = page('Acme', 'major', summary('major', tree, [incident(1, 'major', [11])]));
    expect(tray([acme], [snooze('acme', { kind: 'service', serviceId: 10 })])).toMatchObject({ icon: 'operational', tooltip: 'Statusdesk: Acme operational' });
    // Another service's snooze leaves it loud.
    expect(tray([acme], [snooze('acme', { kind: 'service', serviceId: 3 })]).icon).toBe('major');
    // A service set to an outage by hand (no incident) is heard unless it is snoozed.
    const byHand = page('Acme', 'minor', summary('minor', [service(10, 'operational', [service(11, 'operational')]), service(3, 'minor')], []));
    expect(tray([byHand], [snooze('acme', { kind: 'service', serviceId: 10 })]).icon).toBe('minor');
    expect(tray([byHand], [snooze('acme', { kind: 'service', serviceId: 3 })]).icon).toBe('operational');
    // The page says major but nothing in its summary does: a snooze cannot account for it, so it stays.
    const unexplained = page('Acme', 'major', summary('major', tree.slice(1), []));
    expect(tray([unexplained], [snooze('acme', { kind: 'service', serviceId: 3 })]).icon).toBe('major');
  });
});
