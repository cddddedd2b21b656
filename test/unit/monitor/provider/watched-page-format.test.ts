import { describe, expect, it } from 'vitest';
import { providerWatchedPage } from '../../../../electron/core/monitor/provider-page';
import { watchedPageSchema } from '../../../../shared/monitor/watched-page';

const saved = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'provider',
  url: 'https://status.example.com',
  region: 'custom',
  subdomain: 'status-example-com',
};

describe('the format of a watched provider page', () => {
  it('a page saved before formats still loads, and is read as statuspage', () => {
    const page = watchedPageSchema.parse(saved);
    expect(page.format).toBeUndefined();
    expect(JSON.parse(JSON.stringify(page))).not.toHaveProperty('format');
  });

  it('is kept when given, and an unknown one is refused', () => {
    expect(watchedPageSchema.parse({ ...saved, format: 'instatus' }).format).toBe('instatus');
    expect(watchedPageSchema.safeParse({ ...saved, format: 'html' }).success).toBe(false);
  });

  it("the address is cut back by the format's own document path; a feed or status.io address is kept whole", () => {
    expect(providerWatchedPage('https://status.x.test/summary.json', { format: 'instatus' })).toMatchObject({
      url: 'https://status.x.test',
      format: 'instatus',
    });
    expect(providerWatchedPage('https://status.x.test/api/v1/components', { format: 'cachet' }).url).toBe('https://status.x.test');
    // Cachet 3's API path, pasted: the page is what comes before it (cachethq/core serves it under the page's path).
    expect(providerWatchedPage('https://status.x.test/status/api/components', { format: 'cachet' }).url).toBe('https://status.x.test/status');
    expect(providerWatchedPage('https://status.x.test/history.atom', { format: 'feed' }).url).toBe('https://status.x.test/history.atom');
    expect(providerWatchedPage('https://api.status.io/1.0/status/abc', { format: 'statusio' }).url).toBe('https://api.status.io/1.0/status/abc');
    expect(providerWatchedPage('https://status.x.test/api/v2/summary.json')).not.toHaveProperty('format');
  });
});
