import { computed, reactive, ref } from 'vue';
import type { ZodType } from 'zod';
import { useAttempt } from './use-attempt';

export interface AddressSetting {
  label: string;
  testid: string;
  hint?: string;
  inputId: string;
  inputLabel: string;
  placeholder: string;
  changeLabel?: string;
  current: () => string | undefined;
  schema: ZodType<string>;
  /** What to say when the schema gives no message of its own. */
  invalid: string;
  save: (value: string) => Promise<unknown>;
}

/** One address setting's row: its value, and a draft checked by the setting's schema before it is saved. */
export function useAddressSetting(setting: AddressSetting) {
  const editing = ref(false);
  const draft = ref('');
  const { failure: error, attempt } = useAttempt();
  function edit() {
    draft.value = setting.current() ?? '';
    error.value = null;
    editing.value = true;
  }
  async function submit() {
    const parsed = setting.schema.safeParse(draft.value);
    if (!parsed.success) {
      error.value = parsed.error.issues[0]?.message ?? setting.invalid;
      return;
    }
    if (await attempt(() => setting.save(parsed.data))) editing.value = false;
  }
  return reactive({ ...setting, value: computed(setting.current), editing, draft, error, edit, submit });
}
