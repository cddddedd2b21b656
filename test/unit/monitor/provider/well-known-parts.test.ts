import { describe, expect, it } from 'vitest';
import { feedEvents } from '../../../../shared/monitor/provider/feed-events';
import { readFeedXml } from '../../../../shared/monitor/provider/feed-xml';
import { partKey } from '../../../../shared/monitor/provider/followed-parts';
import { wellKnownParts } from '../../../../shared/providers/provider-parts';
import { sample, sampleJson } from './published-samples';

/*
 * The parts offered before a feed names them must be named as the published feeds name them, or following one never
 * matches an incident (test/fixtures/providers/feed/README.md names each sample's source).
 */

const known = (url: string) => new Set(wellKnownParts(url).map((part) => partKey(part.key)));

/** Every part the feed's events name, open or over. */
const feedParts = (file: string): string[] => feedEvents(readFeedXml(sample('feed', file))!, null).flatMap((event) => event.parts);

describe('well-known parts, as the published feeds name them', () => {
  it.each(['azure-2026-07-23.rss', 'azure-2025-10-29.rss', 'azure-2022-09-07.rss'])('Azure: every service and region of %s is offered', (file) => {
    const url = 'https://rssfeed.azure.status.microsoft/en-us/status/feed/';
    const parts = feedParts(file);
    expect(parts.length).toBeGreaterThan(0);
    const offered = known(url);
    expect(parts.filter((part) => !offered.has(partKey(part)))).toEqual([]);
  });

  it('Google Cloud: every product of the feed\'s "Affected products" and of its incidents.json is offered', () => {
    const url = 'https://status.cloud.google.com/en/feed.atom';
    const fromFeed = feedParts('google-cloud-2022-04-01.atom');
    const incidents = sampleJson('feed', 'google-cloud-incidents-2026-07-30.json') as unknown as Array<{ affected_products: Array<{ title: string }> }>;
    const fromIncidents = incidents.flatMap((incident) => incident.affected_products.map((product) => product.title));
    const offered = known(url);
    expect([...fromFeed, ...fromIncidents].filter((part) => !offered.has(partKey(part)))).toEqual([]);
  });

  it("AWS: the all-feed's <service>-<region> is offered", () => {
    const url = 'https://status.aws.amazon.com/rss/all.rss';
    const parts = feedParts('aws-all-2021-12-20.rss');
    expect(parts).toContain('internetconnectivity-us-gov-west-1');
    const offered = known(url);
    expect(parts.filter((part) => !offered.has(partKey(part)))).toEqual([]);
  });
});
