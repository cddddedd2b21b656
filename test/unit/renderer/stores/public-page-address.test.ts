import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts';
import { useIncidentPageContext } from '../../../../renderer/src/stores/incident-page-context';
import { realFixturesDir } from '../../../support/paths';
import { installFakeApi, ok } from '../support/fake-api';
import { account, uuid } from '../support/fixtures';

/*
 * Real captured summaries: `status_page.url` is the company's website ("exoscale.com"), the incidents live
 * on the public page ("https://exoscalestatus.com/incidents/…"). The incident editor's page address (sent
 * as the translation's request_url) is the public page's.
 */
const capture = (name: string): unknown => JSON.parse(readFileSync(path.join(realFixturesDir, name), 'utf8')) as unknown;

afterEach(() => vi.unstubAllGlobals());

async function contextOf(summary: unknown, subdomain: string) {
  installFakeApi({ statuspal: { read: () => ok({ kind: 'item', item: summary }) } });
  createTestingPinia({ stubActions: false, createSpy: vi.fn });
  useAccountsStore().accounts = [account(1, { subdomain })];
  const store = useIncidentPageContext();
  await store.loadContext(uuid(1));
  return store.contexts[uuid(1)]!;
}

describe("the incident editor's page address", () => {
  it("is the public page the incidents link to, not the company's website", async () => {
    const context = await contextOf(capture('exoscale-network-degraded.json'), 'exoscalestatus');
    expect(context).toMatchObject({ state: 'ready', pageName: 'Exoscale' });
    expect(context.pageUrl).toBe('https://exoscalestatus.com');
  });

  it('is the hosted page of the subdomain when no item names it', async () => {
    const summary = capture('exoscale-operational.json') as Record<string, unknown>;
    const bare = { ...summary, incidents: [], maintenances: [], upcoming_maintenances: [], info_notices: [] };
    expect((await contextOf(bare, 'exoscalestatus')).pageUrl).toBe('https://exoscalestatus.statuspal.io');
  });
});
