import { watch, type Ref } from 'vue';
import { useScreenRequests, type ScreenRequest } from '@/stores/screen-requests';

/**
 * Lets a screen answer the palette's and the shortcuts' requests: `answer` runs for a request waiting when the
 * screen is `ready` (its data read) and for each one made while it shows.
 */
export function useScreenRequest(wanted: readonly ScreenRequest[], ready: Ref<boolean>, answer: (request: ScreenRequest) => void | Promise<void>) {
  const requests = useScreenRequests();
  watch(
    () => [ready.value, requests.pending] as const,
    ([isReady]) => {
      if (!isReady) return;
      const request = requests.take(wanted);
      if (request) void answer(request);
    },
    { immediate: true },
  );
}
