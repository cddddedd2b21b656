import { describe, expect, it } from 'vitest';
import type { AppLogger } from '../../../electron/core/logging/app-logger';
import { CoreLog } from '../../../electron/core/logging/core-log';
import { changedSettingNames } from '../../../electron/core/logging/settings-changes';
import { commandOf } from '../../../electron/cli/cli-log';
import type { MonitorEvent } from '../../../shared/monitor/events';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import type { UpdateStatus } from '../../../shared/updates/update-state';

function recorder(): AppLogger & { lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { lines, file: '', error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), flush: async () => undefined };
}

function entry(change: Partial<OutboxEntryView>): OutboxEntryView {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'statuspal',
    accountId: 'acc',
    operation: 'createIncident',
    input: { subdomain: 'acme', title: 'A secret title' },
    resourceKey: 'incident:tmp-1',
    dependsOn: [],
    createdAt: '2026-01-01T00:00:00Z',
    attempts: 0,
    state: 'pending',
    seq: 1,
    ...change,
  };
}

const page = { id: 'p1', name: 'Acme', subdomain: 'acme' };
const staleEvent = (n: number): MonitorEvent =>
  ({
    type: 'page.stale',
    id: `stale-${n}`,
    at: '2026-01-01T00:00:00Z',
    page,
    lastLevel: 'operational',
    cause: 'failures',
    failures: 3,
    lastSuccessAt: null,
    error: { code: 'network', message: 'The server could not be reached.' },
  }) as MonitorEvent;
const recoveredEvent = (n: number): MonitorEvent =>
  ({
    type: 'page.recovered',
    id: `rec-${n}`,
    at: '2026-01-01T00:00:00Z',
    page,
    level: 'operational',
    previousLevel: 'operational',
    staleSince: '2026-01-01T00:00:00Z',
  }) as MonitorEvent;

