import { describe, expect, it } from 'vitest';
import { ConnectivityMonitor } from '../../../electron/core/connectivity/connectivity-monitor';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import { EntryRuntimes } from '../../../electron/core/outbox/entry-runtime';
import { EntryServers } from '../../../electron/core/outbox/entry-servers';
import { OutboxKindRegistry, type OutboxKindHandler } from '../../../electron/core/outbox/kinds';

const entry = (id: string, server?: OutboxEntry['server']): OutboxEntry => ({
  id,
  seq: 1,
  kind: 'test',
  accountId: 'acct',
  ...(server ? { server } : {}),
  operation: 'op',
  input: {},
  resourceKey: `acct:${id}`,
  dependsOn: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  attempts: 0,
  state: 'pending',
});

describe('the server each write goes to', () => {
  it("asks the kind again after Settings may have changed only for writes that go to their account's server", () => {
    let accountServer = 'https://old.example';
    const asked: string[] = [];
    const kind = {
      kind: 'test',
      serverOf: (e: OutboxEntry) => (asked.push(e.id), e.server ? e.server.baseUrl : accountServer),
    } as unknown as OutboxKindHandler;
    const runtime = new EntryRuntimes();
    const servers = new EntryServers({ kinds: new OutboxKindRegistry([kind]), runtime, probes: null, connectivity: new ConnectivityMonitor() });
    const own = entry('own', { baseUrl: 'https://own.example', keyFrom: 'env' });
    const account = entry('account');
    expect([servers.of(own), servers.of(account)]).toEqual(['https://own.example', 'https://old.example']);
    accountServer = 'https://new.example';
    runtime.forgetServers();
    expect([servers.of(own), servers.of(account)]).toEqual(['https://own.example', 'https://new.example']);
    expect(asked).toEqual(['own', 'account', 'account']);
  });
});
