import type { DashboardGlobal, DashboardPatch, DashboardView, PageCard, PageDetail } from './dashboard-patch';
import { applyDetail } from './detail-patch';
import type { PageSnapshot } from './snapshot';

/*
 * The renderer's copy of the dashboard, kept by applying the main process's patches in version order. Pure
 * functions over a plain state object (the Pinia store's state, so every write is reactive): a patch replaces
 * only the cards it names, and a tick only three fields of one card, so one changed page re-renders one card.
 * `details` holds the summaries of the open cards only; the others are fetched when opened.
 */

interface OpenDetail {
  /** The dashboard version this summary is at. */
  version: number;
  summary: PageSnapshot | null;
}

interface DashboardMirror {
  /** Null before the first view. */
  version: number | null;
  global: DashboardGlobal | null;
  cards: Record<string, PageCard>;
  details: Record<string, OpenDetail>;
}

type PatchOutcome =
  /** `refetch`: open cards whose summary moved on in a way the patch could not carry. */
  | { kind: 'applied'; refetch: string[] }
  /** Already had it (a patch sent while the view was being read). */
  | { kind: 'stale' }
  /** A version is missing: read the whole view again. */
  | { kind: 'gap' };

export function emptyMirror(): DashboardMirror {
  return { version: null, global: null, cards: {}, details: {} };
}

/** Open cards whose summary is older than their card says. */
function outdated(mirror: DashboardMirror, ids: Iterable<string>): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const detail = mirror.details[id];
    const card = mirror.cards[id];
    if (detail && card && card.detailVersion > detail.version) out.push(id);
  }
  return out;
}

/** Takes a whole view; returns the open cards whose summary must be fetched again. */
export function applyView(mirror: DashboardMirror, view: DashboardView): string[] {
  const { version, at: _at, pages, ...global } = view;
  const cards: Record<string, PageCard> = {};
  for (const card of pages) cards[card.pageId] = mirror.cards[card.pageId] && same(mirror.cards[card.pageId]!, card) ? mirror.cards[card.pageId]! : card;
  mirror.cards = cards;
  for (const id of Object.keys(mirror.details)) if (!cards[id]) delete mirror.details[id];
  mirror.global = global;
  mirror.version = version;
  return outdated(mirror, Object.keys(mirror.details));
}

// Keeps the same card object when nothing in it changed, so a resync re-renders only what differs.
function same(a: PageCard, b: PageCard): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function applyPatch(mirror: DashboardMirror, patch: DashboardPatch): PatchOutcome {
  if (mirror.version === null) return { kind: 'gap' };
  if (patch.version <= mirror.version) return { kind: 'stale' };
  if (patch.version !== mirror.version + 1) return { kind: 'gap' };
  if (patch.global) mirror.global = patch.global;
  for (const id of patch.removed) {
    delete mirror.cards[id];
    delete mirror.details[id];
  }
  const touched: string[] = [];
  for (const { card, detail } of patch.pages) {
    mirror.cards[card.pageId] = card;
    const open = mirror.details[card.pageId];
    touched.push(card.pageId);
    if (!open || !detail || !open.summary || open.version >= patch.version) continue;
    if (open.version >= detail.since) mirror.details[card.pageId] = { version: patch.version, summary: applyDetail(open.summary, detail) };
  }
  for (const tick of patch.ticks) {
    const card = mirror.cards[tick.pageId];
    if (!card) continue;
    // Field by field: only this card's check-time text re-renders.
    if (card.lastCheckedAt !== tick.lastCheckedAt) card.lastCheckedAt = tick.lastCheckedAt;
    if (card.lastSuccessAt !== tick.lastSuccessAt) card.lastSuccessAt = tick.lastSuccessAt;
    if (card.nextCheckAt !== tick.nextCheckAt) card.nextCheckAt = tick.nextCheckAt;
  }
  mirror.version = patch.version;
  return { kind: 'applied', refetch: outdated(mirror, touched) };
}

/** Takes a fetched summary for an open card; false when it is already out of date (fetch again). */
export function acceptDetail(mirror: DashboardMirror, detail: PageDetail): boolean {
  const card = mirror.cards[detail.pageId];
  if (!card) return true; // no longer watched: nothing to show
  if (card.detailVersion > detail.version) return false;
  const current = mirror.details[detail.pageId];
  if (current && current.version >= detail.version) return true;
  mirror.details[detail.pageId] = { version: detail.version, summary: detail.summary };
  return true;
}

/** A card was closed: its summary is no longer kept up to date. */
export function closeDetail(mirror: DashboardMirror, pageId: string): void {
  delete mirror.details[pageId];
}
