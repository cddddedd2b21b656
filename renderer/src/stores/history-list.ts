import { ref } from 'vue';
import { messageOf } from '@/api';

/**
 * A history the main process keeps (forgotten operations, recent translations), as a setup store holds it:
 * the entries, newest first, and why the last read or clear failed, cleared by the next one that works.
 */
export function useHistoryList<Entry>(source: { read: () => Promise<{ entries: Entry[] }>; clear: () => Promise<unknown> }) {
  const history = ref<Entry[]>([]);
  const historyError = ref<string | null>(null);

  async function settle(work: () => Promise<Entry[]>) {
    try {
      history.value = await work();
      historyError.value = null;
    } catch (failure) {
      historyError.value = messageOf(failure);
    }
  }

  return {
    history,
    historyError,
    loadHistory: () => settle(async () => (await source.read()).entries),
    clearHistory: () =>
      settle(async () => {
        await source.clear();
        return [];
      }),
  };
}
