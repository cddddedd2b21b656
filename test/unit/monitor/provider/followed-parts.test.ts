import { describe, expect, it } from 'vitest';
import { FEED_PART_RULES, feedEntryParts } from '../../../../shared/monitor/provider/feed-parts';
import { readFeedXml } from '../../../../shared/monitor/provider/feed-xml';
import { followedPartsSchema, knownParts, partKey, partMatcher, partVerdict } from '../../../../shared/monitor/provider/followed-parts';
import { partChoices, searchPartChoices } from '../../../../shared/monitor/provider/part-choices';
import { readProviderPage } from '../../../../shared/monitor/provider/read-provider-page';
import { pageSnapshotSchema, type PageSnapshot } from '../../../../shared/monitor/snapshot';
import { sample } from './published-samples';

/*
 * The parts each publisher names, read from the published samples (test/fixtures/providers/feed/README.md), and
 * the page as the parts followed see it. Where a sample is resolved, the test opens it again by its words (as
 * feeds-as-published.test.ts does) and says so.
 */

const read = (body: string, url: string, at: string, parts?: string[]): PageSnapshot =>
  pageSnapshotSchema.parse(JSON.parse(JSON.stringify(readProviderPage(body, { url, format: 'feed', parts }, Date.parse(at)))));

describe('parts named by published feeds', () => {
  // AWS: the event before it was resolved (the words that close it taken out).
  const aws = sample('feed', 'aws-all-2021-12-20.rss')
    .replace(/Service is operating normally: \[RESOLVED\] /g, 'Informational message: ')
    .replace(/has been resolved/g, 'is being worked on');
  const awsUrl = 'https://status.aws.amazon.com/rss/all.rss';
  const awsAt = '2021-12-15T21:00:00Z';

  it('AWS: the guid names the service in the region, as its per-part feed does', () => {
    const page = read(aws, awsUrl, awsAt);
    expect(page.incidents).toHaveLength(1);
    expect(page.incidents[0]!.parts).toEqual(['internetconnectivity-us-gov-west-1']);
    expect(knownParts(page)).toEqual(['internetconnectivity-us-gov-west-1']);
  });

  it('AWS: followed in that region it counts; followed elsewhere it is aside, the page operational', () => {
    expect(read(aws, awsUrl, awsAt, ['internetconnectivity-us-gov-west-1'])).toMatchObject({ level: 'minor', incidents: [{ level: 'minor' }] });
    const other = read(aws, awsUrl, awsAt, ['ec2-us-east-1', 's3-us-standard']);
    expect(other).toMatchObject({ level: 'operational', currentType: null, incidents: [] });
    expect(other.elsewhere).toEqual([
      { id: expect.any(Number), title: 'Informational message: Internet Connectivity', kind: 'incident', parts: ['internetconnectivity-us-gov-west-1'] },
    ]);
  });

  // Google Cloud: the entry before it was resolved.
  const google = sample('feed', 'google-cloud-2022-04-01.atom').replace('RESOLVED: ', 'UPDATE: ');
  const googleUrl = 'https://status.cloud.google.com/en/feed.atom';
  const googleAt = '2022-04-01T21:00:00Z';

  it('Google Cloud: "Affected products" names the products', () => {
    expect(read(google, googleUrl, googleAt).incidents[0]!.parts).toEqual(['Cloud Monitoring', 'Operations', 'Google Cloud Pub/Sub']);
  });

  it('Google Cloud: a product followed by its short name counts; another product does not', () => {
    expect(read(google, googleUrl, googleAt, ['Cloud Pub/Sub']).level).toBe('minor');
    const other = read(google, googleUrl, googleAt, ['Google Compute Engine']);
    expect(other.level).toBe('operational');
    expect(other.elsewhere?.[0]?.parts).toEqual(['Cloud Monitoring', 'Operations', 'Google Cloud Pub/Sub']);
  });

  const azure = sample('feed', 'azure-2026-07-23.rss');
  const azureUrl = 'https://rssfeed.azure.status.microsoft/en-us/status/feed/';
  const azureAt = '2026-07-23T17:00:00Z';

  it('Azure: its categories name services and regions', () => {
    expect(read(azure, azureUrl, azureAt).incidents[0]!.parts).toEqual([
      'API Management',
      'Application Gateway',
      'Azure Database for PostgreSQL',
      'Azure Kubernetes Service (AKS)',
      'ExpressRoute Circuits',
      'ExpressRoute Gateways',
      'Network Infrastructure',
      'VPN Gateway',
      'Virtual WAN',
      'West US',
    ]);
  });

  it('Azure: a region followed counts its incidents; another region does not', () => {
    expect(read(azure, azureUrl, azureAt, ['West US']).level).toBe('minor');
    expect(read(azure, azureUrl, azureAt, ['Virtual Machines', 'East US'])).toMatchObject({ level: 'operational', incidents: [] });
  });

  it('Slack names no part: its incident is the whole provider, counted whatever is followed', () => {
    // The incident while it was open.
    const slack = sample('feed', 'slack-2026-02-02.atom').replace('This issue is now resolved.', 'We are investigating.');
    const page = read(slack, 'https://slack-status.com/feed/atom', '2026-02-02T18:00:00Z', ['Messaging']);
    expect(page).toMatchObject({ level: 'minor', incidents: [{ title: 'Incident: Trouble connecting to Salesforce Channels' }] });
    expect(page.incidents[0]!.parts).toBeUndefined();
    expect(partVerdict(page.incidents[0]!, partMatcher(['Messaging'], []))).toBe('whole provider');
    expect(page.elsewhere).toBeUndefined();
  });

  it('every rule of the documented table reads its example back', () => {
    const parts = FEED_PART_RULES.map((rule) => {
      const entry = rule.source.startsWith('AWS')
        ? `<item><guid>${rule.example}</guid></item>`
        : rule.source.startsWith('Google')
          ? `<item><description><![CDATA[${rule.example}]]></description></item>`
          : `<item>${rule.example}</item>`;
      const feed = readFeedXml(`<rss><channel>${entry}</channel></rss>`)!;
      return feedEntryParts(feed.entries[0]!, feed.entries[0]!.fields.description?.text ?? '');
    });
    expect(parts).toEqual([['ec2-us-east-1'], ['Cloud Monitoring', 'Google Cloud Pub/Sub'], ['Virtual Machines']]);
  });

  it("an Atom category's term is the part", () => {
    const feed = readFeedXml('<feed><entry><id>x</id><category term="Storage"/><category term="storage"/></entry></feed>')!;
    expect(feedEntryParts(feed.entries[0]!, '')).toEqual(['Storage']);
  });
});

