import { afterEach, describe, expect, it } from 'vitest';
import { ConnectivityMonitor } from '../../../electron/core/connectivity/connectivity-monitor';
import { ManualNetworkSignals } from '../../../electron/core/connectivity/network-signals';
import type { ConnectivityState } from '../../../shared/outbox/status';

let monitor: ConnectivityMonitor | undefined;
afterEach(() => monitor?.stop());

const until = async (check: () => boolean) => {
  const end = Date.now() + 3_000;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('connectivity monitor', () => {
  it('probes an unreachable server at once, then with growing delays, until it answers', async () => {
    let up = false;
    const probes: number[] = [];
    const signals = new ManualNetworkSignals(true);
    monitor = new ConnectivityMonitor({ signals, initialDelayMs: 20, maxDelayMs: 80, jitter: 0, probe: async () => (probes.push(Date.now()), up) });
    const states: ConnectivityState[] = [];
    monitor.onChange((s) => states.push(s));
    monitor.start();
    monitor.track('https://a');
    expect(monitor.isReachable('https://a')).toBe(true); // unknown counts as reachable
    monitor.reportFailure('https://a');
    expect(monitor.isReachable('https://a')).toBe(false);
    expect(monitor.isSettling('https://a')).toBe(true);
    await until(() => probes.length >= 4);
    expect(monitor.isSettling('https://a')).toBe(false);
    const gaps = probes.slice(1).map((t, i) => t - probes[i]!);
    expect(gaps[0]).toBeLessThan(gaps[2]!); // backing off
    expect(monitor.state()).toMatchObject({ network: true, overall: 'offline', servers: [{ baseUrl: 'https://a', reachable: 'no' }] });
    up = true;
    await until(() => monitor!.isReachable('https://a'));
    expect(states.at(-1)).toMatchObject({ overall: 'online', servers: [{ reachable: 'yes', failures: 0 }] });
  });

  it('is offline overall while the OS says so, and probes at once when the network returns', async () => {
    let probes = 0;
    const signals = new ManualNetworkSignals(true);
    monitor = new ConnectivityMonitor({ signals, initialDelayMs: 60_000, probe: async () => (probes++, probes > 1) });
    monitor.start();
    monitor.track('https://a');
    monitor.track('https://b');
    monitor.reportFailure('https://a');
    await until(() => probes === 1);
    expect(monitor.state().overall).toBe('partial');
    signals.set(false);
    expect(monitor.state().overall).toBe('offline');
    expect(monitor.isReachable('https://b')).toBe(false);
    signals.set(true);
    await until(() => monitor!.isReachable('https://a'));
    expect(probes).toBe(2); // not after 60 s: right away
    monitor.reportSuccess('https://b');
    expect(monitor.state().overall).toBe('online');
  });
});
