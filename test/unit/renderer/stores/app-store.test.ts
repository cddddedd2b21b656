import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppearancePrefs } from '../../../../shared/appearance/appearance-prefs';
import { useAppStore } from '../../../../renderer/src/stores/app';
import { installFakeApi, ok } from '../support/fake-api';
import { AT } from '../support/fixtures';
import type { AppProblem } from '../../../../shared/diagnostics/app-problem';

/* The window's own state: the theme on the document (System follows the OS, live) and the problems the core reports. */

/** The OS's colour scheme as `matchMedia('(prefers-color-scheme: dark)')` shows it to the window. */
function fakeColorScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  };
  return {
    matchMedia: (media: string) => {
      expect(media).toBe('(prefers-color-scheme: dark)');
      return query;
    },
    listeners,
    set(next: boolean) {
      dark = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

const info = (problems: AppProblem[]) => ({
  version: '0.1.0',
  dataDir: '/data',
  vault: { keychainAvailable: false, backend: 'none', reason: 'No keychain.' },
  problems,
});
const problem = (id: string): AppProblem => ({ id, kind: 'file_corrupt', message: `${id} was damaged.`, at: AT });
const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });

afterEach(() => vi.unstubAllGlobals());

describe('app store', () => {
  it('follows the OS while the theme is System, and stops when a theme is chosen', async () => {
    const saved: AppearancePrefs = { theme: 'system', dashboardLayout: 'compact', timeZone: 'local' };
    installFakeApi({
      app: { info: () => ok(info([])) },
      desktop: { appearance: () => ok(saved), setAppearance: (change) => ok({ ...saved, ...change }) },
    });
    const os = fakeColorScheme(false);
    Object.assign(window, { matchMedia: os.matchMedia });
    const root = { dataset: {} as DOMStringMap };
    vi.stubGlobal('document', { documentElement: root });
    testingPinia();
    const app = useAppStore();

    await app.load();
    await vi.waitFor(() => expect(app.dashboardLayout).toBe('compact'));
    expect(root.dataset.theme).toBe('light');
    os.set(true);
    expect(root.dataset.theme).toBe('dark');
    expect(os.listeners.size).toBe(1);

    await app.setAppearance({ theme: 'light' });
    expect(root.dataset.theme).toBe('light');
    expect(os.listeners.size).toBe(0);
    os.set(false);
    os.set(true);
    expect(root.dataset.theme).toBe('light');
    expect(app.keychainAvailable).toBe(false);
  });

  it('lists each problem the core reports once, and forgets a dismissed one', async () => {
    const fake = installFakeApi({ app: { dismissProblem: () => ok({ dismissed: true }) } });
    testingPinia();
    const app = useAppStore();
    const stop = app.listen();
    fake.emit('app', 'onProblem', problem('outbox'));
    fake.emit('app', 'onProblem', problem('history'));
    fake.emit('app', 'onProblem', problem('outbox'));
    expect(app.problems.map((p) => p.id)).toEqual(['outbox', 'history']);
    await app.dismiss('outbox');
    expect(app.problems.map((p) => p.id)).toEqual(['history']);
    stop();
    expect(fake.listenerCount('app', 'onProblem')).toBe(0);
  });
});
