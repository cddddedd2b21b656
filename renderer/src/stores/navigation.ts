import { defineStore } from 'pinia';

/** The screens of the app. Each entry is a real, finished screen. */
export const SCREENS = [{ id: 'settings', label: 'Settings', icon: '⚙' }] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

export const useNavigation = defineStore('navigation', {
  state: () => ({ current: 'settings' as ScreenId }),
  actions: {
    go(screen: ScreenId) {
      this.current = screen;
    },
  },
});
