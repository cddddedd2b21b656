import { describe, expect, it } from 'vitest';
import { originOfItems, publicPageAddress } from '../../../shared/statuspal/public-page';
import { fixtureNames, loadFixture } from './helpers/fixtures';

type Capture = {
  status_page: { url: string; subdomain?: string };
  incidents: Array<{ url: string }>;
  maintenances: Array<{ url: string }>;
  upcoming_maintenances: Array<{ url: string }>;
  info_notices?: Array<{ url: string }>;
};

const itemUrls = (summary: Capture) =>
  [...summary.incidents, ...summary.maintenances, ...summary.upcoming_maintenances, ...(summary.info_notices ?? [])].map((i) => i.url);

describe('the public page address of a Status Page API page', () => {
  // Published captures: the page field is the company site, the items live on the public page.
  const expected: Record<string, { site: string; page: string }> = {
    'exoscale-operational.json': { site: 'exoscale.com', page: 'https://exoscalestatus.com' },
    'exoscale-network-degraded.json': { site: 'exoscale.com', page: 'https://exoscalestatus.com' },
    'exoscale-recent-incident-closed.json': { site: 'exoscale.com', page: 'https://exoscalestatus.com' },
    'exoscale-vie2-maintenance-critical.json': { site: 'exoscale.com', page: 'https://exoscalestatus.com' },
    'peak-customer-api-down.json': { site: 'ascentlogistics.com', page: 'https://ascentlogistics.statuspal.io' },
    'maintenance-ongoing-with-incident.json': { site: 'google.com', page: 'https://status.google.com' },
  };

  it.each(fixtureNames())('%s: from the items, never status_page.url', (name) => {
    const summary = (loadFixture(name) as { summary?: Capture }).summary ?? (loadFixture(name) as Capture);
    expect(summary.status_page.url).toBe(expected[name]!.site);
    expect(publicPageAddress({ itemUrls: itemUrls(summary), subdomain: 'ignored', region: 'us' })).toBe(expected[name]!.page);
  });

  it('the issue’s example: www.hosttech.eu is the site, status.hosttech.eu the page', () => {
    expect(publicPageAddress({ itemUrls: ['https://status.hosttech.eu/incidents/150399'], subdomain: 'hosttech', region: 'eu' })).toBe(
      'https://status.hosttech.eu',
    );
  });

  it('without items: the hosted page of the region; nothing for a custom server or an odd subdomain', () => {
    expect(publicPageAddress({ itemUrls: [], subdomain: 'AscentLogistics', region: 'us' })).toBe('https://ascentlogistics.statuspal.io');
    expect(publicPageAddress({ itemUrls: [], subdomain: 'acme', region: 'eu' })).toBe('https://acme.statuspal.eu');
    expect(publicPageAddress({ itemUrls: [], subdomain: 'acme', region: 'custom' })).toBeNull();
    expect(publicPageAddress({ itemUrls: [], subdomain: 'a_b', region: 'us' })).toBeNull();
  });

  it('the most common https origin wins; plain http and junk are ignored', () => {
    expect(originOfItems(['http://x.test/incidents/1', 'not a url', null, 'https://b.test/i/1', 'https://a.test/i/2', 'https://a.test/i/3'])).toBe(
      'https://a.test',
    );
    expect(originOfItems([])).toBeNull();
  });
});
