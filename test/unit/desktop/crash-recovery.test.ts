import { describe, expect, it } from 'vitest';
import { CRASH_WINDOW_MS, crashRecoveryDecision, MAX_RELOADS } from '../../../electron/core/desktop/crash-recovery';

// A crashed page is reloaded, but never in a loop.

const now = 1_000_000;
const ago = (ms: number) => now - ms;

describe('crashRecoveryDecision', () => {
  it('allows three reloads a minute', () => {
    expect(MAX_RELOADS).toBe(3);
    expect(CRASH_WINDOW_MS).toBe(60_000);
  });

  it.each([
    { case: 'the first crash', earlier: [], quitting: false, action: 'reload', crashes: [now] },
    { case: 'a second within the minute', earlier: [ago(5_000)], quitting: false, action: 'reload', crashes: [ago(5_000), now] },
    { case: 'a third', earlier: [ago(20_000), ago(5_000)], quitting: false, action: 'reload', crashes: [ago(20_000), ago(5_000), now] },
    {
      case: 'a fourth within the minute gives up',
      earlier: [ago(30_000), ago(20_000), ago(5_000)],
      quitting: false,
      action: 'give-up',
      crashes: [ago(30_000), ago(20_000), ago(5_000), now],
    },
    {
      case: 'more after giving up still give up',
      earlier: [ago(40_000), ago(30_000), ago(20_000), ago(5_000)],
      quitting: false,
      action: 'give-up',
      crashes: [ago(40_000), ago(30_000), ago(20_000), ago(5_000), now],
    },
    {
      case: 'crashes older than a minute are forgotten',
      earlier: [ago(180_000), ago(120_000), ago(60_000)],
      quitting: false,
      action: 'reload',
      crashes: [now],
    },
    {
      case: 'one at the edge of the minute still counts',
      earlier: [ago(59_999), ago(30_000), ago(1)],
      quitting: false,
      action: 'give-up',
      crashes: [ago(59_999), ago(30_000), ago(1), now],
    },
    { case: 'while quitting nothing comes back', earlier: [], quitting: true, action: 'ignore', crashes: [] },
    { case: 'while quitting, nothing is counted either', earlier: [ago(5_000), ago(90_000)], quitting: true, action: 'ignore', crashes: [ago(5_000)] },
  ])('$case → $action', ({ earlier, quitting, action, crashes }) => {
    expect(crashRecoveryDecision({ now, earlierCrashes: earlier, quitting })).toEqual({ action, crashes });
  });

  it('a page that crashes as it loads is reloaded three times, then left closed', () => {
    let crashes: number[] = [];
    const actions: string[] = [];
    for (let i = 0; i < 6; i++) {
      const decision = crashRecoveryDecision({ now: now + i * 500, earlierCrashes: crashes, quitting: false });
      crashes = decision.crashes;
      actions.push(decision.action);
    }
    expect(actions).toEqual(['reload', 'reload', 'reload', 'give-up', 'give-up', 'give-up']);
  });
});