describe('what the core logs', () => {
  it("each outbox write's transitions (id, kind, state, reason), not the repeats, never its input", () => {
    const logger = recorder();
    const log = new CoreLog({ logger });
    log.outboxChange({ type: 'entry', entry: entry({ state: 'pending', waiting: 'offline' }) });
    log.outboxChange({ type: 'entry', entry: entry({ state: 'pending', waiting: 'offline' }) });
    log.outboxChange({ type: 'entry', entry: entry({ state: 'in_flight', attempts: 1 }) });
    log.outboxChange({
      type: 'entry',
      entry: entry({ state: 'failed', attempts: 1, lastError: { code: 'invalid_input', message: 'Title is too long.', status: 422 } }),
    });
    log.outboxChange({ type: 'removed', id: '11111111-1111-4111-8111-111111111111' });
    expect(logger.lines).toEqual([
      'info outbox: 11111111-1111-4111-8111-111111111111 statuspal createIncident: pending (offline)',
      'info outbox: 11111111-1111-4111-8111-111111111111 statuspal createIncident: pending → in_flight, attempt 1',
      'warn outbox: 11111111-1111-4111-8111-111111111111 statuspal createIncident: in_flight → failed (invalid_input 422: Title is too long.), attempt 1',
      'info outbox: 11111111-1111-4111-8111-111111111111 removed',
    ]);
    expect(logger.lines.join('\n')).not.toContain('A secret title');
    expect(log.recent.list().map((e) => e.text)).toEqual([logger.lines[2]!.replace(/^warn /, '')]);
  });

  it('a batch queued in one call is one line, each of its writes’ later moves a line of its own; sent writes compaction forgot are no lines', () => {
    const logger = recorder();
    const log = new CoreLog({ logger });
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'] as const;
    log.outboxChange({ type: 'added', entries: ids.map((id) => entry({ id, state: 'pending', operation: 'addMetricEntry' })) });
    log.outboxChange({ type: 'entry', entry: entry({ id: ids[1], state: 'pending', operation: 'addMetricEntry' }) });
    log.outboxChange({ type: 'entry', entry: entry({ id: ids[0], state: 'sent', operation: 'addMetricEntry' }) });
    log.outboxChange({ type: 'forgotten', ids: [ids[0]] });
    expect(logger.lines).toEqual([
      `info outbox: 2 writes queued in one batch (statuspal addMetricEntry, from ${ids[0]})`,
      `info outbox: ${ids[0]} statuspal addMetricEntry: pending → sent`,
    ]);
  });

  it("a page's failures and recoveries, at most four lines a page an hour, then how many were held back", () => {
    let now = 0;
    const logger = recorder();
    const log = new CoreLog({ logger, now: () => now });
    for (let i = 0; i < 5; i++) {
      log.monitorEvent(staleEvent(i));
      log.monitorEvent(recoveredEvent(i));
    }
    expect(logger.lines).toHaveLength(4);
    expect(logger.lines[0]).toBe('warn monitor: page Acme (acme) is stale after 3 failed poll(s): network: The server could not be reached.');
    expect(logger.lines[1]).toMatch(/^info monitor: page Acme \(acme\) answers again/);
    now = 60 * 60_000;
    log.monitorEvent(staleEvent(9));
    expect(logger.lines.at(-1)).toMatch(/\(6 similar lines not logged before this one\)$/);
    expect(log.recent.list().at(-1)?.text).toBe('page Acme (acme) could not be checked: The server could not be reached.');
  });

  it('settings changes by name, never by value', () => {
    const before = {
      schemaVersion: 1,
      watchedPages: [{ id: 'a', subdomain: 'acme' }],
      notifications: { enabled: true, minSeverity: 'minor' },
      translation: undefined,
    };
    const after = {
      schemaVersion: 1,
      watchedPages: [
        { id: 'a', subdomain: 'acme', muted: true },
        { id: 'b', subdomain: 'secret-sub' },
      ],
      notifications: { enabled: true, minSeverity: 'major' },
      translation: { baseUrl: 'https://translate.example' },
    };
    expect(changedSettingNames(before, after)).toEqual(['watchedPages (1 added, 1 changed)', 'notifications.minSeverity', 'translation']);
    const logger = recorder();
    new CoreLog({ logger }).settingsChanged(before, after);
    expect(logger.lines).toEqual(['info settings changed: watchedPages (1 added, 1 changed), notifications.minSeverity, translation']);
    expect(logger.lines[0]).not.toMatch(/secret-sub|major|translate\.example/);
  });

  it("the updater's decisions once each, the keychain when it changes", () => {
    const logger = recorder();
    const log = new CoreLog({ logger });
    const status = (state: UpdateStatus['state'], message: string): UpdateStatus => ({
      currentVersion: '1.0.0',
      state,
      prefs: { checkAutomatically: true, installOnQuit: true },
      delivery: 'notify',
      releasesUrl: null,
      message,
      canCheck: true,
    });
    log.updates(status({ phase: 'checking' }, 'Checking…'));
    log.updates(status({ phase: 'checking' }, 'Checking…'));
    log.updates(status({ phase: 'error', message: 'offline' }, 'Could not check: offline'));
    log.keychain({ keychainAvailable: false, backend: 'secret-service', reason: 'locked' });
    log.keychain({ keychainAvailable: false, backend: 'secret-service', reason: 'locked' });
    log.keychain({ keychainAvailable: true, backend: 'secret-service', reason: null });
    expect(logger.lines).toEqual([
      'info updates: checking (delivery notify): Checking…',
      'warn updates: error (delivery notify): Could not check: offline',
      'warn keychain: unavailable (secret-service): locked',
      'info keychain: available (secret-service)',
    ]);
  });

  it('IPC refusals and window errors, rate-limited', () => {
    const logger = recorder();
    const log = new CoreLog({ logger, now: () => 0 });
    for (let i = 0; i < 8; i++) log.ipcRefused('monitor.addPage', { code: 'invalid_input', message: 'subdomain: required' });
    expect(logger.lines).toHaveLength(5);
    expect(logger.lines[0]).toBe('warn ipc monitor.addPage: refused (invalid_input): subdomain: required');
    const logged = Array.from({ length: 25 }, () =>
      log.rendererError({ kind: 'error', message: 'boom', where: 'setup function', stack: 'Error: boom\n  at x' }),
    );
    expect(logged.filter(Boolean)).toHaveLength(20);
    expect(logger.lines[5]).toBe('error window: error in setup function: boom | Error: boom | at x');
  });

  it('holds the keys of the last windows only: pages that came and went for months leave nothing behind', () => {
    const logger = recorder();
    let now = 0;
    const log = new CoreLog({ logger, now: () => now });
    for (let hour = 0; hour < 24 * 30; hour++) {
      now = hour * 3_600_000;
      // Every hour, five pages never seen before go stale.
      for (let i = 0; i < 5; i++)
        log.monitorEvent({
          type: 'page.stale',
          page: { id: `page-${hour}-${i}`, name: `Page ${hour}.${i}`, subdomain: 'p' },
          failures: 3,
          error: { code: 'timeout', message: 'no answer in 10 s' },
        } as never);
    }
    expect(logger.lines.length).toBeGreaterThanOrEqual(24 * 30 * 5);
    expect(log.heldKeys()).toBeLessThanOrEqual(10);
  });
});

describe('the command line names its command, never its values', () => {
  it.each([
    [['--account', 'acme', 'incidents', 'create', 'acme', '--title', 'x'], 'incidents create'],
    [['--base-url', 'http://127.0.0.1:1/api/v2', 'status', 'secret-page'], 'status'],
    [['--json', 'outbox', 'list'], 'outbox list'],
    [['translate', '--from', 'en'], 'translate'],
    [[], ''],
  ])('%j → %s', (argv, command) => {
    expect(commandOf(argv)).toBe(command);
  });
});
