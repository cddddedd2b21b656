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
    const servers = new EntryServers({
      kinds: new OutboxKindRegistry([kind]),
      runtime,
      probes: null,
      connectivity: new ConnectivityMonitor(),
      entries: { header: () => undefined, get: () => undefined },
    });
    const own = entry('own', { baseUrl: 'https://own.example', keyFrom: 'env' });
    const account = entry('account');
    expect([servers.of(own), servers.of(account)]).toEqual(['https://own.example', 'https://old.example']);
    accountServer = 'https://new.example';
    runtime.forgetServers();
    expect([servers.of(own), servers.of(account)]).toEqual(['https://own.example', 'https://new.example']);
    expect(asked).toEqual(['own', 'account', 'account']);
  });
});

describe('the servers a flush waits on', () => {
  it('are those of the writes it picks, a run of one target asked once when the server goes by the target, each write otherwise', () => {
    const asked: string[] = [];
    const serverOf = (e: OutboxEntry) => (asked.push(e.id), e.server?.baseUrl ?? `https://${e.accountId}.example`);
    const byTarget = { kind: 'target', serverByTarget: true, serverOf } as unknown as OutboxKindHandler;
    const byWrite = { kind: 'test', serverOf } as unknown as OutboxKindHandler;
    const servers = new EntryServers({
      kinds: new OutboxKindRegistry([byTarget, byWrite]),
      runtime: new EntryRuntimes(),
      probes: null,
      connectivity: new ConnectivityMonitor(),
      entries: { header: () => undefined, get: () => undefined },
    });
    const write = (id: string, kind: string, accountId: string, server?: string): OutboxEntry => ({
      ...entry(id, server ? { baseUrl: server, keyFrom: 'env' } : undefined),
      kind,
      accountId,
    });
    const writes = [
      write('a1', 'target', 'a'),
      write('a2', 'target', 'a'),
      write('a3', 'target', 'a'),
      write('own', 'target', 'a', 'https://own.example'),
      write('a4', 'target', 'a'),
      write('b1', 'target', 'b'),
      { ...write('sent', 'target', 'c'), state: 'sent' as const },
      write('t1', 'test', 'd'),
      write('t2', 'test', 'd'),
    ];
    const found = servers.serversOf(writes, (w) => w.state === 'pending');
    expect([...found].sort()).toEqual(['https://a.example', 'https://b.example', 'https://d.example', 'https://own.example']);
    // a2, a3 and a4 go to a1's target (a4 after another one): a target is asked once.
    expect(asked).toEqual(['a1', 'own', 'b1', 't1', 't2']);
  });
});

describe('where a scheduling pass may stop', () => {
  const at = (id: string, seq: number, baseUrl: string): OutboxEntry => ({ ...entry(id, { baseUrl, keyFrom: 'env' }), seq });

  it('after the last write whose server may take one: not an unreachable one, nor one not answered yet with a write going', () => {
    const connectivity = new ConnectivityMonitor();
    const kind = { kind: 'test', serverOf: (e: OutboxEntry) => e.server!.baseUrl } as unknown as OutboxKindHandler;
    const writes = [at('up', 1, 'https://up.example'), at('new', 2, 'https://new.example'), at('down', 3, 'https://down.example')];
    const servers = new EntryServers({
      kinds: new OutboxKindRegistry([kind]),
      runtime: new EntryRuntimes(),
      probes: null,
      connectivity,
      entries: { header: (id) => writes.find((w) => w.id === id), get: (id) => writes.find((w) => w.id === id) },
    });
    for (const w of writes) servers.track(w);
    connectivity.reportSuccess('https://up.example');
    connectivity.reportFailure('https://down.example');
    expect(servers.lastOpenSeq(new Map())).toBe(2);
    expect(servers.lastOpenSeq(new Map([['https://new.example', 1]]))).toBe(1);
    connectivity.reportFailure('https://up.example');
    expect(servers.lastOpenSeq(new Map([['https://new.example', 1]]))).toBe(0);
  });

  it('never before a write whose server was dropped (a retry, Settings changed): it is asked again first', () => {
    const connectivity = new ConnectivityMonitor();
    let accountServer = 'https://down.example';
    const kind = { kind: 'test', serverOf: () => accountServer } as unknown as OutboxKindHandler;
    const runtime = new EntryRuntimes();
    const write = { ...entry('w'), seq: 7 };
    const servers = new EntryServers({
      kinds: new OutboxKindRegistry([kind]),
      runtime,
      probes: null,
      connectivity,
      entries: { header: (id) => (id === 'w' ? write : undefined), get: (id) => (id === 'w' ? write : undefined) },
    });
    servers.track(write);
    connectivity.reportFailure('https://down.example');
    expect(servers.lastOpenSeq(new Map())).toBe(0);
    expect(servers.quietFrom(1)).toBe(true);
    accountServer = 'https://up.example';
    runtime.forgetServers();
    expect(servers.quietFrom(1)).toBe(false);
    expect(servers.lastOpenSeq(new Map())).toBe(7);
    connectivity.reportFailure('https://up.example');
    expect(servers.lastOpenSeq(new Map())).toBe(0);
    accountServer = 'https://other.example';
    runtime.resetForRetry('w');
    expect(servers.lastOpenSeq(new Map())).toBe(7);
  });
});
