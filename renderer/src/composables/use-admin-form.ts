import { toValue, type MaybeRefOrGetter } from 'vue';
import type { z } from 'zod';
import { fieldErrors } from '@/lib/field-errors';
import { useFormErrors } from '@/components/admin/field-errors';

/** A text field's starting value: the item's string, or empty (a missing or non-text value). */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The submit every administration form shares, so they check the same way: parse the fields (or the
 * `candidate` built from them, when only some count) with the form's schema; on failure show the first
 * message per field (each cleared once the user edits that field), else hand the parsed body to `save`.
 */
export function useAdminForm<T extends Record<string, unknown>, Out>(
  form: T,
  schema: MaybeRefOrGetter<z.ZodType<Out>>,
  save: (body: Out) => void,
  candidate: () => unknown = () => form,
) {
  const errors = useFormErrors(form);
  function submit() {
    const parsed = toValue(schema).safeParse(candidate());
    errors.value = parsed.success ? {} : fieldErrors(parsed.error);
    if (parsed.success) save(parsed.data);
  }
  return { errors, submit };
}
