import { describe, expect, it } from 'vitest';
import { DEFAULT_UPDATE_PREFS, type UpdateState } from '../../../shared/updates/update-state';
import { CHECK_EVERY_MS, canCheck, describeUpdate, shouldCheckAutomatically, updatesOff } from '../../../electron/services/updates/update-policy';

const HOUR = 3_600_000;

describe('the updater decisions', () => {
  it.each([
    [
      { packaged: false, demo: false },
      { phase: 'off', reason: 'development' },
    ],
    [
      { packaged: false, demo: true },
      { phase: 'off', reason: 'development' },
    ],
    [
      { packaged: true, demo: true },
      { phase: 'off', reason: 'demo' },
    ],
    [{ packaged: true, demo: false }, null],
  ])('updates for %o: %o', (build, expected) => {
    expect(updatesOff(build)).toEqual(expected);
  });

  const states: Array<[UpdateState, boolean]> = [
    [{ phase: 'idle' }, true],
    [{ phase: 'up-to-date', checkedAt: '2026-11-24T10:00:00Z' }, true],
    [{ phase: 'error', message: 'offline' }, true],
    [{ phase: 'checking' }, false],
    [{ phase: 'downloading', version: '0.2.0', percent: 40 }, false],
    [{ phase: 'downloaded', version: '0.2.0' }, false],
    [{ phase: 'off', reason: 'demo' }, false],
  ];
  it.each(states)('a check may start in %o: %s', (state, expected) => {
    expect(canCheck(state)).toBe(expected);
  });

  it('checks automatically when wanted, when nothing is under way, and not more often than every 6 hours', () => {
    const now = 100 * HOUR;
    const idle: UpdateState = { phase: 'idle' };
    expect(CHECK_EVERY_MS).toBe(6 * HOUR);
    expect(shouldCheckAutomatically({ prefs: DEFAULT_UPDATE_PREFS, state: idle, lastCheckAt: null, now })).toBe(true);
    expect(shouldCheckAutomatically({ prefs: DEFAULT_UPDATE_PREFS, state: idle, lastCheckAt: now - 5 * HOUR, now })).toBe(false);
    expect(shouldCheckAutomatically({ prefs: DEFAULT_UPDATE_PREFS, state: idle, lastCheckAt: now - 6 * HOUR, now })).toBe(true);
    expect(shouldCheckAutomatically({ prefs: { ...DEFAULT_UPDATE_PREFS, checkAutomatically: false }, state: idle, lastCheckAt: null, now })).toBe(false);
    expect(shouldCheckAutomatically({ prefs: DEFAULT_UPDATE_PREFS, state: { phase: 'downloaded', version: '1' }, lastCheckAt: null, now })).toBe(false);
  });

  it('tells the user what happened, in words', () => {
    const prefs = DEFAULT_UPDATE_PREFS;
    expect(describeUpdate({ phase: 'off', reason: 'development' }, '0.1.0', prefs)).toBe('Version 0.1.0, a development build: it does not update itself.');
    expect(describeUpdate({ phase: 'off', reason: 'demo' }, '0.1.0', prefs)).toBe('Version 0.1.0 in demo mode: updates are off.');
    expect(describeUpdate({ phase: 'downloading', version: '0.2.0', percent: 41.7 }, '0.1.0', prefs)).toBe('Downloading version 0.2.0: 41 %.');
    expect(describeUpdate({ phase: 'downloaded', version: '0.2.0' }, '0.1.0', prefs)).toBe(
      'Version 0.2.0 is ready and will be installed when you quit Statusdesk.',
    );
    expect(describeUpdate({ phase: 'downloaded', version: '0.2.0' }, '0.1.0', { ...prefs, installOnQuit: false })).toMatch(/turn on "Install when quitting"/);
    expect(describeUpdate({ phase: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' }, '0.1.0', prefs)).toBe(
      'The update check failed: net::ERR_INTERNET_DISCONNECTED',
    );
  });
});
