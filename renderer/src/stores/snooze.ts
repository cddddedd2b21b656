import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { snoozeOf, type Snooze, type SnoozeTarget } from '@shared/snooze/snooze';
import { api, call } from '@/api';

/** The snoozes in force, as the main process keeps them: read once, followed while the window lives. */
export const useSnoozeStore = defineStore('snooze', () => {
  const snoozes = ref<Snooze[]>([]);
  let started = false;

  function start() {
    if (started) return;
    started = true;
    api().snooze.onChange((next) => (snoozes.value = next));
    void call(api().snooze.list()).then((list) => (snoozes.value = list));
  }

  /** The snooze that covers this target now, or null. */
  const of = computed(() => (pageId: string, target: SnoozeTarget) => snoozeOf(snoozes.value, pageId, target, Date.now()));

  async function snooze(pageId: string, target: SnoozeTarget, label: string, minutes: number) {
    snoozes.value = await call(api().snooze.add({ pageId, target, label, minutes }));
  }

  async function end(id: string) {
    snoozes.value = await call(api().snooze.remove({ id }));
  }

  return { snoozes, of, start, snooze, end };
});
