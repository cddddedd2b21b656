/** Translations being reviewed in an editor: language → field (`title`, `description`) → text. */
export type TranslationDraft = Record<string, Record<string, string>>;

type WireTranslations = Record<string, { title?: string | null; description?: string | null } & Record<string, unknown>> | null | undefined;

/** The draft of what an item already has, for the fields this editor edits. */
export function draftFrom(translations: WireTranslations, fields: readonly string[]): TranslationDraft {
  const draft: TranslationDraft = {};
  for (const [lang, values] of Object.entries(translations ?? {})) {
    const entry: Record<string, string> = {};
    for (const field of fields) {
      const text = values?.[field];
      if (typeof text === 'string' && text !== '') entry[field] = text;
    }
    if (Object.keys(entry).length > 0) draft[lang] = entry;
  }
  return draft;
}

/**
 * The wire form of one field's translations (`{de: {title: "…"}}`), blank ones left out; undefined when
 * nothing is translated, so the body carries no empty `translations`.
 */
export function wireTranslations(draft: TranslationDraft, field: string): Record<string, Record<string, string>> | undefined {
  const out: Record<string, Record<string, string>> = {};
  for (const [lang, values] of Object.entries(draft)) {
    const text = values[field]?.trim();
    if (text) out[lang] = { [field]: text };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Two drafts say the same (an edit that did not touch the translations sends none). */
export function sameDraft(a: TranslationDraft, b: TranslationDraft, field: string): boolean {
  const canonical = (draft: TranslationDraft) => JSON.stringify(Object.entries(wireTranslations(draft, field) ?? {}).sort(([x], [y]) => x.localeCompare(y)));
  return canonical(a) === canonical(b);
}

/** One field an editor offers for translation. */
export interface TranslatableField {
  key: string;
  /** "title", "update": used in labels such as "German title". */
  label: string;
  text: string;
  multiline?: boolean;
}

/** What an incident or notice editor translates: the title, and on create the first update's message. */
export function titleAndMessageFields(mode: string, values: { title: string; description: string }): TranslatableField[] {
  const title = { key: 'title', label: 'title', text: values.title };
  return mode === 'create' ? [title, { key: 'description', label: 'update', text: values.description, multiline: true }] : [title];
}

/** The languages that have some text: an added language left empty is not a translation. */
export function languagesWithText(draft: TranslationDraft): string[] {
  return Object.entries(draft)
    .filter(([, values]) => Object.values(values).some((text) => text.trim() !== ''))
    .map(([lang]) => lang);
}

/** The draft without empty languages, for comparing what was typed (a preselected language is not typing). */
function draftWithText(draft: TranslationDraft): TranslationDraft {
  return Object.fromEntries(languagesWithText(draft).map((lang) => [lang, draft[lang]!]));
}

/** What was typed, as one string to compare with the text the editor opened with: languages added without text are not typing. */
export function typedText<Values extends { translations: TranslationDraft }>(values: Values): string {
  return JSON.stringify({ ...values, translations: draftWithText(values.translations) });
}
