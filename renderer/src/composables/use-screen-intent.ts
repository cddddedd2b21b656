import { ref, watch, type Ref } from 'vue';
import type { ScreenIntents } from '@/screen-intents';
import type { ScreenId } from '@/screen-names';
import { useNavigation } from '@/stores/navigation';

/**
 * Lets a screen carry out what opening it asked (`go(screen, intent)`), once: `answer` runs when the screen is
 * `ready` (its data read) with the intent waiting, and again at each screen change while it shows, with null
 * when that change asked it nothing (its own sidebar entry clicked again).
 */
export function useScreenIntent<S extends ScreenId>(
  screen: S,
  answer: (intent: ScreenIntents[S] | null) => void | Promise<void>,
  ready: Ref<boolean> = ref(true),
): void {
  const navigation = useNavigation();
  watch(
    () => [ready.value, navigation.visits] as const,
    ([isReady]) => {
      if (isReady) void answer(navigation.take(screen));
    },
    { immediate: true },
  );
}
