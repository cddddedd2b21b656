import { infoNoticeInputSchema, infoNoticePatchSchema } from '@shared/statuspal/schemas/info-notice';
import { apiToLocalInput, localInputToApi } from '@/lib/api-time';
import { checkWithSchema, fail, MAX_DESCRIPTION, MAX_TITLE, sameIds, type BuildResult, type FieldErrors } from './form-result';
import { draftFrom, sameDraft, wireTranslations, type TranslationDraft } from './translation-draft';

/** The information notice editor's fields; featured times are datetime-local values. */
interface NoticeFormValues {
  title: string;
  serviceIds: number[];
  /** The first update (create only). */
  description: string;
  notify: boolean;
  featuredFrom: string;
  featuredUntil: string;
  translations: TranslationDraft;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

export function noticeValuesOf(item: Record<string, unknown> | null): NoticeFormValues {
  const first = Array.isArray(item?.updates) ? record(item.updates[0]) : {};
  const translations = draftFrom(record(item?.translations) as Parameters<typeof draftFrom>[0], ['title']);
  for (const [lang, values] of Object.entries(draftFrom(record(first.translations) as Parameters<typeof draftFrom>[0], ['description']))) {
    translations[lang] = { ...translations[lang], ...values };
  }
  return {
    title: str(item?.title),
    serviceIds: Array.isArray(item?.service_ids) ? item.service_ids.filter((v): v is number => typeof v === 'number') : [],
    description: str(first.description),
    notify: typeof first.notify === 'boolean' ? first.notify : false,
    featuredFrom: apiToLocalInput(str(item?.featured_from) || null),
    featuredUntil: apiToLocalInput(str(item?.featured_until) || null),
    translations,
  };
}

function check(values: NoticeFormValues, errors: FieldErrors): { from: string | null; until: string | null } {
  const title = values.title.trim();
  if (title === '') errors.title = 'Enter a title for the notice.';
  else if (title.length > MAX_TITLE) errors.title = `Keep the title under ${MAX_TITLE} characters (it has ${title.length}).`;
  const from = values.featuredFrom === '' ? null : localInputToApi(values.featuredFrom);
  const until = values.featuredUntil === '' ? null : localInputToApi(values.featuredUntil);
  if (values.featuredFrom !== '' && from === null) errors.featuredFrom = 'That is not a valid date and time.';
  if (values.featuredUntil !== '' && until === null) errors.featuredUntil = 'That is not a valid date and time.';
  else if (from !== null && until !== null && until <= from) errors.featuredUntil = 'The end of the featured period must be after its start.';
  return { from, until };
}

/** `{info_notice: …}` of "create information notice", with its first update. */
export function buildNoticeCreate(values: NoticeFormValues): BuildResult {
  const errors: FieldErrors = {};
  const { from, until } = check(values, errors);
  const description = values.description.trim();
  if (description === '') errors.description = 'Write the notice text readers will see.';
  else if (description.length > MAX_DESCRIPTION) errors.description = `Keep the text under ${MAX_DESCRIPTION} characters.`;
  if (Object.keys(errors).length > 0) return fail(errors);
  const titleTranslations = wireTranslations(values.translations, 'title');
  const descriptionTranslations = wireTranslations(values.translations, 'description');
  const body: Record<string, unknown> = {
    title: values.title.trim(),
    service_ids: [...values.serviceIds],
    updates: [{ description, notify: values.notify, ...(descriptionTranslations ? { translations: descriptionTranslations } : {}) }],
    ...(from ? { featured_from: from } : {}),
    ...(until ? { featured_until: until } : {}),
    ...(titleTranslations ? { translations: titleTranslations } : {}),
  };
  return checkWithSchema(infoNoticeInputSchema, body);
}

/** `{info_notice: …}` of "update information notice": only what changed. */
export function buildNoticePatch(values: NoticeFormValues, original: NoticeFormValues): BuildResult {
  const errors: FieldErrors = {};
  const { from, until } = check(values, errors);
  if (Object.keys(errors).length > 0) return fail(errors);
  const body: Record<string, unknown> = {};
  if (values.title.trim() !== original.title.trim()) body.title = values.title.trim();
  if (!sameIds(values.serviceIds, original.serviceIds)) body.service_ids = [...values.serviceIds];
  if (values.featuredFrom !== original.featuredFrom && from) body.featured_from = from;
  if (values.featuredUntil !== original.featuredUntil) body.featured_until = until;
  if (!sameDraft(values.translations, original.translations, 'title')) body.translations = wireTranslations(values.translations, 'title') ?? {};
  if (Object.keys(body).length === 0) return fail({ form: 'Nothing changed: edit a field, or close the editor.' });
  return checkWithSchema(infoNoticePatchSchema, body);
}
