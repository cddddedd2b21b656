import { worstLevel } from '../../statuspal/levels';
import type { IncidentSnapshot, PageSnapshot } from '../snapshot';
import { feedEvents, type FeedEvent } from './feed-events';
import type { FeedState } from './feed-words';
import { readFeedXml } from './feed-xml';
import { ProviderNotUnderstoodError, type FormatName } from './not-understood';
import { pageOf } from './page-parts';
import { providerNumericId } from './provider-id';

/** How "not understood" names this format (its record, formats/feed.ts, carries the same). */
export const FEED = { id: 'feed', notUnderstoodAs: 'an RSS or Atom feed' } as const satisfies FormatName;

/*
 * An RSS 2.0 or Atom feed of a status page's incidents (Statuspage's and Instatus' history.rss/.atom, a cloud's
 * own). A feed says no level, so it is read conservatively:
 * - entries are grouped into events by the publisher's id scheme, link or title, every update under its event
 *   (feed-events.ts); the event's state is its newest update's, in the publisher's own words (feed-words.ts);
 *   The newest update is the one stamped latest (feed-updates.ts), wherever the publisher lists it;
 * - closed events are left out; an upcoming or running maintenance is a maintenance (so is an open event the
 *   publisher marks as one: upcoming before its start, running after); any other event is an
 *   open incident: minor (the feed does not say how bad; claiming an outage from a feed would be worse);
 * - only events updated within RECENT_DAYS count: a feed is history, and an entry nobody closed years ago is
 *   not an incident today.
 * A page without open events is operational: the feed was read and says nothing is going on.
 */

const RECENT_DAYS = 7;

/** An open event the publisher marks as a maintenance is upcoming before its start (its first publication), else running. */
function stateOf(event: FeedEvent, now: number): FeedState {
  if (!event.maintenance || event.state !== 'open') return event.state;
  return now < Date.parse(startOf(event)) ? 'upcoming' : 'running';
}

const startOf = (event: FeedEvent) => event.updates.map((u) => u.publishedAt).sort()[0]!;

function itemOf(event: FeedEvent, state: FeedState): IncidentSnapshot {
  const newest = event.updates[0]!;
  const maintenance = state === 'upcoming' || state === 'running';
  const updateIds = event.updates.map((u) => providerNumericId('update', `${event.key}:${u.at}`));
  return {
    id: providerNumericId('incident', event.key),
    type: maintenance ? 'maintenance' : 'incident',
    level: maintenance ? 'scheduled' : 'minor',
    title: newest.title,
    url: newest.url ?? event.updates.find((u) => u.url !== null)?.url ?? null,
    startsAt: startOf(event),
    endsAt: null,
    serviceIds: [],
    updateIds,
    latestUpdate: { id: updateIds[0]!, type: event.word, description: newest.text, postedAt: newest.at },
    resolved: false,
    ...(event.parts.length > 0 ? { parts: event.parts } : {}),
  };
}

export function readFeedPage(body: string, pageUrl: string, now: number = Date.now()): PageSnapshot {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) throw new ProviderNotUnderstoodError(FEED, 'the answer is JSON, not a feed');
  const feed = readFeedXml(body);
  if (feed === null)
    throw new ProviderNotUnderstoodError(
      FEED,
      /<html/i.test(trimmed.slice(0, 500)) ? 'the answer is an HTML page, not a feed' : 'there is no rss or feed element',
    );
  const home = feed.head.link?.attributes.href || feed.head.link?.text || null;
  const incidents: IncidentSnapshot[] = [];
  const maintenances: IncidentSnapshot[] = [];
  const upcoming: IncidentSnapshot[] = [];
  const since = now - RECENT_DAYS * 86_400_000;
  for (const event of feedEvents(feed, home)) {
    const state = stateOf(event, now);
    if (state === 'closed' || Date.parse(event.updates[0]!.at) < since) continue;
    const item = itemOf(event, state);
    if (state === 'upcoming') upcoming.push(item);
    else if (state === 'running') maintenances.push(item);
    else incidents.push(item);
  }
  const level = worstLevel([...incidents.map((i) => i.level), ...(maintenances.length > 0 ? ['scheduled' as const] : [])]);
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
