import { defineStore } from 'pinia';
import { ref } from 'vue';
import { SCREENS, type ScreenId } from '@/screens';

export const useNavigation = defineStore('navigation', () => {
  const current = ref<ScreenId>(SCREENS[0].id);
  const params = ref<Record<string, unknown>>({});

  /** Opens a screen; `params` lets a screen open at a given item (a notification opens its incident). */
  function go(screen: ScreenId, options: Record<string, unknown> = {}) {
    current.value = screen;
    params.value = options;
  }

  return { current, params, go };
});
