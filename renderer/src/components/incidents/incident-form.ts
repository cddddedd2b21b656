import { incidentInputSchema, incidentPatchSchema } from '@shared/statuspal/schemas/incident';
import { apiToLocalInput, localInputToApi } from '@/lib/api-time';
import { checkWithSchema, fail, MAX_DESCRIPTION, MAX_TITLE, sameIds, type BuildResult, type FieldErrors } from './form-result';
import { CUSTOM_TYPE_PATTERN } from '@/lib/incident-types';
import { draftFrom, sameDraft, wireTranslations, type TranslationDraft } from './translation-draft';

/** The incident editor's fields. Times are datetime-local values (local wall time). */
interface IncidentFormValues {
  title: string;
  type: string;
  serviceIds: number[];
  /** The first update (create only). */
  updateType: string;
  description: string;
  notify: boolean;
  /** Maintenance window (scheduled types only). */
  startsAt: string;
  endsAt: string;
  /** title (incident) and description (first update) per language. */
  translations: TranslationDraft;
}

/** What an incident (or a queued create's body) looks like to the editor. */
export interface IncidentLike {
  title?: unknown;
  type?: unknown;
  service_ids?: unknown;
  starts_at?: unknown;
  ends_at?: unknown;
  translations?: unknown;
  updates?: unknown;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const ids = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);
const record = (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** Prefills the form: empty for a new incident, from the item when editing or fixing a queued create. */
export function incidentValuesOf(item: IncidentLike | null, defaults: { type?: string } = {}): IncidentFormValues {
  const first = Array.isArray(item?.updates) ? record(item.updates[0]) : {};
  const type = item ? str(item.type) : (defaults.type ?? 'minor');
  const translations = draftFrom(record(item?.translations) as Parameters<typeof draftFrom>[0], ['title']);
  for (const [lang, values] of Object.entries(draftFrom(record(first.translations) as Parameters<typeof draftFrom>[0], ['description']))) {
    translations[lang] = { ...translations[lang], ...values };
  }
  return {
    title: str(item?.title),
    type,
    serviceIds: ids(item?.service_ids),
    updateType: str(first.type) || (type === 'scheduled' ? 'scheduled' : 'issue'),
    description: str(first.description),
    notify: typeof first.notify === 'boolean' ? first.notify : true,
    startsAt: apiToLocalInput(str(item?.starts_at) || null),
    endsAt: apiToLocalInput(str(item?.ends_at) || null),
    translations,
  };
}

function checkCommon(values: IncidentFormValues, maintenance: boolean, errors: FieldErrors): { startsAt?: string; endsAt?: string | null } {
  const title = values.title.trim();
  if (title === '') errors.title = 'Enter a title: it is the first thing readers see.';
  else if (title.length > MAX_TITLE) errors.title = `Keep the title under ${MAX_TITLE} characters (it has ${title.length}).`;
  const type = values.type.trim();
  if (type === '') errors.type = 'Choose the type, or enter the key of a custom type.';
  else if (!CUSTOM_TYPE_PATTERN.test(type)) errors.type = 'A type key has only letters, digits, "-" and "_" (for example emergency-maintenance).';
  if (!maintenance) return {};
  const startsAt = localInputToApi(values.startsAt);
  const endsAt = values.endsAt === '' ? null : localInputToApi(values.endsAt);
  if (startsAt === null) errors.startsAt = 'Choose when the maintenance starts.';
  if (values.endsAt !== '' && endsAt === null) errors.endsAt = 'That end time is not a valid date and time.';
  else if (startsAt !== null && endsAt !== null && endsAt <= startsAt) errors.endsAt = 'The end must be after the start.';
  return { ...(startsAt ? { startsAt } : {}), endsAt };
}

/** `{incident: …}` of "create incident", with the first update. */
export function buildIncidentCreate(values: IncidentFormValues, options: { maintenance: boolean }): BuildResult {
  const errors: FieldErrors = {};
  const times = checkCommon(values, options.maintenance, errors);
  const description = values.description.trim();
  if (description === '') errors.description = 'Write the first update: subscribers see it with the title.';
  else if (description.length > MAX_DESCRIPTION) errors.description = `Keep the update under ${MAX_DESCRIPTION} characters.`;
  if (values.updateType.trim() === '') errors.updateType = 'Choose the type of the first update.';
  if (Object.keys(errors).length > 0) return fail(errors);
  const titleTranslations = wireTranslations(values.translations, 'title');
  const descriptionTranslations = wireTranslations(values.translations, 'description');
  const body: Record<string, unknown> = {
    type: values.type.trim(),
    title: values.title.trim(),
    service_ids: [...values.serviceIds],
    updates: [
      {
        type: values.updateType.trim(),
        description,
        notify: values.notify,
        ...(descriptionTranslations ? { translations: descriptionTranslations } : {}),
      },
    ],
    ...(options.maintenance && times.startsAt ? { starts_at: times.startsAt, ...(times.endsAt ? { ends_at: times.endsAt } : {}) } : {}),
    ...(titleTranslations ? { translations: titleTranslations } : {}),
  };
  return checkWithSchema(incidentInputSchema, body);
}

/** `{incident: …}` of "update incident": only what changed since `original`, so an edit touches no more than it says. */
export function buildIncidentPatch(values: IncidentFormValues, original: IncidentFormValues, options: { maintenance: boolean }): BuildResult {
  const errors: FieldErrors = {};
  const times = checkCommon(values, options.maintenance, errors);
  if (Object.keys(errors).length > 0) return fail(errors);
  const body: Record<string, unknown> = {};
  if (values.title.trim() !== original.title.trim()) body.title = values.title.trim();
  if (values.type.trim() !== original.type) body.type = values.type.trim();
  if (!sameIds(values.serviceIds, original.serviceIds)) body.service_ids = [...values.serviceIds];
  if (options.maintenance) {
    if (times.startsAt && values.startsAt !== original.startsAt) body.starts_at = times.startsAt;
    if (values.endsAt !== original.endsAt) body.ends_at = times.endsAt ?? null;
  }
  if (!sameDraft(values.translations, original.translations, 'title')) body.translations = wireTranslations(values.translations, 'title') ?? {};
  if (Object.keys(body).length === 0) return fail({ form: 'Nothing changed: edit a field, or close the editor.' });
  return checkWithSchema(incidentPatchSchema, body);
}
