import { nextTick, ref } from 'vue';

/**
 * A destructive action kept in a card's "⋯" menu, away from the routine buttons: choosing it asks first, in
 * place, with the focus on Keep, the safe choice. Bind `keep` as the Keep button's template ref.
 */
export function useMenuConfirm(label: string) {
  const asking = ref(false);
  const keep = ref<HTMLButtonElement | null>(null);
  const menuItems = [{ id: 'remove', label, danger: true }];

  async function onMenu(id: string) {
    if (id !== 'remove') return;
    asking.value = true;
    await nextTick();
    keep.value?.focus();
  }

  return { asking, keep, menuItems, onMenu };
}