describe('components of a Statuspage page followed', () => {
  const summary = {
    page: { name: 'Nimbus' },
    status: { indicator: 'major', description: 'Major outage' },
    components: [
      { id: 'grp', name: 'Compute', status: 'major_outage', group: true, position: 1 },
      { id: 'vm', name: 'Virtual machines', status: 'major_outage', group_id: 'grp', position: 1 },
      { id: 'obj', name: 'Object storage', status: 'operational', group_id: 'grp', position: 2 },
      { id: 'dns', name: 'DNS', status: 'operational', position: 2 },
    ],
    incidents: [
      { id: 'i1', name: 'VMs down', status: 'investigating', impact: 'major', components: [{ id: 'vm' }], incident_updates: [] },
      { id: 'i2', name: 'Everything slow', status: 'investigating', impact: 'minor', incident_updates: [] },
    ],
  };
  const page = (parts?: string[]) => readProviderPage(JSON.stringify(summary), { url: 'https://status.nimbus.example', format: 'statuspage', parts });

  it('a component followed by name keeps it and what names it; what names none is the whole provider', () => {
    const dns = page(['dns']);
    expect(dns.services.map((s) => s.name)).toEqual(['DNS']);
    expect(dns.incidents.map((i) => i.title)).toEqual(['Everything slow']);
    expect(dns).toMatchObject({ level: 'minor', currentType: 'minor', hasStatusType: false });
    expect(dns.elsewhere).toEqual([{ id: expect.any(Number), title: 'VMs down', kind: 'incident', parts: ['Virtual machines'] }]);
  });

  it('a group followed by its id brings its children; the page word stays when the level is the same', () => {
    const compute = page(['grp']);
    expect(compute.services.map((s) => [s.name, s.children.map((c) => c.name)])).toEqual([['Compute', ['Virtual machines', 'Object storage']]]);
    expect(compute).toMatchObject({ level: 'major', currentType: 'major', hasStatusType: true });
    expect(compute.incidents).toHaveLength(2);
  });

  it('nothing followed: the page as it is', () => {
    expect(page()).toEqual(page([]));
    expect(page().elsewhere).toBeUndefined();
  });
});

describe('the parts followed, as saved', () => {
  it('are bounded, trimmed, and kept once however they are written', () => {
    expect(followedPartsSchema.parse([' EC2-us-east-1 ', 'ec2-us-east-1', 'Google Compute Engine', 'Compute Engine'])).toEqual([
      'ec2-us-east-1',
      'Compute Engine',
    ]);
    expect(followedPartsSchema.safeParse(Array.from({ length: 101 }, (_, i) => `part ${i}`)).success).toBe(false);
    expect(followedPartsSchema.safeParse(['x'.repeat(121)]).success).toBe(false);
    expect(followedPartsSchema.safeParse(['  ']).success).toBe(false);
    expect(partKey('Microsoft Azure  Front Door')).toBe('front door');
  });
});

describe('the choices offered', () => {
  it('AWS: what the answer named first, then the well-known services in each region, searchable', () => {
    const aws = sample('feed', 'aws-all-2021-12-20.rss')
      .replace(/\[RESOLVED\] /g, '')
      .replace(/Service is operating normally: /g, '')
      .replace(/has been resolved/g, 'is open');
    const url = 'https://status.aws.amazon.com/rss/all.rss';
    const choices = partChoices(read(aws, url, '2021-12-15T21:00:00Z'), url);
    expect(choices[0]).toEqual({
      key: 'internetconnectivity-us-gov-west-1',
      label: 'AWS Internet Connectivity (GovCloud (US-West), us-gov-west-1)',
      seen: true,
    });
    expect(choices.find((c) => c.key === 's3-us-standard')).toMatchObject({ seen: false, label: expect.stringContaining('N. Virginia') });
    expect(searchPartChoices(choices, 'ec2 frankfurt')).toEqual([
      { key: 'ec2-eu-central-1', label: 'Amazon Elastic Compute Cloud (Frankfurt, eu-central-1)', seen: false },
    ]);
  });

  it('a provider without a well-known list offers what its answer named', () => {
    const slack = sample('feed', 'slack-2026-02-02.atom');
    expect(partChoices(read(slack, 'https://slack-status.com/feed/atom', '2026-02-02T18:00:00Z'), 'https://slack-status.com/feed/atom')).toEqual([]);
  });
});
