import { afterEach, describe, expect, it } from 'vitest';
import { summaryFetcherForPage } from '../../../electron/core/monitor/summary-fetcher';
import { clearRateLimiters } from '../../../electron/core/statuspal-client/rate-limiter';
import { sendJson, startServer, type TestServer } from '../statuspal-client/helpers/http-server';

/*
 * A watched page that belongs to an account is read with the account's key, so a private
 * page (answering only to its organization's key) does not go stale; a public page sends none.
 */

const KEY = 'org-key-0123456789';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  clearRateLimiters();
});

/** A private page: its summary only for the key. */
async function privatePage(): Promise<TestServer> {
  return startServer((req, res) => {
    if (req.headers.authorization !== KEY) return sendJson(res, 401, { error: 401 });
    sendJson(res, 200, {
      status_page: { name: 'Internal', subdomain: 'internal' },
      services: [],
      incidents: [],
      maintenances: [],
      upcoming_maintenances: [],
      info_notices: [],
    });
  });
}

describe("summary reads with the page's account key", () => {
  it('a page of an account sends the key and reads the private page', async () => {
    server = await privatePage();
    const fetcher = summaryFetcherForPage({ region: 'custom', baseUrl: server.baseUrl, accountId: 'acc-1' }, { apiKey: async () => KEY });
    expect(JSON.parse(await fetcher.fetchSummaryText('internal'))).toMatchObject({ status_page: { subdomain: 'internal' } });
    expect(server.requests[0]!.headers.authorization).toBe(KEY);
  });

  it('a public page sends no key; a key that cannot be read is a read without one, not a crash', async () => {
    server = await privatePage();
    const publicPage = summaryFetcherForPage({ region: 'custom', baseUrl: server.baseUrl });
    await expect(publicPage.fetchSummaryText('internal')).rejects.toMatchObject({ status: 401 });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    const lockedKeychain = summaryFetcherForPage(
      { region: 'custom', baseUrl: server.baseUrl, accountId: 'acc-1' },
      { apiKey: () => Promise.reject(new Error('keychain locked')) },
    );
    await expect(lockedKeychain.fetchSummaryText('internal')).rejects.toMatchObject({ status: 401 });
    expect(server.requests[1]!.headers.authorization).toBeUndefined();
  });
});
