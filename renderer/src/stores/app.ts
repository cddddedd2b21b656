import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppearanceChange, AppearancePrefs, ThemeChoice } from '@shared/appearance/appearance-prefs';
import type { AppInfo } from '@shared/ipc/channels/app';
import { api, call } from '@/api';
import { setTimeZoneMode } from '@/lib/api-time';
import type { AppProblem } from '@shared/diagnostics/app-problem';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  const problems = ref<AppProblem[]>([]);
  const loadError = ref<string | null>(null);
  /** Null until read: the OS's theme and the card layout meanwhile. */
  const appearance = ref<AppearancePrefs | null>(null);
  const appearanceError = ref<string | null>(null);

  const keychainAvailable = computed(() => info.value?.vault.keychainAvailable ?? true);
  const dashboardLayout = computed(() => appearance.value?.dashboardLayout ?? 'cards');

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

  async function load() {
    applyTheme('system'); // at once, before the saved choice is read
    void loadAppearance();
    try {
      info.value = await call(api().app.info());
      problems.value = [...info.value.problems];
    } catch (error) {
      loadError.value = error instanceof Error ? error.message : String(error);
    }
  }

  async function loadAppearance() {
    try {
      appearance.value = await call(api().desktop.appearance());
      applyTheme(appearance.value.theme);
      setTimeZoneMode(appearance.value.timeZone);
    } catch (error) {
      appearanceError.value = error instanceof Error ? error.message : String(error);
    }
  }

  /** Saves a change and applies it; the saved answer is what is shown. */
  async function setAppearance(change: AppearanceChange) {
    appearanceError.value = null;
    try {
      appearance.value = await call(api().desktop.setAppearance(change));
      applyTheme(appearance.value.theme);
      setTimeZoneMode(appearance.value.timeZone);
    } catch (error) {
      appearanceError.value = error instanceof Error ? error.message : String(error);
    }
  }

  function listen() {
    return api().app.onProblem((problem) => {
      if (!problems.value.some((p) => p.id === problem.id)) problems.value.push(problem);
    });
  }

  /** Asks the OS keychain again (unlocked since the app started?) and shows its answer. */
  async function retryKeychain() {
    const vault = await call(api().app.retryKeychain());
    if (info.value) info.value = { ...info.value, vault };
    return vault;
  }

  async function dismiss(id: string) {
    await call(api().app.dismissProblem({ id }));
    problems.value = problems.value.filter((p) => p.id !== id);
  }

  return {
    info,
    problems,
    loadError,
    appearance,
    appearanceError,
    keychainAvailable,
    dashboardLayout,
    load,
    loadAppearance,
    setAppearance,
    listen,
    dismiss,
    retryKeychain,
  };
});
