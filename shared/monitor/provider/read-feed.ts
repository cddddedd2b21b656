import { worstLevel } from '../../statuspage/levels';
import type { IncidentSnapshot, PageSnapshot } from '../snapshot';
import { readFeedXml, type FeedEntry } from './feed-xml';
import { ProviderNotUnderstoodError } from './not-understood';
import { isoOrNull, pageOf } from './page-parts';
import { providerNumericId } from './provider-id';

/*
 * An RSS 2.0 or Atom feed of a status page's incidents (Statuspage's history.rss/.atom, Cachet's, a
 * cloud's own): each entry is one incident or maintenance with its updates in the body. A feed says no
 * level, so it is read conservatively:
 * - the entry's state is its latest update's word: the first `<strong>Word</strong>` of the body (how
 *   Statuspage, LambStatus and their likes write updates), else a leading "RESOLVED:" / "[RESOLVED]"
 *   in the title (how clouds do);
 * - resolved, completed and postmortem close it; scheduled is an upcoming maintenance, in progress and
 *   verifying a running one; anything else is an open incident: minor (the feed does not say how bad;
 *   claiming an outage from a feed would be worse);
 * - only entries updated within RECENT_DAYS count: a feed is history, and an entry nobody closed years
 *   ago is not an incident today.
 * A page without open entries is operational: the feed was read and says nothing is going on.
 */

export const RECENT_DAYS = 7;
const CLOSED = /^(resolved|completed|complete|postmortem|post-mortem|operating normally|closed|fixed)\b/i;
const UPCOMING = /^(scheduled|not started|planned)\b/i;
const RUNNING = /^(in progress|verifying|maintenance in progress|under maintenance)\b/i;

function stateOf(entry: FeedEntry): string | null {
  const body = entry.fields.encoded?.text ?? entry.fields.content?.text ?? entry.fields.description?.text ?? entry.fields.summary?.text ?? '';
  const strong = /<(strong|b)>\s*([^<]{1,40}?)\s*<\/\1>/i.exec(body);
  if (strong) return strong[2]!;
  const title = entry.fields.title?.text ?? '';
  const prefix = /^\s*\[?(resolved|update|investigating|identified|monitoring|completed|scheduled)\]?\s*[:\-\]]/i.exec(title) ?? /\[(resolved)\]/i.exec(title);
  return prefix ? prefix[1]! : null;
}

function linkOf(entry: FeedEntry): string | null {
  const atom = entry.links.find((l) => !l.attributes.rel || l.attributes.rel === 'alternate') ?? entry.links[0];
  const href = atom?.attributes.href ?? atom?.text ?? '';
  return /^https?:\/\//i.test(href) ? href : null;
}

function bodyText(entry: FeedEntry): string {
  const body = entry.fields.encoded?.text ?? entry.fields.content?.text ?? entry.fields.description?.text ?? entry.fields.summary?.text ?? '';
  return body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 2000);
}

export function readFeedPage(body: string, pageUrl: string, now: number = Date.now()): PageSnapshot {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) throw new ProviderNotUnderstoodError('feed', 'the answer is JSON, not a feed');
  const feed = readFeedXml(body);
  if (feed === null)
    throw new ProviderNotUnderstoodError(
      'feed',
      /<html/i.test(trimmed.slice(0, 500)) ? 'the answer is an HTML page, not a feed' : 'there is no rss or feed element',
    );
  const incidents: IncidentSnapshot[] = [];
  const maintenances: IncidentSnapshot[] = [];
  const upcoming: IncidentSnapshot[] = [];
  const since = now - RECENT_DAYS * 86_400_000;
  for (const entry of feed.entries) {
    const at = isoOrNull(entry.fields.updated?.text ?? entry.fields.pubdate?.text ?? entry.fields.published?.text ?? entry.fields.date?.text ?? '');
    if (at === null || Date.parse(at) < since) continue;
    const state = stateOf(entry);
    if (state !== null && CLOSED.test(state)) continue;
    const key = entry.fields.guid?.text || entry.fields.id?.text || linkOf(entry) || entry.fields.title?.text || at;
    const maintenance = state !== null && (UPCOMING.test(state) || RUNNING.test(state));
    const item: IncidentSnapshot = {
      id: providerNumericId('incident', key),
      type: maintenance ? 'maintenance' : 'incident',
      level: maintenance ? 'scheduled' : 'minor',
      title: entry.fields.title?.text || '(untitled)',
      url: linkOf(entry),
      startsAt: isoOrNull(entry.fields.published?.text ?? '') ?? at,
      endsAt: null,
      serviceIds: [],
      updateIds: [providerNumericId('update', `${key}:${at}`)],
      latestUpdate: { id: providerNumericId('update', `${key}:${at}`), type: state?.toLowerCase() ?? null, description: bodyText(entry), postedAt: at },
      resolved: false,
    };
    if (!maintenance) incidents.push(item);
    else (UPCOMING.test(state) ? upcoming : maintenances).push(item);
  }
  const level = worstLevel([...incidents.map((i) => i.level), ...(maintenances.length > 0 ? ['scheduled' as const] : [])]);
  const home = feed.head.link?.attributes.href ?? feed.head.link?.text ?? null;
  return pageOf({
    pageUrl,
    name: feed.head.title?.text.replace(/\s*[-–]?\s*(incident history|status history)$/i, '') || null,
    url: home && /^https?:\/\//i.test(home) ? home : pageUrl,
    level,
    currentType: level === 'minor' ? 'open incident' : level === 'scheduled' ? 'maintenance' : null,
    hasStatusType: false,
    incidents,
    maintenances,
    upcomingMaintenances: upcoming,
  });
}
