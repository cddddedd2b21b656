import { ref, watch } from 'vue';
import type { z } from 'zod';

/** The first message per field of a failed parse, keyed by the field's top-level name (`form` for the whole). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

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
