import { describe, expect, it } from 'vitest';
import { readProviderPage } from '../../../../shared/monitor/provider/read-provider-page';
import { pageSnapshotSchema, type PageSnapshot } from '../../../../shared/monitor/snapshot';
import { sample } from './published-samples';

/*
 * Feeds as their publishers write them (test/fixtures/providers/feed/README.md names each source), each read at the
 * time it was captured. Where a test needs the feed as it stood earlier (before the resolving update), the sample is
 * cut or its words changed in the test, and the test says so.
 */

const read = (body: string, url: string, at: string): PageSnapshot =>
  pageSnapshotSchema.parse(JSON.parse(JSON.stringify(readProviderPage(body, { url, format: 'feed' }, Date.parse(at)))));

describe('Google Cloud (status.cloud.google.com/en/feed.atom)', () => {
  const feed = sample('feed', 'google-cloud-2022-04-01.atom');
  const url = 'https://status.cloud.google.com/en/feed.atom';

  it('a "RESOLVED:" entry is closed, though its body opens with a date in <strong>', () => {
    expect(read(feed, url, '2022-04-01T21:00:00Z')).toMatchObject({ level: 'operational', incidents: [] });
  });

  it('updates under "<incident>.<update>" ids are one incident, the newest update its state', () => {
    // The incident as it stood before it was resolved: two "UPDATE:" entries of the same incident id.
    const entry = /<entry>[\s\S]*<\/entry>/.exec(feed)![0].replace('RESOLVED: ', 'UPDATE: ');
    const earlier = entry.replace('.T3VTiKN96GAYJ2R68X6b', '.earlierUpdate').replace('2022-04-01T20:13:25', '2022-03-31T16:00:00');
    const page = read(feed.replace(/<entry>[\s\S]*<\/entry>/, `${entry}${earlier}`), url, '2022-04-01T21:00:00Z');
    expect(page.incidents).toHaveLength(1);
    expect(page.incidents[0]).toMatchObject({
      title: 'UPDATE: Global: Cloud Monitoring Metrics may be unavailable or underreported for Cloud Pub/Sub',
      url: 'https://status.cloud.google.com/incidents/B1hD4KAtcxiyAWkcANfV',
      startsAt: '2022-03-31T16:00:00.000Z',
      level: 'minor',
    });
    expect(page.incidents[0]!.updateIds).toHaveLength(2);
    expect(page.incidents[0]!.latestUpdate!.postedAt).toBe('2022-04-01T20:13:25.000Z');
  });
});

describe('AWS (status.aws.amazon.com/rss/all.rss)', () => {
  const feed = sample('feed', 'aws-all-2021-12-20.rss');
  const url = 'https://status.aws.amazon.com/rss/all.rss';

  it('"[RESOLVED]" items of one event leave nothing open', () => {
    expect(read(feed, url, '2021-12-20T08:05:42Z')).toMatchObject({ level: 'operational', incidents: [] });
  });

  it('items whose guids differ only by the trailing timestamp are one event with every update under it', () => {
    // The event while it was open: the same two items without the words that close it.
    const open = feed
      .replaceAll('Service is operating normally: [RESOLVED] ', 'Informational message: ')
      .replaceAll(/The issue has been resolved[^\]]*\./g, '');
    const page = read(open.replace('We have resolved the issue', 'We are investigating an issue'), url, '2021-12-16T00:00:00Z');
    expect(page.incidents).toHaveLength(1);
    expect(page.incidents[0]).toMatchObject({ title: 'Informational message: Internet Connectivity', startsAt: '2021-12-15T16:10:17.000Z' });
    expect(page.incidents[0]!.updateIds).toHaveLength(2);
  });
});

describe('Slack (slack-status.com/feed/atom)', () => {
  it('"This issue is now resolved." closes the entry', () => {
    const page = read(sample('feed', 'slack-2026-02-02.atom'), 'https://slack-status.com/feed/atom', '2026-02-02T18:00:00Z');
    expect(page).toMatchObject({ name: 'Slack System Status', level: 'operational', incidents: [] });
  });
});

describe('Mistral (status.mistral.ai/feed.rss)', () => {
  const feed = sample('feed', 'mistral-2026-07-26.rss');
  const url = 'https://status.mistral.ai/feed.rss';

  it('two items under one guid are one incident, closed by its newest "Status: Resolved"', () => {
    expect(read(feed, url, '2026-07-26T03:00:00Z')).toMatchObject({ level: 'operational', incidents: [] });
  });

  it('before the resolving item it is one open incident, in its own word', () => {
    // The feed as it was at 02:47: the newest item not yet published.
    const before = feed.replace(/<item>[\s\S]*?<\/item>/, '');
    const page = read(before, url, '2026-07-26T02:47:00Z');
    expect(page.level).toBe('minor');
    expect(page.incidents).toEqual([expect.objectContaining({ title: 'Audio API Degraded', url: 'https://status.mistral.ai/incident/4c854daa' })]);
    expect(page.incidents[0]!.latestUpdate).toMatchObject({ type: 'investigating', postedAt: '2026-07-26T02:46:53.000Z' });
  });
});

describe('Azure (azure.status.microsoft/en-us/status/feed/)', () => {
  it('an item is an open event: Azure takes it off the feed when it is over', () => {
    const page = read(sample('feed', 'azure-2026-07-23.rss'), 'https://rssfeed.azure.status.microsoft/en-us/status/feed/', '2026-07-23T16:49:00Z');
    expect(page).toMatchObject({ name: 'Azure Status', level: 'minor', currentType: 'open incident' });
    expect(page.incidents).toEqual([expect.objectContaining({ title: 'Issues connecting to resources in West US', startsAt: '2026-07-23T16:29:09.000Z' })]);
  });
});

describe('Statuspage history (www.githubstatus.com/history.atom)', () => {
  it('entries whose newest update is "Resolved" are closed', () => {
    const page = read(sample('feed', 'github-history-2025-10-21.atom'), 'https://www.githubstatus.com/history.atom', '2025-10-21T20:25:22Z');
    expect(page).toMatchObject({ name: 'GitHub Status', level: 'operational', incidents: [] });
  });
});
