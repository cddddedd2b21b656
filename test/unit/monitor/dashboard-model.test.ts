import { describe, expect, it } from 'vitest';
import { DashboardModel } from '../../../electron/core/monitor/dashboard-model';
import type { PageState } from '../../../shared/monitor/page-state';

const GLOBAL = { online: true, suspended: false, notificationsPausedUntil: null };

function state(change: Partial<PageState> = {}): PageState {
  return {
    pageId: 'p1',
    name: 'Acme',
    subdomain: 'acme',
    region: 'us',
    status: 'ok',
    level: 'operational',
    stale: false,
    staleSince: null,
    lastCheckedAt: '2026-01-01T00:00:00.000Z',
    lastSuccessAt: '2026-01-01T00:00:00.000Z',
    nextCheckAt: '2026-01-01T00:01:00.000Z',
    error: null,
    summary: null,
    muted: false,
    ...change,
  } as PageState;
}

const later = (minute: number) => ({
  lastCheckedAt: `2026-01-01T00:0${minute}:00.000Z`,
  lastSuccessAt: `2026-01-01T00:0${minute}:00.000Z`,
  nextCheckAt: `2026-01-01T00:0${minute + 1}:00.000Z`,
});

describe('DashboardModel.stage', () => {
  it('with no window (nothing flushed), a poll that moved only the check times is a tick, not a change', () => {
    const model = new DashboardModel();
    expect(model.stage(state())).toBe(true);
    expect(model.stage(state(later(1)))).toBe(false);
    expect(model.stage(state(later(2)))).toBe(false);
    expect(model.stage(state({ ...later(3), level: 'major' }))).toBe(true);
    expect(model.stage(state({ ...later(4), level: 'major' }))).toBe(false);
  });

  it('with a window, a tick still goes out as a tick and a change as a card', () => {
    const model = new DashboardModel();
    model.stage(state());
    model.retain(new Set(['p1']));
    expect(model.flush(GLOBAL)?.pages).toHaveLength(1);
    expect(model.stage(state(later(1)))).toBe(false);
    const tick = model.flush(GLOBAL)!;
    expect(tick.pages).toEqual([]);
    expect(tick.ticks).toEqual([{ pageId: 'p1', ...later(1) }]);
    expect(model.stage(state({ ...later(2), muted: true }))).toBe(true);
    const changed = model.flush(GLOBAL)!;
    expect(changed.pages.map((p) => p.card.muted)).toEqual([true]);
    expect(changed.ticks).toEqual([]);
  });

  it('a page removed and added again counts as new', () => {
    const model = new DashboardModel();
    model.stage(state());
    model.retain(new Set());
    expect(model.stage(state(later(1)))).toBe(true);
  });
});
