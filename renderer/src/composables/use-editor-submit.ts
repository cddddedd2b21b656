import { nextTick, ref } from 'vue';
import { PartialPostError } from '@/lib/linked-post-progress';
import type { BuildResult, FieldErrors } from '@/components/incidents/form-result';

/**
 * The submit flow the incident, notice and update editors share, kept in one place so they cannot drift
 * apart: build the body (nothing is queued until the form and the schema accept it), on errors move focus to
 * the first invalid field, else queue it and close; a refused enqueue is shown as "Not queued: …". Bind `form`
 * as the form's template ref and `onKeydown` to its keydown.
 */
export function useEditorSubmit(options: { build: () => BuildResult; save: (body: Record<string, unknown>) => Promise<unknown>; done: () => void }) {
  const errors = ref<FieldErrors>({});
  const saving = ref(false);
  const form = ref<HTMLFormElement | null>(null);
  /** Once a send was refused, the field errors follow what is typed: a field put right loses its message at once. */
  let refused = false;

  async function submit() {
    const result = options.build();
    if (!result.ok) {
      refused = true;
      errors.value = result.errors;
      await nextTick();
      form.value?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    errors.value = {};
    saving.value = true;
    try {
      await options.save(result.body);
      options.done();
    } catch (failure) {
      // A write to several pages that went partly says itself what was queued and what was not.
      const words = failure instanceof Error ? failure.message : String(failure);
      errors.value = { form: failure instanceof PartialPostError ? words : `Not queued: ${words}` };
    } finally {
      saving.value = false;
    }
  }

  /** After each change to the form (bound to its input and change events): the errors as the fields are now. */
  async function recheck() {
    if (!refused) return;
    await nextTick();
    const result = options.build();
    errors.value = result.ok ? {} : result.errors;
  }

  /** Ctrl+Enter sends from anywhere, the multi-line fields included; Enter in a language box never sends. */
  function onKeydown(event: KeyboardEvent) {
    if (event.key !== 'Enter') return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      void submit();
    } else if ((event.target as HTMLElement | null)?.getAttribute('role') === 'combobox') event.preventDefault();
  }

  return { form, errors, saving, submit, recheck, onKeydown };
}
