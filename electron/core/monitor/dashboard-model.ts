import {
  cardOf,
  type DashboardGlobal,
  type DashboardPatch,
  type DashboardView,
  type DetailDelta,
  type PageCard,
  type PageDetail,
} from '@shared/monitor/dashboard-patch';
import { diffDetail } from '@shared/monitor/detail-patch';
import type { PageState } from '@shared/monitor/page-state';
import type { PageSnapshot } from '@shared/monitor/snapshot';

/*
 * The dashboard as the main process last told the window: one card and one summary per page, and a version.
 * Page states are staged as the monitor reports them; a flush turns what changed into one patch with the next
 * version. A poll that moved only the check times is a tick (three timestamps), not a card.
 */

interface PageEntry {
  card: PageCard;
  /** The card without its check times and detail version, as text: what decides between a card and a tick. */
  key: string;
  summary: PageSnapshot | null;
}

/** A page's state as last reported, with its card's key (worked out once, when it is staged). */
interface Staged {
  state: PageState;
  key: string;
}

const TIMES = ['lastCheckedAt', 'lastSuccessAt', 'nextCheckAt'] as const;

function keyOf(card: PageCard): string {
  const { lastCheckedAt: _c, lastSuccessAt: _s, nextCheckAt: _n, detailVersion: _d, ...rest } = card;
  return JSON.stringify(rest);
}

const sameGlobal = (a: DashboardGlobal | null, b: DashboardGlobal) =>
  a !== null && a.online === b.online && a.suspended === b.suspended && a.notificationsPausedUntil === b.notificationsPausedUntil;

export class DashboardModel {
  #version = 0;
  readonly #pages = new Map<string, PageEntry>();
  readonly #staged = new Map<string, Staged>();
  /**
   * What each page last reported, flushed or not: with no window open nothing is flushed, and a poll that
   * moved only the check times must still count as a tick (a change would ask for a push within 250 ms).
   */
  readonly #seen = new Map<string, { summary: PageSnapshot | null; key: string }>();
  readonly #removed = new Set<string>();
  #global: DashboardGlobal | null = null;

  get version(): number {
    return this.#version;
  }

  /** Records a page's new state for the next flush; true when it changes more than the check times. */
  stage(state: PageState): boolean {
    const key = keyOf(cardOf(state, 0));
    this.#staged.set(state.pageId, { state, key });
    this.#removed.delete(state.pageId);
    const seen = this.#seen.get(state.pageId);
    this.#seen.set(state.pageId, { summary: state.summary, key });
    return !seen || seen.summary !== state.summary || seen.key !== key;
  }

  /** Pages no longer watched; the next flush removes them. */
  retain(pageIds: ReadonlySet<string>): void {
    for (const id of this.#pages.keys()) if (!pageIds.has(id)) this.#removed.add(id);
    for (const id of this.#staged.keys()) if (!pageIds.has(id)) this.#staged.delete(id);
    for (const id of this.#seen.keys()) if (!pageIds.has(id)) this.#seen.delete(id);
  }

  /** How many pages the model holds anything of (a card, a staged state, a last report), removed ones included until dropped. */
  heldPages(): number {
    return new Set([...this.#pages.keys(), ...this.#staged.keys(), ...this.#seen.keys()]).size;
  }

  /** Whether anything waits for a flush. */
  get pending(): boolean {
    return this.#staged.size > 0 || this.#removed.size > 0;
  }

  /** What changed since the last flush, as the next version's patch; null (and no new version) when nothing did. */
  flush(global: DashboardGlobal): DashboardPatch | null {
    const version = this.#version + 1;
    const patch: DashboardPatch = { version, pages: [], removed: [], ticks: [] };
    if (!sameGlobal(this.#global, global)) {
      patch.global = global;
      this.#global = global;
    }
    for (const id of this.#removed) if (this.#pages.delete(id)) patch.removed.push(id);
    this.#removed.clear();
    for (const { state, key } of this.#staged.values()) {
      const entry = this.#pages.get(state.pageId);
      let detailVersion = entry?.card.detailVersion ?? (state.summary ? version : 0);
      let detail: DetailDelta | null = null;
      if (entry && entry.summary !== state.summary && state.summary) {
        // A first summary, or another page at the same id, has no delta: an open card fetches it whole.
        detail = entry.summary && entry.summary.subdomain === state.summary.subdomain ? diffDetail(entry.summary, state.summary, detailVersion) : null;
        if (detail || !entry.summary || entry.summary.subdomain !== state.summary.subdomain) detailVersion = version;
      }
      const card = cardOf(state, detailVersion);
      if (!entry || key !== entry.key || detail || detailVersion !== entry.card.detailVersion) patch.pages.push(detail ? { card, detail } : { card });
      else if (TIMES.some((t) => card[t] !== entry.card[t])) {
        patch.ticks.push({ pageId: card.pageId, lastCheckedAt: card.lastCheckedAt, lastSuccessAt: card.lastSuccessAt, nextCheckAt: card.nextCheckAt });
      }
      this.#pages.set(state.pageId, { card, key, summary: state.summary });
    }
    this.#staged.clear();
    if (!patch.global && patch.pages.length === 0 && patch.removed.length === 0 && patch.ticks.length === 0) return null;
    this.#version = version;
    return patch;
  }

  /** Every card at the current version (flush first for the latest). */
  view(at: string, global: DashboardGlobal): DashboardView {
    return { ...global, version: this.#version, at, pages: [...this.#pages.values()].map((e) => e.card) };
  }

  /** One page's summary at the current version; null when the page is unknown. */
  detail(pageId: string): PageDetail | null {
    const entry = this.#pages.get(pageId);
    return entry ? { pageId, version: this.#version, summary: entry.summary } : null;
  }
}
