import { ref, watch } from 'vue';

/** A form's field errors, each cleared as soon as the user changes that field (a fixed field stops saying it is wrong). */
export function useFormErrors<T extends Record<string, unknown>>(form: T) {
  const errors = ref<Record<string, string>>({});
  watch(
    () => ({ ...form }),
    (now, before) => {
      for (const key of Object.keys(now)) if (!Object.is(now[key], before[key])) delete errors.value[key];
    },
  );
  return errors;
}
