import { defineStore } from 'pinia';
import { ref } from 'vue';
import { SCREENS, type ScreenId } from '@/screens';

/**
 * Something open with typed text that leaving the screen would throw away (an editor): asked before the screen
 * changes, with the screen's name; it calls `proceed` once the user has chosen to go (keeping a draft or not).
 */
export type LeaveHold = (screenLabel: string, proceed: () => void) => void;

export const useNavigation = defineStore('navigation', () => {
  const current = ref<ScreenId>(SCREENS[0].id);
  const params = ref<Record<string, unknown>>({});
  const holds = new Map<symbol, LeaveHold>();

  /**
   * Opens a screen; `params` lets a screen open at a given item (a notification opens its incident). While an
   * editor with typed text is open on this screen, it is asked first.
   */
  function go(screen: ScreenId, options: Record<string, unknown> = {}) {
    const hold = screen === current.value ? undefined : [...holds.values()][0];
    if (hold) {
      hold(SCREENS.find((entry) => entry.id === screen)?.label ?? screen, () => {
        current.value = screen;
        params.value = options;
      });
      return;
    }
    current.value = screen;
    params.value = options;
  }

  /** Holds screen changes until released (an editor while it has typed text); returns the release. */
  function holdLeaving(hold: LeaveHold): () => void {
    const id = Symbol('leave-hold');
    holds.set(id, hold);
    return () => holds.delete(id);
  }

  return { current, params, go, holdLeaving };
});
