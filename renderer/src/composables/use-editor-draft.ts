import { ref, watch, type Ref } from 'vue';
import type { PageRef } from '@shared/incidents/page-prefs';
import { clearDraft, draftKey, loadDraft, saveDraft } from '@/components/incidents/editor-draft';

/**
 * An editor's draft: brought back into `values` when the editor opens, kept on every change while there is
 * typed text (`dirty`), dropped when the text goes back to what the editor opened with, when it is saved
 * (`clear`) or thrown away (`clear`), or on Start over (`startOver`, which also puts the blank values back).
 * No page or nothing named (`what` null): no draft, the editor still asks before closing.
 */
export function useEditorDraft<Values extends object>(options: {
  page: PageRef | null | undefined;
  what: string | null | undefined;
  values: Values;
  blank: () => Values;
  dirty: Ref<boolean>;
}) {
  const key = options.page && options.what ? draftKey(options.page, options.what) : null;
  const found = key ? loadDraft(key, options.blank()) : null;
  if (found) Object.assign(options.values, found.values);
  /** When the draft brought back was kept; null when the editor opened without one. */
  const restoredAt = ref<number | null>(found?.savedAt ?? null);

  watch(
    options.values,
    () => {
      if (!key) return;
      if (options.dirty.value) saveDraft(key, options.values);
      else clearDraft(key);
    },
    { deep: true },
  );

  function clear() {
    if (key) clearDraft(key);
  }

  function startOver() {
    Object.assign(options.values, options.blank());
    restoredAt.value = null;
    clear();
  }

  return { draftable: key !== null, restoredAt, clear, startOver };
}
