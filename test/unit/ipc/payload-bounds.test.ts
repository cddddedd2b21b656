import { describe, expect, it } from 'vitest';
import { linkedIncidentsChannels } from '../../../shared/ipc/channels/linked-incidents';
import { monitorChannels } from '../../../shared/ipc/channels/monitor';
import { MAX_IDS_PER_KEY, MAX_MAPPED_IDS } from '../../../shared/validation/id-map';

/*
 * Payloads the window can send that the main process writes to a file are bounded by what a real page needs:
 * a mapping of 1,000 services to 1,000 ids each (21 MB a call in linked-incidents.json) or of 20,000
 * components (39.5 MB of settings.json) is refused at the channel.
 */

const PAGE_ID = '6f1c1d3e-8a57-4c1b-9d2e-1f0a2b3c4d5e';
const page = (subdomain: string) => ({ accountId: 'acme', subdomain });
const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const map = (keys: number, perKey: number) => Object.fromEntries(Array.from({ length: keys }, (_, i) => [String(i + 1), ids(perKey)]));

describe('payloads the window can have written to disk', () => {
  const saveMapping = linkedIncidentsChannels['linked.saveMapping'].request;
  const updatePage = monitorChannels['monitor.updatePage'].request;

  it('a real mapping passes: a few hundred services, each to a few others', () => {
    expect(saveMapping.safeParse({ from: page('us'), to: page('eu'), map: map(400, 3) }).success).toBe(true);
    expect(updatePage.safeParse({ id: PAGE_ID, serviceMapping: { accountId: 'acme', map: map(300, 2) } }).success).toBe(true);
  });

  it('a mapping past what a page needs is refused: too many ids for one service, or in all', () => {
    expect(saveMapping.safeParse({ from: page('us'), to: page('eu'), map: map(200, MAX_IDS_PER_KEY) }).success).toBe(false);
    expect(saveMapping.safeParse({ from: page('us'), to: page('eu'), map: map(1, MAX_IDS_PER_KEY + 1) }).success).toBe(false);
    expect(saveMapping.safeParse({ from: page('us'), to: page('eu'), map: map(MAX_MAPPED_IDS / 50 + 1, 50) }).success).toBe(false);
  });

  it('a provider page’s component mapping of 20,000 keys, or with long keys, is refused', () => {
    expect(updatePage.safeParse({ id: PAGE_ID, serviceMapping: { accountId: 'acme', map: map(20_000, 1) } }).success).toBe(false);
    expect(updatePage.safeParse({ id: PAGE_ID, serviceMapping: { accountId: 'acme', map: { ['x'.repeat(10_000)]: [1] } } }).success).toBe(false);
    expect(updatePage.safeParse({ id: PAGE_ID, serviceMapping: { accountId: 'a'.repeat(10_000), map: {} } }).success).toBe(false);
  });
});
