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

/*
 * Instatus pages' feeds (history.rss, history.atom): one item per incident or maintenance, led by "Type:",
 * "Duration:" and "Affected Components:" paragraphs, then every update stamped "<small>Sep 25, 16:01:05 GMT+0</small>"
 * and led by its word in <strong>. Northflank's RSS lists the updates oldest first; Perplexity's Atom newest first.
 */
describe('Instatus history feeds', () => {
  const withoutUpdate = (feed: string, stamp: RegExp) =>
    feed.replace(new RegExp(`(&lt;p&gt;|<p>)(?:(?!</p>|&lt;/p&gt;)[\\s\\S])*?${stamp.source}[\\s\\S]*?(</p>|&lt;/p&gt;)`), '');

  describe('Northflank (status.northflank.com/history.rss, updates oldest first)', () => {
    const feed = sample('feed', 'northflank-instatus-2026-09-25.rss');
    const url = 'https://status.northflank.com/history.rss';

    it('an item whose latest update is "Resolved" is closed, though the update is its last paragraph', () => {
      expect(read(feed, url, '2026-09-25T16:30:00Z')).toMatchObject({ name: 'Northflank Status', level: 'operational', incidents: [] });
    });

    it('before its resolving update, the item is one open incident in its latest word, at that update', () => {
      const before = withoutUpdate(feed, /Sep &lt;var data-var=&#039;date&#039;&gt; 25&lt;\/var&gt;, &lt;var data-var=&#039;time&#039;&gt;16:01:05/);
      const page = read(before, url, '2026-09-25T15:30:00Z');
      expect(page.level).toBe('minor');
      expect(page.incidents).toEqual([
        expect.objectContaining({ title: 'Degraded SSO login via WorkOS', url: 'https://status.northflank.com/incident/cmuh4kc8h00s013pih51rz3uf' }),
      ]);
      expect(page.incidents[0]!.latestUpdate).toMatchObject({ type: 'investigating', postedAt: '2026-09-25T15:15:00.000Z' });
    });

    it('an incident updated days after it began stays recent: its time is its latest update, not its start', () => {
      // The 4 Sep incident as if its "Monitoring" update had stayed the latest for eight days.
      const later = withoutUpdate(feed, /Sep &lt;var data-var=&#039;date&#039;&gt; 4&lt;\/var&gt;, &lt;var data-var=&#039;time&#039;&gt;20:52:58/).replace(
        'Sep &lt;var data-var=&#039;date&#039;&gt; 4&lt;/var&gt;, &lt;var data-var=&#039;time&#039;&gt;18:27:54',
        'Sep &lt;var data-var=&#039;date&#039;&gt; 12&lt;/var&gt;, &lt;var data-var=&#039;time&#039;&gt;18:27:54',
      );
      const page = read(later.replace(/<item>[\s\S]*?<\/item>/, ''), url, '2026-09-13T00:00:00Z');
      expect(page.incidents).toEqual([
        expect.objectContaining({ title: 'Addon expose/unexpose temporarily disabled in US - Central', startsAt: '2026-09-04T18:27:54.000Z' }),
      ]);
      expect(page.incidents[0]!.latestUpdate).toMatchObject({ type: 'monitoring', postedAt: '2026-09-12T18:27:54.000Z' });
    });
  });

  describe('Perplexity (status.perplexity.com/history.atom, updates newest first)', () => {
    const feed = sample('feed', 'perplexity-instatus-2026-06-05.atom');
    const url = 'https://status.perplexity.com/history.atom';

    it('an entry whose latest update is "Resolved" is closed', () => {
      expect(read(feed, url, '2026-06-05T02:00:00Z')).toMatchObject({ name: 'Perplexity Status', level: 'operational', incidents: [] });
    });

    it('before its resolving update, the entry is one open incident in its latest word', () => {
      const page = read(withoutUpdate(feed, /Jun <var data-var='date'> 5<\/var>, <var data-var='time'>01:40:38/), url, '2026-06-05T01:30:00Z');
      expect(page.incidents).toHaveLength(1);
      expect(page.incidents[0]!.latestUpdate).toMatchObject({ type: 'monitoring', postedAt: '2026-06-05T01:00:00.000Z' });
    });
  });

  describe('Kagi (status.kagi.com/history.atom, a maintenance)', () => {
    const feed = sample('feed', 'kagi-instatus-2026-07-19.atom');
    const url = 'https://status.kagi.com/history.atom';
    const inProgress = withoutUpdate(feed, /Jul <var data-var='date'> 19<\/var>, <var data-var='time'>06:07:55/);

    it('a "Type: Maintenance" entry announced with "Identified" is an upcoming maintenance before its start', () => {
      const announced = withoutUpdate(inProgress, /Jul <var data-var='date'> 19<\/var>, <var data-var='time'>06:00:01/);
      const page = read(announced, url, '2026-07-10T00:00:00Z');
      expect(page).toMatchObject({ level: 'operational', incidents: [], maintenances: [] });
      expect(page.upcomingMaintenances).toEqual([
        expect.objectContaining({ title: 'Database maintenance for Kagi Search', startsAt: '2026-07-19T06:00:00.000Z' }),
      ]);
    });

    it("once started it is a running maintenance, though the entry's <updated> is the announcement's", () => {
      const page = read(inProgress, url, '2026-07-19T06:05:00Z');
      expect(page).toMatchObject({ level: 'scheduled', incidents: [], upcomingMaintenances: [] });
      expect(page.maintenances).toEqual([expect.objectContaining({ title: 'Database maintenance for Kagi Search' })]);
      expect(page.maintenances[0]!.latestUpdate).toMatchObject({ type: 'identified', postedAt: '2026-07-19T06:00:01.000Z' });
    });

    it('"Completed" closes it', () => {
      expect(read(feed, url, '2026-07-19T07:00:00Z')).toMatchObject({ level: 'operational', maintenances: [], upcomingMaintenances: [] });
    });
  });
});
