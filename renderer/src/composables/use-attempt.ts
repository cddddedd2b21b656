import { ref } from 'vue';
import { messageOf } from '@/api';

/**
 * The one way a panel runs an action the user asked for: `busy` while it runs, and what went wrong, in the
 * words the screen shows, in `failure` until the next attempt starts. `attempt` never throws; it answers
 * whether the action succeeded, so a caller can go on (close a form, show "saved") only then.
 */
export function useAttempt() {
  const busy = ref(false);
  const failure = ref<string | null>(null);

  async function attempt(action: () => Promise<unknown>): Promise<boolean> {
    failure.value = null;
    busy.value = true;
    try {
      await action();
      return true;
    } catch (error) {
      failure.value = messageOf(error);
      return false;
    } finally {
      busy.value = false;
    }
  }

  return { busy, failure, attempt };
}
