import { incidentUpdateInputSchema, incidentUpdatePatchSchema } from '@shared/statuspal/schemas/incident';
import { infoNoticeUpdateInputSchema, infoNoticeUpdatePatchSchema } from '@shared/statuspal/schemas/info-notice';
import { checkWithSchema, fail, MAX_DESCRIPTION, type BuildResult, type FieldErrors } from './form-result';
import { CUSTOM_TYPE_PATTERN } from '@/lib/incident-types';
import { draftFrom, sameDraft, wireTranslations, type TranslationDraft } from './translation-draft';

/** An incident update (with a type) or an information notice update (without one). */
interface UpdateFormValues {
  type: string;
  description: string;
  notify: boolean;
  translations: TranslationDraft;
}

export function updateValuesOf(update: Record<string, unknown> | null, defaults: { type?: string } = {}): UpdateFormValues {
  const translations = update?.translations;
  return {
    type: typeof update?.type === 'string' ? update.type : (defaults.type ?? 'update'),
    description: typeof update?.description === 'string' ? update.description : '',
    notify: typeof update?.notify === 'boolean' ? update.notify : true,
    translations: draftFrom(translations as Parameters<typeof draftFrom>[0], ['description']),
  };
}

function check(values: UpdateFormValues, withType: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const description = values.description.trim();
  if (description === '') errors.description = 'Write the update: what changed, and what happens next.';
  else if (description.length > MAX_DESCRIPTION) errors.description = `Keep the update under ${MAX_DESCRIPTION} characters.`;
  if (withType) {
    const type = values.type.trim();
    if (type === '') errors.type = 'Choose the type of the update.';
    else if (!CUSTOM_TYPE_PATTERN.test(type)) errors.type = 'An update type has only letters, digits, "-" and "_".';
  }
  return errors;
}

/** `{update: …}` of "add update"; `withType` for incidents (notice updates have no type). */
export function buildUpdateBody(values: UpdateFormValues, options: { withType: boolean }): BuildResult {
  const errors = check(values, options.withType);
  if (Object.keys(errors).length > 0) return fail(errors);
  const translations = wireTranslations(values.translations, 'description');
  const body: Record<string, unknown> = {
    ...(options.withType ? { type: values.type.trim() } : {}),
    description: values.description.trim(),
    notify: values.notify,
    ...(translations ? { translations } : {}),
  };
  return checkWithSchema(options.withType ? incidentUpdateInputSchema : infoNoticeUpdateInputSchema, body);
}

/** `{update: …}` of "change update": only what changed. */
export function buildUpdatePatch(values: UpdateFormValues, original: UpdateFormValues, options: { withType: boolean }): BuildResult {
  const errors = check(values, options.withType);
  if (Object.keys(errors).length > 0) return fail(errors);
  const body: Record<string, unknown> = {};
  if (options.withType && values.type.trim() !== original.type) body.type = values.type.trim();
  if (values.description.trim() !== original.description.trim()) body.description = values.description.trim();
  if (!sameDraft(values.translations, original.translations, 'description')) body.translations = wireTranslations(values.translations, 'description') ?? {};
  if (Object.keys(body).length === 0) return fail({ form: 'Nothing changed: edit the text, or close the editor.' });
  return checkWithSchema(options.withType ? incidentUpdatePatchSchema : infoNoticeUpdatePatchSchema, body);
}
