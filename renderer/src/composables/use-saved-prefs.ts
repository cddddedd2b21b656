import { onMounted, onUnmounted, ref, type Ref } from 'vue';
import { useAttempt } from './use-attempt';

/**
 * A preference panel's values as the main process keeps them: read when the panel opens (and followed, when
 * the main process says they changed), each change saved there and its answer shown, what went wrong in
 * `failure`. `attempt` runs the panel's other actions with the same error line.
 */
export function useSavedPrefs<Value, Change>(main: {
  read: () => Promise<Value>;
  save: (change: Change) => Promise<Value>;
  onChange?: (listener: (value: Value) => void) => () => void;
}) {
  const value = ref(null) as Ref<Value | null>;
  const { failure, attempt } = useAttempt();
  let unsubscribe: (() => void) | undefined;

  onMounted(() => {
    unsubscribe = main.onChange?.((next) => (value.value = next));
    return attempt(async () => (value.value = await main.read()));
  });
  onUnmounted(() => unsubscribe?.());

  function set(change: Change) {
    return attempt(async () => (value.value = await main.save(change)));
  }

  return { value, failure, attempt, set };
}
