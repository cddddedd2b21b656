import { describe, expect, it } from 'vitest';
import { formatOption, providerArgument } from '../../../electron/cli/provider-argument';
import { formatFromAddress } from '../../../shared/monitor/provider/format-from-address';

describe('what a page argument names', () => {
  it('a catalogue name, any case, is that provider in its format', async () => {
    expect(await providerArgument('github')).toEqual({ url: 'https://www.githubstatus.com', format: 'statuspage', name: 'GitHub' });
    expect(await providerArgument('GitHub', 'incidentio')).toMatchObject({ format: 'incidentio' });
  });

  it('an address says its format by its shape when it can, else the answer will', async () => {
    expect(formatFromAddress('https://status.example.com/api/v2/summary.json')).toBe('statuspage');
    expect(formatFromAddress('https://status.example.com/api/v1/components')).toBe('cachet');
    expect(formatFromAddress('https://status.example.com/api/components')).toBe('cachet');
    expect(formatFromAddress('https://api.status.io/1.0/status/5c9a3b7f0c1a2b3c4d5e6f70')).toBe('statusio');
    expect(formatFromAddress('https://status.cloud.google.com/en/feed.atom')).toBe('feed');
    expect(formatFromAddress('https://status.example.com/history.rss')).toBe('feed');
    expect(formatFromAddress('https://status.example.com/summary.json')).toBe('instatus');
    expect(formatFromAddress('https://status.example.com')).toBeNull();
    expect(await providerArgument('https://status.example.com/')).toEqual({ url: 'https://status.example.com', format: null });
    expect(await providerArgument('https://status.example.com/api/v2/summary.json')).toEqual({ url: 'https://status.example.com', format: 'statuspage' });
  });

  it('a subdomain is not a provider; --format takes only formats the reader supports', async () => {
    expect(await providerArgument('acme')).toBeNull();
    expect(formatOption('Cachet')).toBe('cachet');
    expect(() => formatOption('json')).toThrow(/--format: one of statuspage, incidentio, instatus, statusio, cachet, feed/);
  });
});
