import { computed, reactive, ref, type ComputedRef } from 'vue';
import type { MergedAdminItem } from '@shared/admin/merged-list';
import type { AdminResource } from '@shared/admin/resources';
import { matchesSearch, searchWords } from '@/lib/admin-search';

/**
 * A section's search of what it has loaded, by any part, as the user types. Server copies are searched through
 * their own (cached) text; queued creates and edits, few, through what they will be.
 */
export function useListSearch(resource: AdminResource, loaded: () => readonly Record<string, unknown>[], items: ComputedRef<MergedAdminItem[]>) {
  const query = ref('');
  const words = computed(() => searchWords(query.value));
  /** Ids of the loaded server copies the words find; null without words. */
  const found = computed(() => {
    if (words.value.length === 0) return null;
    const ids = new Set<string>();
    for (const item of loaded()) if (matchesSearch(item, words.value)) ids.add(String(item[resource.idField]));
    return ids;
  });
  const shown = computed(() => {
    const ids = found.value;
    if (ids === null) return items.value;
    return items.value.filter((item) => (item.pending || item.pendingEdit ? matchesSearch(item, words.value) : ids.has(String(item.id))));
  });
  const active = computed(() => words.value.length > 0);
  return reactive({
    query,
    shown,
    active,
    /** Searches for `text` (the search field types here). */
    set(text: string) {
      query.value = text;
    },
  });
}
