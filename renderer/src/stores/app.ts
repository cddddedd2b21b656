import { defineStore } from 'pinia';
import type { AppearanceChange, AppearancePrefs, ThemeChoice } from '../../../shared/appearance/appearance-prefs';
import type { AppInfo, AppProblem } from '../../../shared/ipc/channels/app';
import { api, call } from '../api';

const DARK_QUERY = '(prefers-color-scheme: dark)';
let stopFollowingSystem: (() => void) | null = null;

/** Sets `data-theme` on the document: the stylesheet's colours follow it (System follows the OS, live). */
function applyTheme(choice: ThemeChoice): void {
  stopFollowingSystem?.();
  stopFollowingSystem = null;
  const root = document.documentElement;
  if (choice !== 'system') {
    root.dataset.theme = choice;
    return;
  }
  const query = window.matchMedia(DARK_QUERY);
  const follow = () => (root.dataset.theme = query.matches ? 'dark' : 'light');
  follow();
  query.addEventListener('change', follow);
  stopFollowingSystem = () => query.removeEventListener('change', follow);
}

export const useAppStore = defineStore('app', {
  state: () => ({
    info: null as AppInfo | null,
    problems: [] as AppProblem[],
    loadError: null as string | null,
    /** Null until read: the OS's theme and the card layout meanwhile. */
    appearance: null as AppearancePrefs | null,
    appearanceError: null as string | null,
  }),
  getters: {
    keychainAvailable: (state) => state.info?.vault.keychainAvailable ?? true,
    dashboardLayout: (state) => state.appearance?.dashboardLayout ?? 'cards',
  },
  actions: {
    async load() {
      applyTheme('system'); // at once, before the saved choice is read
      void this.loadAppearance();
      try {
        this.info = await call(api().app.info());
        this.problems = [...this.info.problems];
      } catch (error) {
        this.loadError = error instanceof Error ? error.message : String(error);
      }
    },
    async loadAppearance() {
      try {
        this.appearance = await call(api().desktop.appearance());
        applyTheme(this.appearance.theme);
      } catch (error) {
        this.appearanceError = error instanceof Error ? error.message : String(error);
      }
    },
    /** Saves a change and applies it; the saved answer is what is shown. */
    async setAppearance(change: AppearanceChange) {
      this.appearanceError = null;
      try {
        this.appearance = await call(api().desktop.setAppearance(change));
        applyTheme(this.appearance.theme);
      } catch (error) {
        this.appearanceError = error instanceof Error ? error.message : String(error);
      }
    },
    listen() {
      return api().app.onProblem((problem) => {
        if (!this.problems.some((p) => p.id === problem.id)) this.problems.push(problem);
      });
    },
    async dismiss(id: string) {
      await call(api().app.dismissProblem({ id }));
      this.problems = this.problems.filter((p) => p.id !== id);
    },
  },
});
