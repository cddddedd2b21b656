import type { FeedDocument, FeedEntry } from './feed-xml';
import { feedEntryParts, MAX_PARTS_AN_ENTRY } from './feed-parts';
import { FEED_MAINTENANCE_MARK, readFeedWords, type FeedState } from './feed-words';
import { newestUpdate, unescapedBody } from './feed-updates';
import { isoOrNull } from './page-parts';

/*
 * A feed's entries grouped into events. Several publishers write one entry per update, not per incident, so one
 * outage would read as several incidents:
 * - Google Cloud: Atom ids `tag:status.cloud.google.com,<year>:feed:<incident>.<update>` (the year may change
 *   between updates);
 * - AWS: guids `…/#<service>-<region>_<epoch seconds>`, a new epoch per update;
 * - Mistral: the same guid on every update of an incident.
 * So an entry's event is its id with the update part cut (ID_SCHEMES), else its link when that names the entry
 * (not the page's home, which AWS and Azure give every item), else its title. Every update stays under its event,
 * newest first; the event's state is its newest update's that says one (feed-words.ts), open when none does.
 */

interface IdScheme {
  pattern: RegExp;
  source: string;
}

/** Group 1 of each pattern is the event's part of an entry id. */
const ID_SCHEMES: readonly IdScheme[] = [
  { pattern: /^tag:([^,]+),\d{4}:feed:([^.]+)\.[^.]+$/, source: 'Google Cloud: tag:status.cloud.google.com,2022:feed:<incident>.<update>' },
  { pattern: /^https?:\/\/([^#]+#.+)_\d{9,11}$/, source: 'AWS: http://status.aws.amazon.com/#<service>-<region>_<epoch>' },
];

export interface FeedUpdate {
  key: string;
  /** The newest update's own stamp where the body stamps its updates (feed-updates.ts), else the entry's date. */
  at: string;
  /** When the entry was first published (Atom's `published`), else the entry's date (a maintenance's: its start). */
  publishedAt: string;
  /** The body says the entry is a maintenance (feed-words.ts), whatever its words. */
  maintenance: boolean;
  title: string;
  url: string | null;
  state: FeedState | null;
  /** The publisher's status word for this update, lower case, when it wrote one. */
  word: string | null;
  /** The update's text, markup dropped. */
  text: string;
  /** The provider's parts this update names (feed-parts.ts); none: the whole provider. */
  parts: string[];
}

export interface FeedEvent {
  key: string;
  /** Newest first. */
  updates: FeedUpdate[];
  state: FeedState;
  /** The newest update's word that says the state, when one does. */
  word: string | null;
  /** Every part its updates name, newest first, without repeats. */
  parts: string[];
  /** An update says it is a maintenance: an open state means upcoming or running (read-feed.ts, by its start). */
  maintenance: boolean;
}

function bodyOf(entry: FeedEntry): string {
  return unescapedBody(entry.fields.encoded?.text ?? entry.fields.content?.text ?? entry.fields.description?.text ?? entry.fields.summary?.text ?? '');
}

function linkOf(entry: FeedEntry): string | null {
  const atom = entry.links.find((l) => !l.attributes.rel || l.attributes.rel === 'alternate') ?? entry.links[0];
  const href = atom?.attributes.href ?? atom?.text ?? '';
  return /^https?:\/\//i.test(href) ? href : null;
}

const sameAddress = (a: string, b: string) => a.replace(/^https?:\/\//i, '').replace(/\/+$/, '') === b.replace(/^https?:\/\//i, '').replace(/\/+$/, '');

function eventKey(entry: FeedEntry, home: string | null): string {
  const id = (entry.fields.guid?.text || entry.fields.id?.text || '').trim();
  for (const scheme of ID_SCHEMES) {
    const match = scheme.pattern.exec(id);
    if (match) return match.slice(1).join(':');
  }
  if (id !== '') return id;
  const link = linkOf(entry);
  if (link !== null && (home === null || !sameAddress(link, home))) return link;
  return entry.fields.title?.text || '(untitled)';
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 2000);
}

/** The feed's events, newest update first in each; entries without a readable date are left out. */
export function feedEvents(feed: FeedDocument, home: string | null): FeedEvent[] {
  const byKey = new Map<string, FeedUpdate[]>();
  for (const entry of feed.entries) {
    const dated = isoOrNull(entry.fields.updated?.text ?? entry.fields.pubdate?.text ?? entry.fields.published?.text ?? entry.fields.date?.text ?? '');
    if (dated === null) continue;
    const key = eventKey(entry, home);
    const title = entry.fields.title?.text || '(untitled)';
    const body = bodyOf(entry);
    const newest = newestUpdate(body, dated);
    const words = readFeedWords(title, body, newest?.html ?? null);
    const list = byKey.get(key) ?? [];
    list.push({
      key,
      at: newest?.at ?? dated,
      publishedAt: isoOrNull(entry.fields.published?.text ?? '') ?? dated,
      maintenance: FEED_MAINTENANCE_MARK.pattern.test(body),
      title,
      url: linkOf(entry),
      state: words?.state ?? null,
      word: words?.word ?? null,
      text: textOf(newest?.html ?? body),
      parts: feedEntryParts(entry, body),
    });
    byKey.set(key, list);
  }
  return [...byKey].map(([key, updates]) => {
    updates.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
    const deciding = updates.find((u) => u.state !== null);
    const parts = [...new Set(updates.flatMap((u) => u.parts))].slice(0, MAX_PARTS_AN_ENTRY);
    return { key, updates, state: deciding?.state ?? 'open', word: deciding?.word ?? null, parts, maintenance: updates.some((u) => u.maintenance) };
  });
}
