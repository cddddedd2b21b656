import { defineStore } from 'pinia';
import { ref } from 'vue';
import { SCREEN_NAMES, type ScreenId } from '@/screen-names';
import type { ScreenIntents } from '@/screen-intents';

/**
 * Something open with typed text that leaving the screen would throw away (an editor): asked before the screen
 * changes, with the screen's name; it calls `proceed` once the user has chosen to go (keeping a draft or not).
 */
export type LeaveHold = (screenLabel: string, proceed: () => void) => void;

/** What the last screen change asked of its screen: at most one entry, the screen's own. */
type Waiting = Partial<ScreenIntents>;

function waitingFor<S extends ScreenId>(screen: S, intent: ScreenIntents[S] | undefined): Waiting {
  const waiting: Waiting = {};
  if (intent !== undefined) waiting[screen] = intent;
  return waiting;
}

export const useNavigation = defineStore('navigation', () => {
  const current = ref<ScreenId>(SCREEN_NAMES[0].id);
  /** Counts screen changes: a screen showing hears each one, and takes what it asks of it. */
  const visits = ref(0);
  // Not view state: replaced by every screen change (an intent never outlives the visit it was made for), emptied when taken.
  let waiting: Waiting = {};
  const holds = new Map<symbol, LeaveHold>();

  /**
   * Opens a screen, optionally asking it for something (a notification opens its page at the incident, the
   * palette the New incident editor). While an editor with typed text is open on this screen, it is asked
   * first, and the intent waits for its answer: kept editing, nothing is asked of the other screen.
   */
  function go<S extends ScreenId>(screen: S, intent?: ScreenIntents[S]) {
    const arrive = () => {
      waiting = waitingFor(screen, intent);
      current.value = screen;
      visits.value += 1;
    };
    const hold = screen === current.value ? undefined : [...holds.values()][0];
    if (hold) hold(SCREEN_NAMES.find((entry) => entry.id === screen)?.label ?? screen, arrive);
    else arrive();
  }

  /** The intent waiting for `screen`, taken so it is carried out once; null when the last change asked it nothing. */
  function take<S extends ScreenId>(screen: S): ScreenIntents[S] | null {
    const intent = waiting[screen];
    if (intent === undefined) return null;
    waiting = {};
    return intent;
  }

  /** Holds screen changes until released (an editor while it has typed text); returns the release. */
  function holdLeaving(hold: LeaveHold): () => void {
    const id = Symbol('leave-hold');
    holds.set(id, hold);
    return () => holds.delete(id);
  }

  return { current, visits, go, take, holdLeaving };
});
