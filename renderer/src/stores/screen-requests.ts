import { defineStore } from 'pinia';
import { ref } from 'vue';

/** What the palette or a shortcut asks of a screen once it is shown (open the New incident editor, focus search). */
export type ScreenRequest = 'new-incident' | 'search';

/**
 * One request waiting for its screen: set by the palette and the single-key shortcuts, taken by the screen that
 * answers it (when it mounts, or at once when it is already showing), so a request is carried out once.
 */
export const useScreenRequests = defineStore('screen-requests', () => {
  const pending = ref<{ request: ScreenRequest; seq: number } | null>(null);
  let seq = 0;

  function ask(request: ScreenRequest) {
    seq += 1;
    pending.value = { request, seq };
  }

  /** The waiting request when it is one of `wanted`, taken off the queue; else null. */
  function take(wanted: readonly ScreenRequest[]): ScreenRequest | null {
    const current = pending.value;
    if (!current || !wanted.includes(current.request)) return null;
    pending.value = null;
    return current.request;
  }

  return { pending, ask, take };
});
