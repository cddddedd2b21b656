import type { AccountView } from '../../../../shared/accounts/account';
import type { DashboardPatch, DashboardView, PageCard } from '../../../../shared/monitor/dashboard-patch';
import type { MonitorEvent } from '../../../../shared/monitor/events';
import type { WatchedPage } from '../../../../shared/monitor/watched-page';
import type { OutboxEntryView } from '../../../../shared/outbox/entry-view';

/* Values as the IPC contract delivers them to the renderer, for the store tests. */

export const AT = '2026-11-25T09:00:00.000Z';

/** A UUID whose last digits are `n`: readable in failures, valid for the schemas. */
export function uuid(n: number): string {
  return `0b6f6b1e-6c0f-4f43-9a55-${String(n).padStart(12, '0')}`;
}

export function account(n: number, fields: Partial<AccountView> = {}): AccountView {
  return {
    id: uuid(n),
    name: `Account ${n}`,
    region: 'us',
    subdomain: `page${n}`,
    createdAt: AT,
    key: { storage: 'keychain', lastFour: 'abcd' },
    ...fields,
  };
}

export function watchedPage(n: number, fields: Partial<WatchedPage> = {}): WatchedPage {
  return {
    id: uuid(100 + n),
    region: 'us',
    subdomain: `page${n}`,
    intervalSec: 60,
    muted: false,
    mutedServiceIds: [],
    followedIncidentIds: [],
    ...fields,
  };
}

export function card(pageId: string, fields: Partial<PageCard> = {}): PageCard {
  return {
    pageId,
    name: pageId,
    subdomain: pageId,
    region: 'us',
    status: 'ok',
    level: 'operational',
    stale: false,
    staleSince: null,
    lastCheckedAt: AT,
    lastSuccessAt: AT,
    nextCheckAt: AT,
    consecutiveFailures: 0,
    error: null,
    paused: null,
    muted: false,
    currentType: null,
    activeCount: 0,
    affectedServices: 0,
    worstIncidentTitle: null,
    hasDetail: true,
    detailVersion: 0,
    ...fields,
  };
}

export function view(version: number, pages: PageCard[]): DashboardView {
  return { version, at: AT, online: true, suspended: false, notificationsPausedUntil: null, pages };
}

export function patch(version: number, cards: PageCard[], fields: Partial<DashboardPatch> = {}): DashboardPatch {
  return { version, pages: cards.map((c) => ({ card: c })), removed: [], ticks: [], ...fields };
}

export function staleEvent(id: string, pageId: string): MonitorEvent {
  return {
    type: 'page.stale',
    id,
    at: AT,
    page: { id: pageId, name: pageId, subdomain: pageId },
    lastLevel: 'operational',
    cause: 'failures',
    failures: 3,
    lastSuccessAt: AT,
    error: null,
  };
}

export function outboxEntry(n: number, state: OutboxEntryView['state'], fields: Partial<OutboxEntryView> = {}): OutboxEntryView {
  return {
    id: uuid(n),
    kind: 'statuspal',
    accountId: uuid(1),
    operation: 'createIncident',
    input: { subdomain: 'page1', incident: { name: 'Down' } },
    resourceKey: `${uuid(1)}:incident:tmp-${n}`,
    dependsOn: [],
    createdAt: AT,
    attempts: 0,
    state,
    seq: n,
    ...fields,
  };
}
