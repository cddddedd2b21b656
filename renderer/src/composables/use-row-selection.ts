import { computed, reactive, shallowRef, watch, type ComputedRef } from 'vue';
import type { MergedAdminItem } from '@shared/admin/merged-list';
import { emptySelection, pruned, shownState, toggled, toggledAll } from '@/lib/selection';

/** The rows picked for a bulk action among those `shown`; an item that leaves `all` leaves the selection. */
export function useRowSelection(shown: ComputedRef<MergedAdminItem[]>, all: ComputedRef<MergedAdminItem[]>) {
  const state = shallowRef(emptySelection());
  const order = computed(() => shown.value.map((item) => String(item.id)));
  watch(all, (items) => (state.value = pruned(state.value, new Set(items.map((item) => String(item.id))))));
  return reactive({
    count: computed(() => state.value.ids.size),
    /** Of the rows shown: all, some or none picked. */
    shownState: computed(() => shownState(state.value, order.value)),
    items: computed(() => all.value.filter((item) => state.value.ids.has(String(item.id)))),
    has: (id: string | number) => state.value.ids.has(String(id)),
    toggle(id: string | number, range = false) {
      state.value = toggled(state.value, String(id), order.value, range);
    },
    toggleShown() {
      state.value = toggledAll(state.value, order.value);
    },
    clear() {
      state.value = emptySelection();
    },
  });
}
