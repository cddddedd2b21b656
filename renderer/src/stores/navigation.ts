import { defineStore } from 'pinia';
import { SCREENS, type ScreenId } from '../screens';

export const useNavigation = defineStore('navigation', {
  state: () => ({ current: SCREENS[0].id as ScreenId, params: {} as Record<string, unknown> }),
  actions: {
    /** Opens a screen; `params` lets a screen open at a given item (a notification opens its incident). */
    go(screen: ScreenId, params: Record<string, unknown> = {}) {
      this.current = screen;
      this.params = params;
    },
  },
});
