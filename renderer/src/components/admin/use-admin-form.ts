import type { z } from 'zod';
import { fieldErrors } from '@/lib/field-errors';
import { useFormErrors } from './field-errors';

type Parsed<T> = { success: true; data: T } | { success: false; error: z.ZodError };

/**
 * The submit every administration form shares, so they check the same way: parse the fields with the form's
 * schema; on failure show the first message per field (each cleared once the user edits that field), else
 * hand the parsed body to `save`.
 */
export function useAdminForm<T extends Record<string, unknown>, Out>(form: T, parse: () => Parsed<Out>, save: (body: Out) => void) {
  const errors = useFormErrors(form);
  function submit() {
    const parsed = parse();
    errors.value = parsed.success ? {} : fieldErrors(parsed.error);
    if (parsed.success) save(parsed.data);
  }
  return { errors, submit };
}
